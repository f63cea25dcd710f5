/**
 * Claims and 'Next study' (issue 16): who reads which study. Thin routes: validation, then one
 * repository call (../repo/claims).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { claimConflictSchema, errorSchema, routes } from '../../contract'
import type { Database } from '../db/client'
import type { OrderLinks } from '../integration/viewerLinks'
import * as claims from '../repo/claims'

export interface ClaimRouteDeps {
  db: Database
  now: () => Date
  /** CLAIM_LEASE_SECONDS, in milliseconds. */
  leaseMs: number
  /** Adds the order's `viewer_url` (issue 17). */
  links: OrderLinks
}

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 503: errorSchema }

export const claimRoutes: FastifyPluginCallbackZod<ClaimRouteDeps> = (
  app,
  { db, now, leaseMs, links },
  done,
) => {
  const clock = { now, leaseMs }

  app.post(
    routes.claimOrder.path,
    {
      schema: {
        params: routes.claimOrder.params,
        // A claim without a body is a plain claim (or renewal).
        body: routes.claimOrder.body.nullish(),
        response: { 200: routes.claimOrder.answer, 409: claimConflictSchema, ...errors },
      },
    },
    (request) =>
      claims.claimOrder(db, request.params.id, request.actor, clock, {
        takeOver: request.body?.take_over === true,
      }),
  )

  app.delete(
    routes.releaseClaim.path,
    { schema: { params: routes.releaseClaim.params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await claims.releaseClaim(db, request.params.id, request.actor)
      return reply.status(204).send(null)
    },
  )

  app.post(
    routes.nextStudy.path,
    { schema: { response: { 200: routes.nextStudy.answer, 204: z.null(), ...errors } } },
    async (request, reply) => {
      const order = await claims.claimNextStudy(db, request.actor, clock)
      return order ? links(order) : reply.status(204).send(null)
    },
  )
  done()
}
