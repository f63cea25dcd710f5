/**
 * The FHIR edge, for systems that read signed reports: GET /orders/{id}/report/fhir answers the
 * order's final report as a DiagnosticReport (application/fhir+json, INT-30, INT-31), 409 while
 * the report is not final or there is none (INT-32), 404 for no such order. Authenticated as every
 * /api/v1 route; the signed report comes from its use case, like every route's data.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { routes } from '../../contract'
import type { Database } from '../db/client'
import { readSignedReport } from '../usecases/signedReport'
import { diagnosticReport, FHIR_JSON } from './fhirReport'

export const FHIR_REPORT_PATH = '/orders/:id/report/fhir'

export const fhirRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get(
    FHIR_REPORT_PATH,
    { schema: { params: routes.getOrder.params } },
    async (request, reply) => {
      const study = await readSignedReport(db, request.params.id)
      return reply.type(FHIR_JSON).send(JSON.stringify(diagnosticReport(study)))
    },
  )
  done()
}
