/**
 * A recommendation's window in calendar days (FU-3): days as YYYY-MM-DD strings, counted in UTC
 * so that the machine's own zone never shifts a day (the day of signing is already the
 * department's, given by the caller).
 */
import { FOLLOW_UP_LIMITS } from '../../../contract'

/** A time span a report names: "3 months", "6 to 12 months", "within 2 weeks". */
export interface Interval {
  unit: 'day' | 'month'
  /** The span's bounds in `unit`s; equal for a single interval. */
  low: number
  high: number
  /** "within N": due from the day of signing until N. */
  within?: boolean
}

const DAY_MS = 86_400_000

function parse(day: string): Date {
  return new Date(`${day}T00:00:00Z`)
}
const format = (date: Date) => date.toISOString().slice(0, 10)

export function addDays(day: string, days: number): string {
  return format(new Date(parse(day).getTime() + days * DAY_MS))
}

/** Calendar months: 31 January and one month is the last day of February. */
export function addMonths(day: string, months: number): string {
  const date = parse(day)
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1))
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate()
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay))
  return format(target)
}

export function daysBetween(from: string, to: string): number {
  return Math.round((parse(to).getTime() - parse(from).getTime()) / DAY_MS)
}

const add = (day: string, unit: Interval['unit'], n: number) =>
  unit === 'month' ? addMonths(day, n) : addDays(day, n)

/**
 * The window an interval gives, from the day of signing (FU-3): a range as given (signedOn + low
 * .. signedOn + high); "within N" from signedOn to signedOn + N; a single interval I around
 * signedOn + I (calendar months for months and years) by a quarter of I's days either side; none
 * at all, the coming month. The end never lies beyond FOLLOW_UP_LIMITS.maxDaysAhead.
 */
export function windowOf(
  interval: Interval | null,
  signedOn: string,
): { due_from: string; due_to: string } {
  let from: string
  let to: string
  if (!interval) {
    from = signedOn
    to = addMonths(signedOn, 1)
  } else if (interval.within) {
    from = signedOn
    to = add(signedOn, interval.unit, interval.high)
  } else if (interval.low !== interval.high) {
    from = add(signedOn, interval.unit, interval.low)
    to = add(signedOn, interval.unit, interval.high)
  } else {
    const centre = add(signedOn, interval.unit, interval.low)
    const quarter = Math.round(daysBetween(signedOn, centre) / 4)
    from = addDays(centre, -quarter)
    to = addDays(centre, quarter)
  }
  const latest = addDays(signedOn, FOLLOW_UP_LIMITS.maxDaysAhead)
  if (to > latest) to = latest
  if (from > to) from = to
  return { due_from: from, due_to: to }
}
