/**
 * The pre-sign checks (issue 18): POST /orders/{id}/report/check answers the issues of the
 * sections sent (the editor's current text, saved or not) or of the saved report. A thin route:
 * validation, the order read by the repository, then the check engine (../qa), which is pure.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { errorSchema, routes } from '../../contract'
import type { Database } from '../db/client'
import { checkOrderReport } from '../qa'
import { getOrder } from '../repo/studies'

export interface QaRouteDeps {
  db: Database
}

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 503: errorSchema }

export const qaRoutes: FastifyPluginCallbackZod<QaRouteDeps> = (app, { db }, done) => {
  app.post(
    routes.checkReport.path,
    {
      schema: {
        params: routes.checkReport.params,
        // No body: the saved report is checked.
        body: routes.checkReport.body.nullish(),
        response: { 200: routes.checkReport.answer, ...errors },
      },
    },
    async (request) =>
      checkOrderReport(await getOrder(db, request.params.id), request.body?.sections),
  )
  done()
}
