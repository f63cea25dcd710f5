/**
 * Claims and 'Next study': who reads which study. Thin routes: validation, then one use case
 * (../usecases/claimStudy.ts).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { claimConflictSchema } from '../../contract'
import type { Database } from '../db/client'
import type { OrderLinks } from '../domain/studies'
import { claimStudy, releaseStudy, takeNextStudy } from '../usecases/claimStudy'
import { route } from './route'

export interface ClaimRouteDeps {
  db: Database
  now: () => Date
  /** CLAIM_LEASE_SECONDS, in milliseconds. */
  leaseMs: number
  /** Adds the order's `viewer_url` (INT-34). */
  links: OrderLinks
}

export const claimRoutes: FastifyPluginCallbackZod<ClaimRouteDeps> = (app, deps, done) => {
  // A claim without a body is a plain claim (or renewal); a take-over says so (CLM-7).
  route(app, 'claimOrder', { errors: { 409: claimConflictSchema } }, (request) =>
    claimStudy(deps, request.params.id, request.actor, request.body?.take_over === true),
  )

  route(app, 'releaseClaim', {}, (request) => releaseStudy(deps, request.params.id, request.actor))

  route(app, 'nextStudy', { orNoContent: true }, (request) => takeNextStudy(deps, request.actor))
  done()
}
