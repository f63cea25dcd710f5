/**
 * GET /api/v1/orders/{id}/report/fhir, the FHIR server's first form kept as an alias: the order's
 * final report as a DiagnosticReport (application/fhir+json, INT-30, INT-31) that contains its
 * patient, so it stands on its own; 409 while the report is not final or there is none (INT-32),
 * 404 for no such order, both in the API's error shape. Authenticated as every /api/v1 route.
 * GET /fhir/DiagnosticReport/{id} answers the same report with references instead (INT-83).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { routes } from '../../../contract'
import type { Database } from '../../db/client'
import { readSignedStudy } from '../../usecases/fhirResources'
import { diagnosticReport } from './diagnosticReport'
import { FHIR_JSON } from './outcome'
import { procedureOf, signedStudy } from './resources'

export const FHIR_REPORT_PATH = '/orders/:id/report/fhir'

export const fhirReportAlias: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get(
    FHIR_REPORT_PATH,
    { schema: { params: routes.getOrder.params } },
    async (request, reply) => {
      const row = await readSignedStudy(db, request.params.id)
      const study = signedStudy(row)
      if (!study) throw new Error('readSignedStudy answered an unsigned report')
      const report = diagnosticReport(study, {
        procedure: procedureOf(row),
        mrnAuthority: row.patient.mrnAuthority,
      })
      return reply.type(FHIR_JSON).send(JSON.stringify(report))
    },
  )
  done()
}
