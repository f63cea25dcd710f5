/**
 * The department's numbers' window and their arithmetic (DEPT-1..DEPT-4, DEPT-9): calendar days
 * in the department's time zone (config.outcomes.departmentTimeZone), never the machine's, and
 * percentiles as PostgreSQL's `percentile_cont` computes them. Pure: no HTTP, no database.
 */
import { STATS_LIMITS } from '../../contract'

const DAY_MS = 86_400_000
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The calendar date `date` names, as milliseconds at its UTC midnight; undefined if none. */
function dayNumber(date: string): number | undefined {
  const match = DATE.exec(date)
  if (!match) return undefined
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  // 2026-02-30 is no day: the date must survive the round trip.
  return new Date(ms).toISOString().slice(0, 10) === date ? ms : undefined
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const ms = dayNumber(date)
  if (ms === undefined) throw new Error(`not a date: ${date}`)
  return new Date(ms + days * DAY_MS).toISOString().slice(0, 10)
}

/** The date `instant` falls on in `timeZone` (YYYY-MM-DD). */
export function dayIn(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant)
}

export interface StatsWindow {
  from: string
  to: string
  time_zone: string
}

export type WindowResult = { ok: true; window: StatsWindow } | { ok: false; message: string }

/**
 * DEPT-1: `from` and `to` inclusive; by default the last STATS_LIMITS.defaultDays days ending
 * today (only `from`: up to today; only `to`: the default length ending then). From after to,
 * a day that does not exist, or more than STATS_LIMITS.maxDays days is refused with a reason.
 */
export function statsWindow(
  query: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date,
): WindowResult {
  const to = query.to ?? dayIn(now, timeZone)
  const toMs = dayNumber(to)
  if (toMs === undefined) return { ok: false, message: `'to' is not a date: ${to}.` }
  const from = query.from ?? addDays(to, 1 - STATS_LIMITS.defaultDays)
  const fromMs = dayNumber(from)
  if (fromMs === undefined) return { ok: false, message: `'from' is not a date: ${from}.` }
  if (fromMs > toMs) return { ok: false, message: `'from' (${from}) is after 'to' (${to}).` }
  const days = (toMs - fromMs) / DAY_MS + 1
  if (days > STATS_LIMITS.maxDays)
    return {
      ok: false,
      message: `The period is ${String(days)} days; at most ${String(STATS_LIMITS.maxDays)} may be asked at once.`,
    }
  return { ok: true, window: { from, to, time_zone: timeZone } }
}

/** Every month (YYYY-MM) the window touches, oldest first. */
export function monthsOf(window: StatsWindow): string[] {
  const months: string[] = []
  let [year, month] = window.from.slice(0, 7).split('-').map(Number) as [number, number]
  const last = window.to.slice(0, 7)
  for (;;) {
    const name = `${String(year)}-${String(month).padStart(2, '0')}`
    months.push(name)
    if (name >= last) return months
    month += 1
    if (month > 12) {
      month = 1
      year += 1
    }
  }
}

/**
 * The `fraction` percentile of `values` interpolated between the two nearest ranks, as
 * PostgreSQL's percentile_cont (DEPT-9); null for no values.
 */
export function percentileCont(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const position = fraction * (sorted.length - 1)
  const below = Math.floor(position)
  const above = Math.ceil(position)
  const low = sorted[below] ?? 0
  const high = sorted[above] ?? low
  return low + (position - below) * (high - low)
}

export const percentiles = (values: readonly number[]) => ({
  p50: percentileCont(values, 0.5),
  p90: percentileCont(values, 0.9),
})
