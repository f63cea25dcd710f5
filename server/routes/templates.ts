/**
 * Normal templates for a study (TPL-2, TPL-3): validation against the contract, then one lookup in
 * the library (../templates).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { findTemplates } from '../templates'
import { route } from './route'

export const templateRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  route(app, 'listTemplates', {}, (request) => findTemplates(request.query))
  done()
}
