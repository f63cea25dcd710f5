/**
 * FHIR R4 for systems that read signed reports (issue 17): GET /orders/{id}/report/fhir answers
 * the order's final report as a DiagnosticReport (application/fhir+json), 409 while the report
 * is not final (or there is none), 404 for no such order. Authenticated as every /api/v1 route.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { routes } from '../../contract'
import type { Database } from '../db/client'
import { diagnosticReport, FHIR_JSON } from '../integration/fhirReport'
import { getSignedStudy } from '../repo/signedReport'

export const FHIR_REPORT_PATH = '/orders/:id/report/fhir'

export const fhirRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get(
    FHIR_REPORT_PATH,
    { schema: { params: routes.getOrder.params } },
    async (request, reply) => {
      const study = await getSignedStudy(db, request.params.id)
      return reply.type(FHIR_JSON).send(JSON.stringify(diagnosticReport(study)))
    },
  )
  done()
}
