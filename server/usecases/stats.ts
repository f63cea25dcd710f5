/**
 * The department's numbers (DEPT-1..DEPT-17): GET /stats/turnaround, /stats/volume,
 * /stats/critical-communication and /stats/follow-ups, over a window of days in the department's
 * time zone (DEPT-1: 400 with the reason for a window the contract's types let through but the
 * calendar refuses, or too long).
 */
import {
  prioritySchema,
  type CriticalCommunicationStats,
  type FollowUpStats,
  type Priority,
  type StatsQuery,
  type TurnaroundGroup,
  type TurnaroundStats,
  type VolumeStats,
} from '../../contract'
import type { Queryable } from '../db/client'
import { Invalid } from '../domain/errors'
import { dayIn, monthsOf, statsWindow, type StatsWindow } from '../outcomes/statsWindow'
import { criticalDelays } from './statsCritical'
import { followUpMonths, hourCounts, turnaroundRows, windowBounds } from '../repo/stats'

export interface StatsContext {
  db: Queryable
  now: () => Date
  /** config.outcomes.departmentTimeZone */
  timeZone: string
}

function windowOf(ctx: StatsContext, query: StatsQuery): StatsWindow {
  const result = statsWindow(query, ctx.timeZone, ctx.now())
  if (!result.ok) throw new Invalid(result.message, 'bad_window')
  return result.window
}

export interface TurnaroundQueryIn extends StatsQuery {
  by?: TurnaroundGroup | undefined
  priority?: Priority[] | undefined
  modality?: string[] | undefined
}

/** Groups in the worklist's order of priorities, or modalities alphabetically. */
function groupRank(by: TurnaroundGroup): (a: string, b: string) => number {
  if (by === 'modality') return (a, b) => a.localeCompare(b)
  const rank = (group: string) => prioritySchema.options.indexOf(group as Priority)
  return (a, b) => rank(a) - rank(b)
}

/** DEPT-5..DEPT-8 */
export async function turnaroundStats(
  ctx: StatsContext,
  query: TurnaroundQueryIn,
): Promise<TurnaroundStats> {
  const window = windowOf(ctx, query)
  const by = query.by ?? 'priority'
  const rows = await turnaroundRows(ctx.db, window, {
    by,
    priority: query.priority,
    modality: query.modality,
  })
  const rank = groupRank(by)
  const rowOf = (row: (typeof rows)[number]) => ({
    group: row.group,
    count: row.count,
    ordered_to_opened: { p50: row.oo50, p90: row.oo90 },
    opened_to_signed: { p50: row.os50, p90: row.os90 },
    ordered_to_signed: { p50: row.of50, p90: row.of90 },
  })
  const days = rows
    .filter((row): row is typeof row & { day: string } => row.day !== null)
    .sort((a, b) => a.day.localeCompare(b.day) || rank(a.group, b.group))
    .map((row) => ({ day: row.day, ...rowOf(row) }))
  const overall = rows
    .filter((row) => row.day === null)
    .sort((a, b) => rank(a.group, b.group))
    .map(rowOf)
  return { ...window, by, days, overall }
}

const HOUR_MS = 3_600_000

/** DEPT-10, DEPT-11: every hour of the window, those without studies at 0. */
export async function volumeStats(ctx: StatsContext, query: StatsQuery): Promise<VolumeStats> {
  const window = windowOf(ctx, query)
  const [{ start, end }, counts] = await Promise.all([
    windowBounds(ctx.db, window),
    hourCounts(ctx.db, window),
  ])
  const hours = Array.from({ length: Math.round((end - start) / HOUR_MS) }, (_, i) => ({
    hour: new Date(start + i * HOUR_MS).toISOString(),
    ordered: 0,
    signed: 0,
  }))
  for (const count of counts) {
    const hour = hours[count.hour]
    if (hour) hour[count.what] += count.n
  }
  return { ...window, hours }
}

/** DEPT-13..DEPT-17 */
export async function criticalCommunicationStats(
  ctx: StatsContext,
  query: StatsQuery,
): Promise<CriticalCommunicationStats> {
  const window = windowOf(ctx, query)
  return { ...window, ...(await criticalDelays(ctx.db, window)) }
}

/** DEPT-12: every month the window touches, oldest first, with its completion rate. */
export async function followUpStats(ctx: StatsContext, query: StatsQuery): Promise<FollowUpStats> {
  const window = windowOf(ctx, query)
  const rows = await followUpMonths(ctx.db, window, dayIn(ctx.now(), ctx.timeZone))
  const byMonth = new Map(rows.map((row) => [row.month, row]))
  const months = monthsOf(window).map((month) => {
    const row = byMonth.get(month) ?? {
      month,
      due: 0,
      completed: 0,
      declined: 0,
      overdue: 0,
      open: 0,
    }
    const settled = row.due - row.open
    return { ...row, completion_rate: settled > 0 ? row.completed / settled : null }
  })
  return { ...window, months }
}
