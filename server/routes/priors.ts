/**
 * A study's priors (issue 18): the patient's other studies, newest first. Thin: validation, then
 * one repository call (../repo/priors).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { errorSchema, routes } from '../../contract'
import type { Database } from '../db/client'
import { listPriors } from '../repo/priors'

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 503: errorSchema }

export const priorRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get(
    routes.listPriors.path,
    {
      schema: {
        params: routes.listPriors.params,
        response: { 200: routes.listPriors.answer, ...errors },
      },
    },
    (request) => listPriors(db, request.params.id),
  )
  done()
}
