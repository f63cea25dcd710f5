/**
 * The search parameters the FHIR server supports (INT-80, INT-81), as the CapabilityStatement
 * lists them, and how each value is read: references (`Patient/<id>`, a bare id, or an absolute
 * URL ending in one), tokens (`system|code`, `|code`, `code`; a comma separates alternatives),
 * and `_lastUpdated` with its prefixes (eq, ge, gt, le, lt) over the range its precision gives.
 */
import type { InstantBound } from '../../domain/fhirSearch'
import { invalidSearch } from './outcome'

export const RESOURCE_TYPES = [
  'DiagnosticReport',
  'ServiceRequest',
  'Patient',
  'ImagingStudy',
] as const
export type ResourceType = (typeof RESOURCE_TYPES)[number]

export interface ParameterDefinition {
  name: string
  type: 'reference' | 'token' | 'date'
  documentation: string
}

const patient: ParameterDefinition = {
  name: 'patient',
  type: 'reference',
  documentation: 'The patient: Patient/<id> or <id>.',
}
const subject: ParameterDefinition = { ...patient, name: 'subject' }
const subjectIdentifier: ParameterDefinition = {
  name: 'subject:identifier',
  type: 'token',
  documentation: "The patient's MRN: <system>|<mrn> or <mrn>.",
}

/** What each resource type can be searched by (besides `_id`, `_count` and `_offset`). */
export const SEARCH_PARAMETERS: Record<ResourceType, ParameterDefinition[]> = {
  DiagnosticReport: [
    patient,
    subject,
    subjectIdentifier,
    { name: 'based-on', type: 'reference', documentation: 'The order: ServiceRequest/<id>.' },
    {
      name: 'status',
      type: 'token',
      documentation:
        "final or appended (signed reports); preliminary (a trainee's report sent for review, with HL7_SEND_PRELIMINARY).",
    },
    { name: 'identifier', type: 'token', documentation: 'The accession number.' },
    {
      name: '_lastUpdated',
      type: 'date',
      documentation: 'When the signed report last changed; prefixes eq, ge, gt, le, lt.',
    },
  ],
  ServiceRequest: [
    patient,
    subject,
    subjectIdentifier,
    { name: 'identifier', type: 'token', documentation: 'The accession number.' },
    { name: 'status', type: 'token', documentation: 'active, completed or revoked.' },
    {
      name: 'intent',
      type: 'token',
      documentation:
        'order (a study ordered) or proposal (a follow-up a signed report recommends); both when not given.',
    },
  ],
  Patient: [
    { name: 'identifier', type: 'token', documentation: 'The MRN: <system>|<mrn> or <mrn>.' },
  ],
  ImagingStudy: [
    patient,
    subject,
    subjectIdentifier,
    {
      name: 'identifier',
      type: 'token',
      documentation: 'urn:dicom:uid|urn:oid:<Study Instance UID>, or the accession number.',
    },
    { name: 'basedon', type: 'reference', documentation: 'The order: ServiceRequest/<id>.' },
  ],
}

/** The id a reference names, if it names one of `type` (or a bare id). */
export function referenceId(value: string, type: string): string | null {
  const match = /^(?:.*\/)?(?:([A-Za-z]+)\/)?([A-Za-z0-9\-.]{1,64})$/.exec(value.trim())
  if (!match) return null
  const [, named, id] = match
  if (named !== undefined && named !== type) return null
  return id ?? null
}

export interface Token {
  /** undefined: any system; '': no system. */
  system: string | undefined
  code: string
}

export function parseToken(value: string): Token {
  const bar = value.indexOf('|')
  if (bar === -1) return { system: undefined, code: value }
  return { system: value.slice(0, bar), code: value.slice(bar + 1) }
}

/** The alternatives of one occurrence of a parameter. */
export const alternatives = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')

const DATE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/

/** The instants a FHIR date/dateTime/instant stands for: [start, end). Dates are in UTC. */
function dateRange(text: string): { start: Date; end: Date } | null {
  const match = DATE.exec(text)
  if (!match) return null
  const [, year, month, day, hour, , second, fraction, zone] = match
  if (hour === undefined) {
    const start = new Date(Date.UTC(Number(year), Number(month ?? 1) - 1, Number(day ?? 1)))
    const end = new Date(start)
    if (day !== undefined) end.setUTCDate(end.getUTCDate() + 1)
    else if (month !== undefined) end.setUTCMonth(end.getUTCMonth() + 1)
    else end.setUTCFullYear(end.getUTCFullYear() + 1)
    if (start.getUTCMonth() !== Number(month ?? 1) - 1 || start.getUTCDate() !== Number(day ?? 1))
      return null
    return { start, end }
  }
  const start = new Date(text)
  if (Number.isNaN(start.getTime()) || zone === undefined) return null
  const step = fraction !== undefined ? 1 : second !== undefined ? 1000 : 60_000
  return { start, end: new Date(start.getTime() + step) }
}

/** `_lastUpdated=<prefix><date>` as bounds on the instant (INT-81). */
export function lastUpdatedBounds(value: string): InstantBound[] {
  const match = /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?(.+)$/.exec(value.trim())
  const prefix = match?.[1] ?? 'eq'
  const range = dateRange(match?.[2] ?? '')
  if (!range)
    throw invalidSearch(
      `_lastUpdated: "${value}" is not a FHIR date, dateTime or instant with a time zone.`,
    )
  switch (prefix) {
    case 'eq':
      return [
        { op: 'ge', at: range.start },
        { op: 'lt', at: range.end },
      ]
    case 'ge':
      return [{ op: 'ge', at: range.start }]
    case 'gt':
      return [{ op: 'ge', at: range.end }]
    case 'le':
      return [{ op: 'lt', at: range.end }]
    case 'lt':
      return [{ op: 'lt', at: range.start }]
    default:
      throw invalidSearch(
        `_lastUpdated: the prefix "${prefix}" is not supported (eq, ge, gt, le, lt).`,
      )
  }
}
