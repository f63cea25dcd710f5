/**
 * The department's numbers (DEPT-1..DEPT-17): four read-only routes for its clinicians and
 * admins (access.ts), answered over days of the department's time zone.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import {
  criticalCommunicationStats,
  followUpStats,
  turnaroundStats,
  volumeStats,
  type StatsContext,
} from '../usecases/stats'
import { route } from './route'

export type StatsRouteDeps = StatsContext

export const statsRoutes: FastifyPluginCallbackZod<StatsRouteDeps> = (app, deps, done) => {
  route(app, 'turnaroundStats', {}, (request) => turnaroundStats(deps, request.query))
  route(app, 'volumeStats', {}, (request) => volumeStats(deps, request.query))
  route(app, 'criticalCommunicationStats', {}, (request) =>
    criticalCommunicationStats(deps, request.query),
  )
  route(app, 'followUpStats', {}, (request) => followUpStats(deps, request.query))
  done()
}
