/**
 * List entries, read cheaply (a hospital's worklist is thousands of rows): only what a row, the
 * patient header and the sidebar's status marks need (`ListedOrder`), and each value by a fast
 * path for the form our own server writes, falling back to the tolerant reader of `values.ts`
 * for anything else, so a backend's other forms read exactly as before. A row is still refused
 * only for what no screen can do without (an id, a patient, a known priority), naming the field.
 * The single order (`entities.ts` `readOrder`) builds on these and adds what only it carries.
 */
import { REPORT_SECTION_KEYS } from '../../../../contract'
import {
  contentVersionOf,
  KNOWN_SEXES,
  type KnownSex,
  type ListedOrder,
  type ListedReport,
  type OrderPage,
  type Patient,
  type Priority,
  type ReportSections,
} from '../model'
import { readClaimHolder } from './claims'
import { readList, type Read, type Skipped } from './lists'
import { readPreliminary } from './preliminary'
import {
  isRecord,
  readBoolean,
  readCalendarDate,
  readId,
  readPriority,
  readSex,
  readText,
  readTimestamp,
  type Raw,
} from './values'

export const refused = (field: string): { ok: false; field: string } => ({ ok: false, field })

/** Text as sent, or '' (a number still reads as its digits). */
function text(value: unknown): string {
  return typeof value === 'string' ? value : (readText(value) ?? '')
}

function id(value: unknown): string | undefined {
  // Our server's ids are trimmed, non-empty strings: no copy is made of them.
  return typeof value === 'string' && value !== '' && value.trim() === value ? value : readId(value)
}

function priority(value: unknown): Priority | undefined {
  return value === 'stat' || value === 'urgent' || value === 'routine' ? value : readPriority(value)
}

function sex(value: unknown): string {
  return typeof value === 'string' && KNOWN_SEXES.includes(value as KnownSex)
    ? value
    : readSex(value)
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** YYYY-MM-DD checked by arithmetic; any other form goes through `readCalendarDate`. */
function calendarDate(value: unknown): string | null {
  const match = typeof value === 'string' ? PLAIN_DATE.exec(value) : null
  if (!match) return readCalendarDate(value) ?? null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0)
  return day >= 1 && day <= days ? (value as string) : null
}

export function readPatient(raw: unknown): Read<Patient> {
  if (!isRecord(raw)) return refused('patient')
  const patientId = id(raw.id)
  if (patientId === undefined) return refused('id')
  return {
    ok: true,
    value: {
      id: patientId,
      first_name: text(raw.first_name),
      last_name: text(raw.last_name),
      date_of_birth: calendarDate(raw.date_of_birth),
      sex: sex(raw.sex),
    },
  }
}

export function readSections(raw: unknown): ReportSections {
  const source: Raw = isRecord(raw) ? raw : {}
  const sections = {} as ReportSections
  for (const key of REPORT_SECTION_KEYS) sections[key] = text(source[key])
  return sections
}

/** FNV-1a over the content: a version for reports whose backend gives none. */
export function contentVersion(sections: ReportSections, isFinal: boolean): string {
  const content = JSON.stringify([REPORT_SECTION_KEYS.map((key) => sections[key]), isFinal])
  let hash = 0x811c9dc5
  for (let i = 0; i < content.length; i += 1) {
    hash ^= content.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return contentVersionOf(hash.toString(16).padStart(8, '0'))
}

/** What a list entry holds of a report; null when there is none. */
export function readListedReport(raw: unknown): ListedReport | null {
  if (!isRecord(raw)) return null
  // Some backends send the sections at the top level of the report.
  const sections = readSections(isRecord(raw.sections) ? raw.sections : raw)
  const isFinal =
    typeof raw.is_final === 'boolean' ? raw.is_final : (readBoolean(raw.is_final) ?? false)
  const updatedAt =
    typeof raw.updated_at === 'string' && raw.updated_at.trim() !== '' ? raw.updated_at : null
  const listed: ListedReport = {
    sections,
    is_final: isFinal,
    updated_at: updatedAt,
    version: updatedAt ?? contentVersion(sections, isFinal),
  }
  // RV-21: only a report sent for review carries one; every other row stays as it was.
  const preliminary =
    raw.preliminary == null ? null : readPreliminary(raw.preliminary, readSections)
  if (preliminary) listed.preliminary = preliminary
  return listed
}

/**
 * The fields every order has, with its report read by `report`: the list entry's (lighter) or
 * the single order's (whole).
 */
export function readOrderWith<R>(
  raw: unknown,
  report: (raw: unknown) => R,
): Read<Omit<ListedOrder, 'report'> & { report: R }> {
  if (!isRecord(raw)) return refused('order')
  const orderId = id(raw.id)
  if (orderId === undefined) return refused('id')
  const patient = raw.patient === undefined ? null : readPatient(raw.patient)
  const patientId = id(raw.patient_id) ?? (patient?.ok ? patient.value.id : undefined)
  if (patientId === undefined) return refused('patient_id')
  const orderPriority = priority(raw.priority)
  if (orderPriority === undefined) return refused('priority')
  const value: Omit<ListedOrder, 'report'> & { report: R } = {
    id: orderId,
    patient_id: patientId,
    status: text(raw.status),
    modality: text(raw.modality),
    body_part: text(raw.body_part),
    study_description: text(raw.study_description),
    priority: orderPriority,
    accession_number: text(raw.accession_number),
    patient: patient?.ok ? patient.value : null,
    report: report(raw.report),
  }
  // Optional extras: absent from a backend without them (the spec's), so a row stays as before.
  const orderedAt = orderedAtOf(raw.ordered_at)
  if (orderedAt !== undefined) value.ordered_at = orderedAt
  if (raw.claimed_by === null) value.claimed_by = null
  else if (raw.claimed_by !== undefined) value.claimed_by = readClaimHolder(raw.claimed_by)
  if (raw.study_instance_uid !== undefined) value.study_instance_uid = uidOf(raw.study_instance_uid)
  if (raw.viewer_url !== undefined) value.viewer_url = viewerUrlOf(raw.viewer_url)
  return { ok: true, value }
}

/** A UID as sent (text, or null when it is none). */
function uidOf(value: unknown): string | null {
  const uid = typeof value === 'string' ? value.trim() : ''
  return uid === '' ? null : uid
}

/**
 * A viewer's address: only an absolute http(s) URL becomes a link (a backend's `javascript:` or
 * relative text is no link at all).
 */
function viewerUrlOf(value: unknown): string | null {
  if (typeof value !== 'string') return null
  try {
    const { protocol } = new URL(value.trim())
    return protocol === 'http:' || protocol === 'https:' ? value.trim() : null
  } catch {
    return null
  }
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** Our server's form (`toISOString`) as sent; anything else through `readTimestamp`. */
function orderedAtOf(value: unknown): string | undefined {
  if (typeof value === 'string' && ISO_UTC.test(value)) return value
  return value === undefined || value === null ? undefined : readTimestamp(value)
}

export function readListedOrder(raw: unknown): Read<ListedOrder> {
  return readOrderWith(raw, readListedReport)
}

/** Whether an answer is a page: an object with an `items` array and a `next_cursor`. */
function isPage(raw: unknown): raw is Raw & { items: readonly unknown[] } {
  return isRecord(raw) && Array.isArray(raw.items) && 'next_cursor' in raw
}

function cursorOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : null
}

function totalOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null
}

/**
 * GET /orders with page parameters: a page (`{items, next_cursor, total}`), or, from a backend
 * that ignores the parameters, the whole list in any form a list may take (API-6), which becomes
 * one page holding everything (`paged` false).
 */
export function readOrderPage(
  raw: unknown,
): { ok: true; value: OrderPage; skipped: Skipped | null } | { ok: false; issues: string[] } {
  const paged = isPage(raw)
  const entries = readList(paged ? raw.items : raw, readListedOrder)
  if (!entries.ok) return entries
  const page: OrderPage = paged
    ? {
        items: entries.value,
        next_cursor: cursorOf(raw.next_cursor),
        total: totalOf(raw.total),
        paged: true,
      }
    : { items: entries.value, next_cursor: null, total: entries.value.length, paged: false }
  return { ok: true, value: page, skipped: entries.skipped }
}
