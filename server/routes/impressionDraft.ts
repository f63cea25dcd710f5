/**
 * POST /orders/{id}/report/impression-draft (issue 18): an impression drafted from the Findings of
 * the sections sent, answered and never written. A thin route: validation, then the service
 * (../assistant/impressionService.ts). A model call takes seconds, so drafts pass a gate of their
 * own (SEC-9's kind): a few at once, a few waiting, the rest 503 with Retry-After.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { errorSchema, routes } from '../../contract'
import { draftOrderImpression } from '../assistant/impressionService'
import type { Assistant } from '../assistant/types'
import type { Database } from '../db/client'
import { heavyRoute, type HeavyGate } from '../http/heavyGate'

export interface ImpressionDraftRouteDeps {
  db: Database
  assistant: Assistant
  gate: HeavyGate
}

const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  502: errorSchema,
  503: errorSchema,
}

export const impressionDraftRoutes: FastifyPluginCallbackZod<ImpressionDraftRouteDeps> = (
  app,
  { db, assistant, gate },
  done,
) => {
  app.post(
    routes.draftImpression.path,
    {
      preHandler: heavyRoute(gate),
      schema: {
        params: routes.draftImpression.params,
        body: routes.draftImpression.body,
        response: { 200: routes.draftImpression.answer, ...errors },
      },
    },
    async (request) =>
      draftOrderImpression(
        { db, assistant, log: request.log },
        request.params.id,
        request.body.sections,
      ),
  )
  done()
}
