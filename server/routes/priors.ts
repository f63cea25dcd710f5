/**
 * A study's priors (PR-1): the patient's other studies, newest first. Thin: validation, then one
 * use case (../usecases/openStudy.ts).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type { Database } from '../db/client'
import { listStudyPriors } from '../usecases/openStudy'
import { route } from './route'

export const priorRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  route(app, 'listPriors', {}, (request) => listStudyPriors(db, request.params.id))
  done()
}
