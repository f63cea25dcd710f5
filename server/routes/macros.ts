/**
 * Each clinician's own macros (issue 18): validation against the contract, then one repository
 * call (../repo/macros), always scoped to the caller.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorSchema, routes } from '../../contract'
import type { Database } from '../db/client'
import * as macros from '../repo/macros'

export interface MacroRouteDeps {
  db: Database
  now: () => Date
}

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 503: errorSchema }

export const macroRoutes: FastifyPluginCallbackZod<MacroRouteDeps> = (app, { db, now }, done) => {
  app.get(
    routes.listMacros.path,
    { schema: { response: { 200: routes.listMacros.answer, ...errors } } },
    (request) => macros.listMacros(db, request.userId),
  )

  app.post(
    routes.createMacro.path,
    {
      schema: {
        body: routes.createMacro.body,
        response: { 201: routes.createMacro.answer, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await macros.createMacro(db, request.userId, request.body, now())),
  )

  app.put(
    routes.updateMacro.path,
    {
      schema: {
        params: routes.updateMacro.params,
        body: routes.updateMacro.body,
        response: { 200: routes.updateMacro.answer, 409: errorSchema, ...errors },
      },
    },
    (request) => macros.updateMacro(db, request.userId, request.params.id, request.body, now()),
  )

  app.delete(
    routes.deleteMacro.path,
    {
      schema: { params: routes.deleteMacro.params, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await macros.deleteMacro(db, request.userId, request.params.id)
      return reply.status(204).send(null)
    },
  )
  done()
}
