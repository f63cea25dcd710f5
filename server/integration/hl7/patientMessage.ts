/**
 * Patient messages from the hospital's ADT feed (HL7 v2.5.1 chapter 3; IHE RAD-12 Patient Update):
 * ADT^A08 (update patient information) and ADT^A31 (update person information) carry a patient's
 * new demographics (INT-58); ADT^A40 (merge patient, identifier list) names in MRG-1 an MRN merged
 * into the patient of PID-3 (INT-59). Reading only: ../../usecases/receiveOrder.ts applies them.
 */
import type { Hl7Message } from '@medplum/core'
import type { Hl7Issue, PatientMerge, PatientUpdate } from '../../domain/hl7'
import { issue } from './issues'
import { mrnOf, readPatient, type MrnRule } from './patientIdentity'

/** The ADT events Readout acts on; other ADT events are answered AR 201. */
export const PATIENT_EVENTS = ['A08', 'A31', 'A40']

export function readPatientMessage(
  message: Hl7Message,
  event: string,
  rule: MrnRule,
  issues: Hl7Issue[],
): PatientUpdate | PatientMerge | null {
  const patient = readPatient(message.getSegment('PID'), rule, issues)
  if (event !== 'A40') return patient ? { kind: 'update', patient } : null
  const mrg = message.getSegment('MRG')
  if (!mrg) {
    issues.push(issue('MRG', 1, 1, 100, 'A merge (A40) needs its MRG segment.'))
    return null
  }
  const merged = mrnOf(mrg, { segment: 'MRG', field: 1 }, rule, issues)
  if (!patient || !merged) return null
  if (merged.mrn === patient.mrn) {
    issues.push(issue('MRG', 1, 1, 102, 'MRG-1 names the surviving patient of PID-3.'))
    return null
  }
  return { kind: 'merge', patient, merged }
}
