/**
 * What a FHIR search asks of the clinical tables, in the domain's words, shared by the FHIR edge
 * (server/integration/fhir, which reads the search parameters) and the repository that answers it
 * (server/repo/fhirResources.ts). Each criterion is a list of groups: every group must match (a
 * repeated parameter, AND), and a group matches when one of its values does (a comma, OR), as FHIR
 * search reads them (INT-80).
 */
import type { Order } from '../../contract'

export type AndOr<T> = T[][]

/**
 * A report's FHIR status: `final`, or `appended` once it has an addendum (INT-31); `preliminary`
 * while a trainee's read awaits review or was returned (HL7_SEND_PRELIMINARY, RV-10).
 */
export type ReportStatus = 'final' | 'appended' | 'preliminary'
/** An order's FHIR request status: `revoked` when cancelled, `completed` once signed, else `active`. */
export type RequestStatus = 'active' | 'completed' | 'revoked'
/** A ServiceRequest's intent: an order, or a follow-up a signed report recommends (FU-23). */
export type RequestIntent = 'order' | 'proposal'

export interface InstantBound {
  op: 'eq' | 'ge' | 'gt' | 'le' | 'lt'
  at: Date
}

export interface StudyCriteria {
  orderIds?: AndOr<string>
  patientIds?: AndOr<string>
  mrns?: AndOr<string>
  accessions?: AndOr<string>
  studyUids?: AndOr<string>
  /** Only orders with a signed report (DiagnosticReport). */
  signed?: boolean
  /** With `signed`: a preliminary read that went out counts too (HL7_SEND_PRELIMINARY, RV-10). */
  preliminary?: boolean
  /** Only orders whose Study Instance UID is known (ImagingStudy). */
  withStudyUid?: boolean
  reportStatuses?: AndOr<ReportStatus>
  requestStatuses?: AndOr<RequestStatus>
  /** ServiceRequest only: orders, follow-up proposals, or both when not asked (FU-23). */
  intents?: AndOr<RequestIntent>
  /** The signed report's last change (meta.lastUpdated), every bound met. */
  reportUpdated?: InstantBound[]
}

export interface PatientCriteria {
  patientIds?: AndOr<string>
  mrns?: AndOr<string>
}

export interface PageRequest {
  offset: number
  count: number
}

export interface Page<T> {
  rows: T[]
  /** How many match in all. */
  total: number
}

/** A patient as FHIR shows one: the contract's fields with the MRN and its assigning authority. */
export interface FhirPatientRow {
  id: string
  mrn: string
  /** PID-3 CX-4 as the RIS sent it ('' when it named none). */
  mrnAuthority: string
  firstName: string
  lastName: string
  dateOfBirth: string | null
  sex: 'female' | 'male' | 'other' | 'unknown'
}

/** An order with what only other systems need of it and its patient. */
export interface FhirStudyRow {
  order: Order
  patient: FhirPatientRow
  placerOrderNumber: string | null
  fillerOrderNumber: string | null
  procedureCode: string | null
  procedureCodingSystem: string | null
  /**
   * When the report last changed (signature, addendum, communication; a preliminary one: sent for
   * review); null for one that is neither signed nor out.
   */
  reportUpdatedAt: string | null
}
