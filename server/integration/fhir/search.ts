/**
 * A FHIR search's query string as criteria (INT-80..INT-82). Repeated parameters must all match,
 * a comma's alternatives any one. Handling is strict by default: a parameter the server does not
 * support, or a modifier it does not know, is a 400 OperationOutcome; with `Prefer:
 * handling=lenient` it is ignored and left out of the Bundle's self link. A value it cannot read
 * is a 400 either way. `_count` (default 20, at most 100) and `_offset` page the matches.
 */
import type { PageRequest, PatientCriteria, StudyCriteria } from '../../domain/fhirSearch'
import { DICOM_UID_SYSTEM } from './codes'
import { invalidSearch } from './outcome'
import {
  alternatives,
  lastUpdatedBounds,
  parseToken,
  referenceId,
  SEARCH_PARAMETERS,
  type ResourceType,
  type Token,
} from './searchParameters'

export const DEFAULT_COUNT = 20
export const MAX_COUNT = 100
const MAX_OFFSET = 100_000

/** Parameters that shape the answer, not the matches: read apart, never refused. */
const RESULT_PARAMETERS = new Set(['_count', '_offset', '_format'])

export interface ParsedSearch {
  /** What is asked of the studies (or patients); patient identifiers still to resolve. */
  criteria: StudyCriteria & PatientCriteria
  /** `subject:identifier` / Patient `identifier` tokens, one list per occurrence. */
  patientIdentifiers: Token[][]
  page: PageRequest
  /** The parameters used, for the self and paging links. */
  used: [string, string][]
}

function integer(name: string, value: string | null, fallback: number, max: number): number {
  if (value === null) return fallback
  if (!/^\d{1,9}$/.test(value)) throw invalidSearch(`${name}: "${value}" is not a whole number.`)
  return Math.min(Number(value), max)
}

const DR_STATUSES = new Set([
  'registered',
  'partial',
  'preliminary',
  'final',
  'amended',
  'corrected',
  'appended',
  'cancelled',
  'entered-in-error',
  'unknown',
])
const SR_STATUSES = new Set([
  'draft',
  'active',
  'on-hold',
  'revoked',
  'completed',
  'entered-in-error',
  'unknown',
])

/** FHIR R4's request-intent codes; of these, Readout's requests are `order` and `proposal`. */
const SR_INTENTS = new Set([
  'proposal',
  'plan',
  'directive',
  'order',
  'original-order',
  'reflex-order',
  'filler-order',
  'instance-order',
  'option',
])

function statuses<T extends string>(values: string[], valid: Set<string>, ours: readonly T[]): T[] {
  for (const value of values)
    if (!valid.has(value))
      throw invalidSearch(`status: "${value}" is not a status of this resource.`)
  // A valid status no row of ours can have matches nothing.
  return values.filter((value): value is T => (ours as readonly string[]).includes(value))
}

function references(values: string[], type: string, name: string): string[] {
  return values.map((value) => {
    const id = referenceId(value, type)
    if (id === null) throw invalidSearch(`${name}: "${value}" is not a reference to a ${type}.`)
    return id
  })
}

/** An accession number token: our accession identifiers have no system. */
const accessions = (values: string[]) =>
  values.map(parseToken).flatMap((token) => (token.system ? [] : [token.code]))

/** The criteria that are lists of groups of values. */
type GroupKey = Exclude<
  keyof ParsedSearch['criteria'],
  'signed' | 'preliminary' | 'withStudyUid' | 'reportUpdated'
>

export function parseSearch(
  type: ResourceType,
  query: URLSearchParams,
  lenient: boolean,
): ParsedSearch {
  const supported = new Set(['_id', ...SEARCH_PARAMETERS[type].map((parameter) => parameter.name)])
  const criteria: ParsedSearch['criteria'] = {}
  const patientIdentifiers: Token[][] = []
  const used: [string, string][] = []
  const add = (key: GroupKey, group: string[]) => {
    const groups = (criteria[key] ?? []) as string[][]
    ;(criteria as Record<GroupKey, string[][]>)[key] = [...groups, group]
  }
  for (const [name, value] of query) {
    if (RESULT_PARAMETERS.has(name)) continue
    if (!supported.has(name)) {
      if (lenient) continue
      throw invalidSearch(
        `The search parameter "${name}" is not supported for ${type} (see /fhir/metadata).`,
      )
    }
    used.push([name, value])
    const values = alternatives(value)
    if (values.length === 0) throw invalidSearch(`${name}: no value.`)
    switch (name) {
      case '_id':
        add(type === 'Patient' ? 'patientIds' : 'orderIds', values)
        break
      case 'patient':
      case 'subject':
        add('patientIds', references(values, 'Patient', name))
        break
      case 'subject:identifier':
        patientIdentifiers.push(values.map(parseToken))
        break
      case 'based-on':
      case 'basedon':
        add('orderIds', references(values, 'ServiceRequest', name))
        break
      case '_lastUpdated':
        criteria.reportUpdated = [...(criteria.reportUpdated ?? []), ...lastUpdatedBounds(value)]
        break
      case 'status':
        if (type === 'DiagnosticReport')
          add(
            'reportStatuses',
            statuses(values, DR_STATUSES, ['final', 'appended', 'preliminary'] as const),
          )
        else
          add(
            'requestStatuses',
            statuses(values, SR_STATUSES, ['active', 'completed', 'revoked'] as const),
          )
        break
      case 'intent':
        for (const value of values)
          if (!SR_INTENTS.has(value))
            throw invalidSearch(`intent: "${value}" is not a request intent.`)
        add(
          'intents',
          values.filter((value) => value === 'order' || value === 'proposal'),
        )
        break
      case 'identifier':
        if (type === 'Patient') patientIdentifiers.push(values.map(parseToken))
        else if (type === 'ImagingStudy') studyIdentifiers(values, add)
        else add('accessions', accessions(values))
        break
    }
  }
  const page = {
    count: integer('_count', query.get('_count'), DEFAULT_COUNT, MAX_COUNT),
    offset: integer('_offset', query.get('_offset'), 0, MAX_OFFSET),
  }
  return { criteria, patientIdentifiers, page, used }
}

/**
 * An ImagingStudy identifier: its Study Instance UID (`urn:dicom:uid|urn:oid:<uid>`, or the
 * `urn:oid:` value alone) or its accession number. Alternatives of both kinds are two searches,
 * so one occurrence holds one kind.
 */
function studyIdentifiers(
  values: string[],
  add: (key: 'studyUids' | 'accessions', group: string[]) => void,
) {
  const tokens = values.map(parseToken)
  const isUid = (token: Token) =>
    token.system === DICOM_UID_SYSTEM ||
    (token.system === undefined && token.code.startsWith('urn:oid:'))
  if (tokens.every(isUid))
    add(
      'studyUids',
      tokens.map((token) => token.code.replace(/^urn:oid:/, '')),
    )
  else if (tokens.some(isUid))
    throw invalidSearch(
      'identifier: give Study Instance UIDs and accession numbers in separate parameters.',
    )
  else add('accessions', accessions(values))
}
