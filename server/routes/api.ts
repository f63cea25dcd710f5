/**
 * The /api/v1 routes of the product spec, in four groups (orders, conversation, report, speech).
 * Paths and schemas come from the shared contract's `routes` table, so every request is validated
 * and every answer is checked against the same schemas the SPA uses.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type { ApiDeps } from './apiShared'
import { registerConversationRoutes } from './conversation'
import { registerOrderRoutes } from './orders'
import { registerReportRoutes } from './report'
import { registerSpeechRoutes } from './speech'

export type { ApiDeps } from './apiShared'

export const apiRoutes: FastifyPluginCallbackZod<ApiDeps> = (app, deps, done) => {
  registerOrderRoutes(app, deps)
  registerConversationRoutes(app, deps)
  registerReportRoutes(app, deps)
  registerSpeechRoutes(app, deps)
  done()
}
