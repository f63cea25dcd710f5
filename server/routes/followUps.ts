/**
 * The department's follow-ups (FU-13..FU-17): GET /follow-ups and PATCH /follow-ups/{id}. A thin
 * route: the contract validates, the use case (../usecases/followUps.ts) reads and writes; the
 * route table lets clinicians through (access.ts).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { listFollowUps, resolveFollowUp, type FollowUpsContext } from '../usecases/followUps'
import { route } from './route'

export type FollowUpRouteDeps = FollowUpsContext

export const followUpRoutes: FastifyPluginCallbackZod<FollowUpRouteDeps> = (app, deps, done) => {
  route(app, 'listFollowUps', {}, (request) => listFollowUps(deps, request.query))

  route(app, 'resolveFollowUp', {}, (request) =>
    resolveFollowUp(deps, request.params.id, request.body, request.actor),
  )
  done()
}
