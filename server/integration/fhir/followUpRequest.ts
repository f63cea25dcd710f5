/**
 * A tracked follow-up as FHIR R4 shows it (FU-22): a ServiceRequest of intent `proposal` (a
 * recommendation, not yet an order), `active` while open or overdue, `completed`, or `revoked`
 * once declined; its exam as text with Readout's study coding, its window as `occurrencePeriod`,
 * the finding it is for as `reasonCode`, the signed report that recommends it as
 * `supportingInfo`, the signer as `requester`. Its id is the follow-up's behind `followup-`, so it
 * never meets an order's ServiceRequest id.
 */
import type { ServiceRequest } from '@medplum/fhirtypes'
import type { FollowUpRequestRow } from '../../usecases/followUpsFhir'
import { LOCAL_STUDY_SYSTEM } from './codes'

export const FOLLOW_UP_ID_PREFIX = 'followup-'

/** The follow-up id a ServiceRequest id names, or null for an order's. */
export const followUpIdOf = (resourceId: string): string | null =>
  resourceId.startsWith(FOLLOW_UP_ID_PREFIX) ? resourceId.slice(FOLLOW_UP_ID_PREFIX.length) : null

export function followUpRequest(row: FollowUpRequestRow): ServiceRequest {
  const exam = `${row.modality} ${row.bodyPart}`
  return {
    resourceType: 'ServiceRequest',
    id: `${FOLLOW_UP_ID_PREFIX}${row.id}`,
    status: row.status,
    intent: 'proposal',
    category: [
      {
        coding: [{ system: 'http://snomed.info/sct', code: '363679005', display: 'Imaging' }],
      },
    ],
    code: {
      coding: [
        {
          system: LOCAL_STUDY_SYSTEM,
          code: exam.trim().replace(/\s+/g, ' ').toUpperCase(),
          display: exam,
        },
      ],
      text: exam,
    },
    subject: { reference: `Patient/${row.patientId}`, display: row.patientName },
    occurrencePeriod: { start: row.dueFrom, end: row.dueTo },
    authoredOn: row.createdAt.toISOString(),
    requester: { display: row.createdByName },
    ...(row.reason.trim() !== '' ? { reasonCode: [{ text: row.reason }] } : {}),
    supportingInfo: [{ reference: `DiagnosticReport/${row.sourceOrderId}` }],
    ...(row.text.trim() !== '' ? { note: [{ text: row.text }] } : {}),
  }
}
