/**
 * The department's numbers (DEPT-19..DEPT-30) as a backend answers them, read tolerantly at the
 * edge: a number that is not a finite number is no number (null, or 0 for a count), a row
 * without its day, hour or month cannot be placed on a chart and is left out and counted, and a
 * window a backend does not echo is unknown (''), never guessed. An answer that is not an object
 * at all is refused.
 */
import type {
  CriticalCommunicationStats,
  FollowUpStats,
  Percentiles,
  TurnaroundStats,
  VolumeStats,
} from '../../../../contract'
import type { Skipped } from './lists'
import { isRecord, readCalendarDate, readText, readTimestamp } from './values'

export type { CriticalCommunicationStats, FollowUpStats, TurnaroundStats, VolumeStats }

type Reading<T> = { ok: true; value: T; skipped?: Skipped | null } | { ok: false; issues: string[] }

const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0
const fraction = (value: unknown): number | null => {
  const read = number(value)
  return read !== null && read >= 0 && read <= 1 ? read : null
}
const percentiles = (value: unknown): Percentiles => {
  const raw = isRecord(value) ? value : {}
  return { p50: number(raw.p50), p90: number(raw.p90) }
}
const MONTH = /^\d{4}-\d{2}$/

/** The entries of `raw[key]` that `read` can place, and how many it could not. */
function rowsOf<T>(
  raw: Record<string, unknown>,
  key: string,
  read: (row: Record<string, unknown>) => T | undefined,
): { rows: T[]; skipped: Skipped | null } {
  const given = Array.isArray(raw[key]) ? (raw[key] as unknown[]) : []
  const rows: T[] = []
  for (const entry of given) {
    const row = isRecord(entry) ? read(entry) : undefined
    if (row !== undefined) rows.push(row)
  }
  const left = given.length - rows.length
  return { rows, skipped: left === 0 ? null : { count: left, fields: [key] } }
}

const windowOf = (raw: Record<string, unknown>) => ({
  from: readCalendarDate(raw.from) ?? '',
  to: readCalendarDate(raw.to) ?? '',
  time_zone: readText(raw.time_zone)?.trim() ?? '',
})

function answer<T>(
  raw: unknown,
  read: (raw: Record<string, unknown>) => { value: T; skipped: Skipped | null },
): Reading<T> {
  if (!isRecord(raw)) return { ok: false, issues: ['the answer is not an object'] }
  const { value, skipped } = read(raw)
  return { ok: true, value, skipped }
}

const merged = (...all: (Skipped | null)[]): Skipped | null => {
  const found = all.filter((one) => one !== null)
  if (found.length === 0) return null
  return {
    count: found.reduce((n, one) => n + one.count, 0),
    fields: found.flatMap((one) => one.fields),
  }
}

const turnaroundRow = (row: Record<string, unknown>) => {
  const group = readText(row.group)?.trim()
  if (!group) return undefined
  return {
    group,
    count: count(row.count),
    ordered_to_opened: percentiles(row.ordered_to_opened),
    opened_to_signed: percentiles(row.opened_to_signed),
    ordered_to_signed: percentiles(row.ordered_to_signed),
  }
}

export const readTurnaroundStats = (raw: unknown): Reading<TurnaroundStats> =>
  answer(raw, (body) => {
    const days = rowsOf(body, 'days', (row) => {
      const day = readCalendarDate(row.day)
      const rest = turnaroundRow(row)
      return day && rest ? { day, ...rest } : undefined
    })
    const overall = rowsOf(body, 'overall', turnaroundRow)
    return {
      value: {
        ...windowOf(body),
        by: body.by === 'modality' ? 'modality' : 'priority',
        days: days.rows,
        overall: overall.rows,
      },
      skipped: merged(days.skipped, overall.skipped),
    }
  })

export const readVolumeStats = (raw: unknown): Reading<VolumeStats> =>
  answer(raw, (body) => {
    const hours = rowsOf(body, 'hours', (row) => {
      const hour = readTimestamp(row.hour)
      return hour ? { hour, ordered: count(row.ordered), signed: count(row.signed) } : undefined
    })
    return { value: { ...windowOf(body), hours: hours.rows }, skipped: hours.skipped }
  })

export const readCriticalCommunicationStats = (raw: unknown): Reading<CriticalCommunicationStats> =>
  answer(raw, (body) => {
    const days = rowsOf(body, 'days', (row) => {
      const day = readCalendarDate(row.day)
      return day
        ? { day, count: count(row.count), delay: percentiles(row.delay), max: number(row.max) }
        : undefined
    })
    const overall = isRecord(body.overall) ? body.overall : {}
    return {
      value: {
        ...windowOf(body),
        days: days.rows,
        overall: { count: count(overall.count), delay: percentiles(overall.delay) },
        uncommunicated: count(body.uncommunicated),
      },
      skipped: days.skipped,
    }
  })

export const readFollowUpStats = (raw: unknown): Reading<FollowUpStats> =>
  answer(raw, (body) => {
    const months = rowsOf(body, 'months', (row) => {
      const month = readText(row.month)?.trim()
      if (!month || !MONTH.test(month)) return undefined
      return {
        month,
        due: count(row.due),
        completed: count(row.completed),
        declined: count(row.declined),
        overdue: count(row.overdue),
        open: count(row.open),
        completion_rate: fraction(row.completion_rate),
      }
    })
    return { value: { ...windowOf(body), months: months.rows }, skipped: months.skipped }
  })
