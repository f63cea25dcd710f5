/**
 * The codes and identifiers the FHIR resources share (INT-84, INT-85): a study's code (LOINC
 * beside the ordered procedure and Readout's own study code), the accession and MRN identifiers,
 * and the system an MRN's assigning authority (PID-3 CX-4) is named by.
 */
import type { CodeableConcept, Coding, Identifier } from '@medplum/fhirtypes'
import type { Order } from '../../../contract'

export const LOINC = 'http://loinc.org'
export const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203'
/** Readout's own code system for a study: its modality and body part. */
export const LOCAL_STUDY_SYSTEM = 'urn:readout:study'
/** An MRN whose assigning authority names no OID or URI: Readout's system, then the namespace. */
export const LOCAL_MRN_SYSTEM = 'urn:readout:mrn'
/** DICOM UIDs as FHIR identifiers: `urn:oid:<uid>` in the `urn:dicom:uid` system. */
export const DICOM_UID_SYSTEM = 'urn:dicom:uid'

/** LOINC's "Diagnostic imaging study": a report whose procedure has no LOINC code of its own. */
const DIAGNOSTIC_IMAGING: Coding = {
  system: LOINC,
  code: '18748-4',
  display: 'Diagnostic imaging study',
}

/** OBR-4 as the RIS sent it: the code and its coding system (HL7 table 0396). */
export interface Procedure {
  code: string | null
  codingSystem: string | null
}

/** HL7 v2 table 0396 names of code systems FHIR knows by URI. */
const SYSTEM_OF_0396: Record<string, string> = {
  LN: LOINC,
  SCT: 'http://snomed.info/sct',
  SNM: 'http://snomed.info/sct',
  CPT: 'http://www.ama-assn.org/go/cpt',
  C4: 'http://www.ama-assn.org/go/cpt',
  RADLEX: 'http://radlex.org',
}

const OID = /^[0-2](\.(0|[1-9]\d*))+$/

function procedureCoding({ code, codingSystem }: Procedure, display: string): Coding | null {
  if (!code?.trim()) return null
  const named = (codingSystem ?? '').trim()
  const system =
    SYSTEM_OF_0396[named.toUpperCase()] ??
    (named === '' ? 'urn:readout:procedure' : `urn:readout:procedure:${encodeURIComponent(named)}`)
  return { system, code: code.trim(), ...(display ? { display } : {}) }
}

const codeOf = (text: string) => text.trim().replace(/\s+/g, ' ').toUpperCase()

/**
 * The study: a LOINC coding first (the ordered procedure's own when the RIS sent a LOINC code,
 * such as one of the LOINC/RSNA Radiology Playbook's; otherwise 18748-4), the ordered procedure
 * in its own system, and Readout's modality and body part.
 */
export function studyCode(order: Order, procedure: Procedure): CodeableConcept {
  const text = order.study_description.trim() || `${order.modality} ${order.body_part}`
  const ordered = procedureCoding(procedure, text)
  const local: Coding = {
    system: LOCAL_STUDY_SYSTEM,
    code: codeOf(`${order.modality} ${order.body_part}`),
    display: text,
  }
  const coding =
    ordered?.system === LOINC
      ? [ordered, local]
      : [DIAGNOSTIC_IMAGING, ...(ordered ? [ordered] : []), local]
  return { coding, text }
}

export function accessionIdentifier(accession: string): Identifier {
  return {
    type: { coding: [{ system: V2_0203, code: 'ACSN', display: 'Accession ID' }] },
    value: accession,
  }
}

/**
 * The system an MRN's assigning authority names (CX-4, an HD: namespace & universal id & its
 * type): an ISO OID as `urn:oid:`, a URI as itself, a UUID as `urn:uuid:`; a namespace alone as
 * `urn:readout:mrn:<namespace>`; none as `urn:readout:mrn`.
 */
export function mrnSystem(authority: string): string {
  const [namespace = '', universalId = '', type = ''] = authority
    .split('&')
    .map((part) => part.trim())
  const kind = type.toUpperCase()
  if (universalId !== '' && (kind === 'ISO' || (kind === '' && OID.test(universalId))))
    return `urn:oid:${universalId}`
  if (universalId !== '' && kind === 'URI' && URL.canParse(universalId)) return universalId
  if (universalId !== '' && kind === 'UUID') return `urn:uuid:${universalId.toLowerCase()}`
  if (OID.test(namespace)) return `urn:oid:${namespace}`
  if (namespace !== '') return `${LOCAL_MRN_SYSTEM}:${encodeURIComponent(namespace)}`
  return LOCAL_MRN_SYSTEM
}

export function mrnIdentifier(mrn: string, authority: string): Identifier {
  const [namespace = ''] = authority.split('&')
  return {
    use: 'usual',
    type: { coding: [{ system: V2_0203, code: 'MR', display: 'Medical record number' }] },
    system: mrnSystem(authority),
    value: mrn,
    ...(namespace.trim() !== '' ? { assigner: { display: namespace.trim() } } : {}),
  }
}

export function studyUidIdentifier(uid: string): Identifier {
  return { system: DICOM_UID_SYSTEM, value: `urn:oid:${uid}` }
}
