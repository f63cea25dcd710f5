/**
 * An admin's routes (ADM-1..ADM-7): the accounts, changed one at a time (RL-5), and the audit
 * trail, a page at a time or whole as CSV. The route table lets admins only through (access.ts).
 */
import { Readable } from 'node:stream'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { listUsers, updateUser, type AccountsContext } from '../usecases/accounts'
import { auditExportFileName, exportAuditTrail, listAuditTrail } from '../usecases/auditTrail'
import { route } from './route'

export type AdminRouteDeps = AccountsContext

export const adminRoutes: FastifyPluginCallbackZod<AdminRouteDeps> = (app, deps, done) => {
  route(app, 'listUsers', {}, () => listUsers(deps))

  route(app, 'updateUser', {}, (request) =>
    updateUser(deps, request.actor, request.params.id, request.body),
  )

  route(app, 'listAuditEvents', {}, (request) => listAuditTrail(deps.db, request.query))

  // ADM-7: streamed as it is read, so a long trail is never one string in memory.
  route(app, 'exportAuditEvents', {}, (request, reply) => {
    const lines = Readable.from(exportAuditTrail(deps.db, request.query))
    lines.on('error', (error) => {
      request.log.error({ err: error }, 'audit export failed part way')
    })
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${auditExportFileName(deps.now())}"`)
      .send(lines)
  })
  done()
}
