/**
 * The FHIR server's resources from the rows its searches find (INT-83..INT-86): Patient (the MRN
 * with its assigning authority, no birthDate when it is unknown), ServiceRequest (the order),
 * ImagingStudy (an order whose Study Instance UID is known) and DiagnosticReport (a signed
 * report, or a preliminary one with HL7_SEND_PRELIMINARY, RV-10, referring to the other three by their ids, which are the patient's and the order's).
 */
import type { DiagnosticReport, ImagingStudy, Patient, ServiceRequest } from '@medplum/fhirtypes'
import { CANCELLED_STATUS } from '../../../contract'
import type { FhirPatientRow, FhirStudyRow, RequestStatus } from '../../domain/fhirSearch'
import type { SignedStudy } from '../../domain/studies'
import {
  accessionIdentifier,
  mrnIdentifier,
  studyCode,
  studyUidIdentifier,
  V2_0203,
  type Procedure,
} from './codes'
import { diagnosticReport } from './diagnosticReport'

export type FhirResource = Patient | ServiceRequest | ImagingStudy | DiagnosticReport

export function patientResource(row: FhirPatientRow): Patient {
  return {
    resourceType: 'Patient',
    id: row.id,
    identifier: [mrnIdentifier(row.mrn, row.mrnAuthority)],
    name: [{ family: row.lastName, given: [row.firstName] }],
    gender: row.sex,
    ...(row.dateOfBirth !== null && { birthDate: row.dateOfBirth }),
  }
}

export const procedureOf = (row: FhirStudyRow): Procedure => ({
  code: row.procedureCode,
  codingSystem: row.procedureCodingSystem,
})

const subjectOf = ({ order }: FhirStudyRow) => ({
  reference: `Patient/${order.patient_id}`,
  display: `${order.patient.last_name}, ${order.patient.first_name}`,
})

export function requestStatus({ order }: FhirStudyRow): RequestStatus {
  if (order.status === CANCELLED_STATUS) return 'revoked'
  return order.report?.is_final ? 'completed' : 'active'
}

export function serviceRequest(row: FhirStudyRow): ServiceRequest {
  const { order } = row
  const identifier = [accessionIdentifier(order.accession_number)]
  if (row.placerOrderNumber)
    identifier.push({
      type: { coding: [{ system: V2_0203, code: 'PLAC', display: 'Placer Identifier' }] },
      value: row.placerOrderNumber,
    })
  if (row.fillerOrderNumber)
    identifier.push({
      type: { coding: [{ system: V2_0203, code: 'FILL', display: 'Filler Identifier' }] },
      value: row.fillerOrderNumber,
    })
  return {
    resourceType: 'ServiceRequest',
    id: order.id,
    identifier,
    status: requestStatus(row),
    intent: 'order',
    category: [
      {
        coding: [{ system: 'http://snomed.info/sct', code: '363679005', display: 'Imaging' }],
      },
    ],
    priority: order.priority,
    code: studyCode(order, procedureOf(row)),
    subject: subjectOf(row),
    authoredOn: order.ordered_at,
    ...(order.indication.trim() !== '' ? { reasonCode: [{ text: order.indication }] } : {}),
  }
}

export function imagingStudy(row: FhirStudyRow): ImagingStudy | null {
  const { order } = row
  const uid = order.study_instance_uid
  if (!uid) return null
  return {
    resourceType: 'ImagingStudy',
    id: order.id,
    identifier: [studyUidIdentifier(uid), accessionIdentifier(order.accession_number)],
    status: order.status === CANCELLED_STATUS ? 'cancelled' : 'available',
    modality: [{ system: 'http://dicom.nema.org/resources/ontology/DCM', code: order.modality }],
    subject: subjectOf(row),
    basedOn: [{ reference: `ServiceRequest/${order.id}` }],
    ...(order.study_description.trim() !== '' ? { description: order.study_description } : {}),
  }
}

/** The row as a signed study, or null while its report is not signed. */
export function signedStudy({ order, patient }: FhirStudyRow): SignedStudy | null {
  return order.report?.is_final
    ? { order: { ...order, report: order.report }, mrn: patient.mrn }
    : null
}

/**
 * The row's report as it went out: signed, or (with HL7_SEND_PRELIMINARY, `preliminary`) a
 * trainee's preliminary read awaiting review or returned, with the sections they sent, not
 * whatever was edited since (RV-10). Null when neither.
 */
export function reportedStudy(row: FhirStudyRow, preliminary: boolean): SignedStudy | null {
  const signed = signedStudy(row)
  const { report } = row.order
  const state = report?.preliminary?.state
  if (signed || !preliminary || !report?.preliminary) return signed
  if (state !== 'awaiting_review' && state !== 'returned') return null
  return {
    order: { ...row.order, report: { ...report, sections: report.preliminary.sections } },
    mrn: row.patient.mrn,
  }
}

export function reportResource(
  row: FhirStudyRow,
  options: { preliminary: boolean },
): DiagnosticReport | null {
  const study = reportedStudy(row, options.preliminary)
  if (!study) return null
  const { order } = row
  const uid = order.study_instance_uid
  return diagnosticReport(study, {
    procedure: procedureOf(row),
    patientReference: `Patient/${order.patient_id}`,
    basedOn: [{ reference: `ServiceRequest/${order.id}` }],
    ...(uid
      ? {
          imagingStudy: [
            { reference: `ImagingStudy/${order.id}`, identifier: studyUidIdentifier(uid) },
          ],
        }
      : {}),
    lastUpdated: row.reportUpdatedAt,
  })
}
