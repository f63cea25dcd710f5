/**
 * Each clinician's own macros: validation against the contract, then one use case
 * (../usecases/macros.ts), always scoped to the caller.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type { Database } from '../db/client'
import { createMacro, deleteMacro, listMacros, updateMacro } from '../usecases/macros'
import { route } from './route'

export interface MacroRouteDeps {
  db: Database
  now: () => Date
}

export const macroRoutes: FastifyPluginCallbackZod<MacroRouteDeps> = (app, deps, done) => {
  route(app, 'listMacros', {}, (request) => listMacros(deps, request.userId))

  route(app, 'createMacro', { status: 201 }, (request) =>
    createMacro(deps, request.userId, request.body),
  )

  route(app, 'updateMacro', {}, (request) =>
    updateMacro(deps, request.userId, request.params.id, request.body),
  )

  route(app, 'deleteMacro', {}, (request) => deleteMacro(deps, request.userId, request.params.id))
  done()
}
