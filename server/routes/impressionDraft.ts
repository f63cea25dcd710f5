/**
 * POST /orders/{id}/report/impression-draft: an impression drafted from the Findings of the
 * sections sent, answered and never written (IMP-1). A thin route: validation, then the use case
 * (../usecases/draftImpression.ts). A model call takes seconds, so drafts pass a gate of their own
 * (SEC-9's kind, IMP-9): a few at once, a few waiting, the rest 503 with Retry-After.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type { Assistant } from '../assistant/types'
import type { Database } from '../db/client'
import { heavyRoute, type HeavyGate } from '../http/heavyGate'
import { draftOrderImpression } from '../usecases/draftImpression'
import { route } from './route'

export interface ImpressionDraftRouteDeps {
  db: Database
  assistant: Assistant
  gate: HeavyGate
}

export const impressionDraftRoutes: FastifyPluginCallbackZod<ImpressionDraftRouteDeps> = (
  app,
  { db, assistant, gate },
  done,
) => {
  route(app, 'draftImpression', { preHandler: heavyRoute(gate) }, (request) =>
    draftOrderImpression(
      { db, assistant, log: request.log },
      request.params.id,
      request.body.sections,
    ),
  )
  done()
}
