/** GET /me (RL-6): who the signed-in user is, their roles, and whether Clear All is theirs. */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { whoAmI, type AccountsContext } from '../usecases/accounts'
import { route } from './route'

export type SessionRouteDeps = Pick<AccountsContext, 'db' | 'identity'>

export const sessionRoutes: FastifyPluginCallbackZod<SessionRouteDeps> = (app, deps, done) => {
  route(app, 'whoAmI', {}, (request) => whoAmI(deps, request.actor, request.roles))
  done()
}
