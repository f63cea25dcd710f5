/**
 * Who a message is about: the MRN among PID-3's identifiers (INT-51) and the demographics of
 * PID-5, -7 and -8 as updates (INT-52: not sent keeps, `""` deletes). Orders (ORM, OMI) and
 * patient messages (ADT) read the patient the same way; MRG-1 names a merged MRN by the same rule.
 */
import type { Hl7Segment } from '@medplum/core'
import { ORDER_LIMITS, type Sex } from '../../../contract'
import type { Hl7Issue, PatientFields } from '../../domain/hl7'
import { parseBirthDate, repetitionsOf, textOf, unescapeHl7 } from './fields'
import { issue } from './issues'
import { checkLength, fieldState, sentOf } from './sentValues'

/** Which identifier is the MRN: its type (CX-5) and, when set, its assigning authority (CX-4). */
export interface MrnRule {
  identifierType: string
  authority: string | null
}

export const DEFAULT_MRN_RULE: MrnRule = { identifierType: 'MR', authority: null }

const SEX: Record<string, Sex> = {
  F: 'female',
  M: 'male',
  O: 'other',
  A: 'other',
  U: 'unknown',
  N: 'unknown',
}

interface Identifier {
  id: string
  authority: string
  type: string
}

/** CX-4's namespace id, else its universal id (`&1.2.3&ISO` names the authority by OID only). */
function authorityOf(segment: Hl7Segment, field: number, repetition: number): string {
  const part = (sub: number) =>
    unescapeHl7(segment.getComponent(field, 4, sub, repetition), segment.context).trim()
  // Subcomponents count from 0 in @medplum/core's getComponent.
  return part(0) || part(1)
}

function identifiersOf(segment: Hl7Segment, field: number): Identifier[] {
  return Array.from({ length: repetitionsOf(segment, field) }, (_, r) => ({
    id: textOf(segment, field, 1, r),
    authority: authorityOf(segment, field, r),
    type: textOf(segment, field, 5, r).toUpperCase(),
  })).filter((identifier) => identifier.id !== '' && identifier.id !== '""')
}

/**
 * The MRN of an identifier list (PID-3, MRG-1): the first repetition of the configured type (and
 * authority, when one is configured). A v2.3 sender that types none of them: the first untyped
 * one (of that authority or none). Typed identifiers and none of them the MRN: refused with 204,
 * so a social security number sent first never becomes the MRN.
 */
export function mrnOf(
  segment: Hl7Segment,
  where: { segment: string; field: number },
  rule: MrnRule,
  issues: Hl7Issue[],
): { mrn: string; mrnAuthority: string } | null {
  const at = (code: 101 | 102 | 204, text: string) => {
    issues.push(issue(where.segment, 1, where.field, code, text))
    return null
  }
  const name = `${where.segment}-${where.field}`
  const identifiers = identifiersOf(segment, where.field)
  if (identifiers.length === 0) return at(101, `${name} (patient identifier list) is required.`)
  const fits = (authority: string) => rule.authority === null || authority === rule.authority
  const chosen =
    identifiers.find((id) => id.type === rule.identifierType && fits(id.authority)) ??
    (identifiers.some((id) => id.type === rule.identifierType)
      ? undefined
      : identifiers.find((id) => id.type === '' && (id.authority === '' || fits(id.authority))))
  if (!chosen) {
    const authority = rule.authority === null ? '' : ` assigned by ${rule.authority}`
    return at(204, `${name} holds no identifier of type ${rule.identifierType}${authority}.`)
  }
  const before = issues.length
  const spot = { segment: where.segment, sequence: 1, field: where.field }
  checkLength(chosen.id, ORDER_LIMITS.mrnChars, { ...spot, name: 'MRN' }, issues)
  checkLength(
    chosen.authority,
    ORDER_LIMITS.authorityChars,
    { ...spot, name: 'assigning authority' },
    issues,
  )
  return issues.length > before ? null : { mrn: chosen.id, mrnAuthority: chosen.authority }
}

/** PID read into the patient it names, or null with the problems pushed to `issues`. */
export function readPatient(
  pid: Hl7Segment | undefined,
  rule: MrnRule,
  issues: Hl7Issue[],
): PatientFields | null {
  if (!pid) {
    issues.push(issue('PID', 1, 3, 100, 'The message holds no PID segment.'))
    return null
  }
  const before = issues.length
  const identity = mrnOf(pid, { segment: 'PID', field: 3 }, rule, issues)
  const patient: PatientFields = { mrn: '', mrnAuthority: '' }
  // PID-5 is one name: sent, it replaces family, given and middle names together.
  const name = fieldState(pid, 5)
  if (name === 'null' || (name === 'valued' && sentOf(pid, 5, 1) === undefined)) {
    issues.push(issue('PID', 1, 5, 101, 'PID-5 (patient family name) is required.'))
  } else if (name === 'valued') {
    patient.lastName = textOf(pid, 5, 1)
    patient.firstName = [textOf(pid, 5, 2), textOf(pid, 5, 3)].filter(Boolean).join(' ')
    const spot = { segment: 'PID', sequence: 1, field: 5 }
    checkLength(patient.lastName, ORDER_LIMITS.nameChars, { ...spot, name: 'family name' }, issues)
    checkLength(patient.firstName, ORDER_LIMITS.nameChars, { ...spot, name: 'given names' }, issues)
  }
  const birth = sentOf(pid, 7)
  if (birth === null) patient.dateOfBirth = null
  else if (birth !== undefined) {
    patient.dateOfBirth = parseBirthDate(birth)
    if (!patient.dateOfBirth)
      issues.push(issue('PID', 1, 7, 102, 'PID-7 (date of birth) is not a date (YYYYMMDD).'))
  }
  const sex = sentOf(pid, 8)
  if (sex === null) patient.sex = 'unknown'
  else if (sex !== undefined) {
    patient.sex = SEX[sex.toUpperCase()]
    if (!patient.sex)
      issues.push(issue('PID', 1, 8, 103, 'PID-8 (sex) must be F, M, O, A, U or N.'))
  }
  if (issues.length > before || !identity) return null
  return { ...patient, ...identity }
}
