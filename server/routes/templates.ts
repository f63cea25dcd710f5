/**
 * Normal templates for a study (issue 18): validation against the contract, then one lookup in
 * the library (../templates).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { errorSchema, routes } from '../../contract'
import { findTemplates } from '../templates'

const errors = { 400: errorSchema, 401: errorSchema, 503: errorSchema }

export const templateRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    routes.listTemplates.path,
    {
      schema: {
        querystring: routes.listTemplates.query,
        response: { 200: routes.listTemplates.answer, ...errors },
      },
    },
    (request) => findTemplates(request.query),
  )

  done()
}
