/**
 * Readers of single values as backends really send them. Each answers the SPA's form of the
 * value, or undefined when the value cannot stand for it; the entity readers decide whether that
 * drops the entry (a field the screen needs) or leaves the field empty (an extra).
 */
import type { InputType, KnownSex, Priority, Rating, Role } from '../model'

export type Raw = Readonly<Record<string, unknown>>

export function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Ids may be strings or integers (many hospital systems count): one string form for both. */
export function readId(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const id = value.trim()
    return id === '' ? undefined : id
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  if (typeof value === 'bigint') return value.toString()
  return undefined
}

/** Text, from a string or a number (an accession number sent as a number is still one). */
export function readText(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

function code(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined
}

const PRIORITIES: Readonly<Record<string, Priority>> = {
  stat: 'stat',
  urgent: 'urgent',
  routine: 'routine',
  // HL7 v2 priority codes (TQ1-9, OBR-27.6).
  s: 'stat',
  a: 'urgent',
  r: 'routine',
}

export function readPriority(value: unknown): Priority | undefined {
  const key = code(value)
  return key === undefined ? undefined : PRIORITIES[key]
}

const SEXES: Readonly<Record<string, KnownSex>> = {
  female: 'female',
  male: 'male',
  other: 'other',
  unknown: 'unknown',
  // HL7 v2 administrative sex (PID-8).
  f: 'female',
  m: 'male',
  o: 'other',
  u: 'unknown',
}

/** A known code in any of its spellings, else the backend's own words; '' when none was sent. */
export function readSex(value: unknown): string {
  const text = readText(value)?.trim()
  if (!text) return ''
  return SEXES[text.toLowerCase()] ?? text
}

export function readRole(value: unknown): Role | undefined {
  const key = code(value)
  return key === 'user' || key === 'assistant' ? key : undefined
}

export function readInputType(value: unknown): InputType {
  return code(value) === 'voice' ? 'voice' : 'text'
}

/** 'up' or 'down'; anything else ('none', null, absent) is no rating. */
export function readRating(value: unknown): Rating | null {
  const key = code(value)
  return key === 'up' || key === 'down' ? key : null
}

export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  const key = code(value)
  if (key === 'true') return true
  if (key === 'false') return false
  return undefined
}

const ZONE = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/

/**
 * A point in time for display, as ISO 8601 in UTC. A time without a zone is the clinician's
 * local time, as a hospital backend that writes local times means it.
 */
export function readTimestamp(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : undefined
  if (!text || !DATE_TIME.test(text)) return undefined
  const iso = text.replace(' ', 'T')
  const millis = ZONE.test(iso) ? Date.parse(iso) : new Date(iso).getTime()
  return Number.isNaN(millis) ? undefined : new Date(millis).toISOString()
}

/** A calendar date: YYYY-MM-DD, the date of a date-time, or HL7's YYYYMMDD. */
export function readCalendarDate(value: unknown): string | undefined {
  const text = readText(value)?.trim()
  if (!text) return undefined
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|[T ])/.exec(text)
  if (!match) return undefined
  const [, year, month, day] = match
  const date = `${year ?? ''}-${month ?? ''}-${day ?? ''}`
  const parsed = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : undefined
}
