/**
 * CH-7: which messages are the structured patient summary, and reading their content. The
 * content is JSON written by the assistant; anything that does not parse or does not match the
 * contract's schema is shown as the plain text it is, never an error.
 */
import { PATIENT_SUMMARY, patientSummarySchema, type PatientSummary } from '../../../contract'
import type { Message } from '../../services/api/model'

export function isStructuredSummary(message: Message): boolean {
  return message.meta_data?.type === PATIENT_SUMMARY && message.meta_data.structured === true
}

/** The summary in `content`, or null when the content is not one. */
export function parsePatientSummary(content: string): PatientSummary | null {
  let json: unknown
  try {
    json = JSON.parse(content)
  } catch {
    return null
  }
  const parsed = patientSummarySchema.safeParse(json)
  return parsed.success ? parsed.data : null
}
