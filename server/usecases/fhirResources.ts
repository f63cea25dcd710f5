/**
 * The FHIR server's reads (INT-76..INT-87): orders with their patients (ServiceRequest, their
 * signed reports as DiagnosticReport, their studies as ImagingStudy) and patients, found by a
 * search's criteria a page at a time. The FHIR edge (server/integration/fhir) turns the search
 * parameters into criteria and the rows into resources.
 */
import type { Queryable } from '../db/client'
import { Conflict, NotFound } from '../domain/errors'
import type {
  FhirPatientRow,
  FhirStudyRow,
  Page,
  PageRequest,
  PatientCriteria,
  StudyCriteria,
} from '../domain/fhirSearch'
import { findPatients, findStudies } from '../repo/fhirResources'

export function searchStudies(
  db: Queryable,
  criteria: StudyCriteria,
  page: PageRequest,
): Promise<Page<FhirStudyRow>> {
  return findStudies(db, criteria, page)
}

export function searchPatients(
  db: Queryable,
  criteria: PatientCriteria,
  page: PageRequest,
): Promise<Page<FhirPatientRow>> {
  return findPatients(db, criteria, page)
}

/**
 * One order with its signed report, for GET /orders/{id}/report/fhir (INT-30..INT-32). Not found:
 * no such order; a conflict: its report is not signed yet, or it has none (to a reader of signed
 * reports both are "not final yet").
 */
export async function readSignedStudy(db: Queryable, orderId: string): Promise<FhirStudyRow> {
  const {
    rows: [row],
  } = await findStudies(db, { orderIds: [[orderId]] }, { offset: 0, count: 1 })
  if (!row) throw new NotFound('Order')
  if (!row.order.report?.is_final) {
    throw new Conflict('The report is not final: only a signed report is answered as FHIR.')
  }
  return row
}
