/**
 * The department's numbers read from the clinical tables (DEPT-1..DEPT-12): turnaround per signed
 * report, orders and signatures per hour, follow-ups by the month their window ends. Days and
 * hours are the department's (`AT TIME ZONE`, never the session's zone); percentiles are
 * PostgreSQL's percentile_cont, which leaves out the stages a report never had (never opened).
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Priority, TurnaroundGroup } from '../../contract'
import type { Queryable } from '../db/client'
import type { StatsWindow } from '../outcomes/statsWindow'

/** Both drivers answer `execute` with the rows in `rows`. */
export async function rowsOf<Row>(q: Queryable, query: SQL): Promise<Row[]> {
  const result: unknown = await q.execute(query)
  return (result as { rows: Row[] }).rows
}

/** The instant the window's first day starts, in the department's zone. */
export const windowStart = (w: StatsWindow): SQL =>
  sql`((${w.from}::date)::timestamp at time zone ${w.time_zone})`
/** The instant the day after the window's last day starts. */
export const windowEnd = (w: StatsWindow): SQL =>
  sql`((${w.to}::date + 1)::timestamp at time zone ${w.time_zone})`
/** Signed in the window: orders.finalized_at is the report's, kept by a trigger and indexed. */
export const signedIn = (w: StatsWindow): SQL =>
  sql`o.finalized_at >= ${windowStart(w)} and o.finalized_at < ${windowEnd(w)}`
/** The day an instant falls on in the department's zone, as YYYY-MM-DD. */
export const dayOf = (instant: SQL, w: StatsWindow): SQL =>
  sql`((${instant} at time zone ${w.time_zone})::date)::text`

const listOf = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )

export interface TurnaroundFilter {
  by: TurnaroundGroup
  priority?: readonly Priority[] | undefined
  modality?: readonly string[] | undefined
}

export interface TurnaroundRow {
  /** Null: the row of the group over the whole window. */
  day: string | null
  group: string
  count: number
  oo50: number | null
  oo90: number | null
  os50: number | null
  os90: number | null
  of50: number | null
  of90: number | null
}

const p = (fraction: number, column: string) =>
  sql.raw(`percentile_cont(${String(fraction)}) within group (order by ${column})`)

/**
 * DEPT-5..DEPT-8: per signed report, ordered → first opened (its earliest `study_opened`) →
 * signed, in minutes; p50 and p90 per day and group, and per group over the window.
 */
export async function turnaroundRows(
  q: Queryable,
  w: StatsWindow,
  filter: TurnaroundFilter,
): Promise<TurnaroundRow[]> {
  const group = sql.raw(filter.by === 'modality' ? 'o.modality' : 'o.priority')
  const narrow: SQL[] = []
  if (filter.priority?.length) narrow.push(sql` and o.priority in (${listOf(filter.priority)})`)
  if (filter.modality?.length) narrow.push(sql` and o.modality in (${listOf(filter.modality)})`)
  return rowsOf<TurnaroundRow>(
    q,
    sql`with signed as (
      select ${group} as grp, ${dayOf(sql`o.finalized_at`, w)} as day,
        (extract(epoch from (opened.at - o.ordered_at)) / 60)::float8 as oo,
        (extract(epoch from (o.finalized_at - opened.at)) / 60)::float8 as os,
        (extract(epoch from (o.finalized_at - o.ordered_at)) / 60)::float8 as "of"
      from orders o
      left join lateral (
        select min(a.created_at) as at from audit_events a
        where a.order_id = o.id and a.kind = 'study_opened'
      ) opened on true
      where ${signedIn(w)}${sql.join(narrow)}
    )
    select case when grouping(day) = 1 then null else day end as day, grp as "group",
      count(*)::int as count,
      ${p(0.5, 'oo')} as oo50, ${p(0.9, 'oo')} as oo90,
      ${p(0.5, 'os')} as os50, ${p(0.9, 'os')} as os90,
      ${p(0.5, '"of"')} as of50, ${p(0.9, '"of"')} as of90
    from signed group by grouping sets ((day, grp), (grp))`,
  )
}

export interface HourCount {
  what: 'ordered' | 'signed'
  /** Hours since the window's start. */
  hour: number
  n: number
}

/** DEPT-10: the window's bounds as epoch milliseconds (its hours are counted between them). */
export async function windowBounds(
  q: Queryable,
  w: StatsWindow,
): Promise<{ start: number; end: number }> {
  // float8: a number from both drivers; read through Number() all the same.
  const [row] = await rowsOf<{ start: number | string; end: number | string }>(
    q,
    sql`select (extract(epoch from ${windowStart(w)}) * 1000)::float8 as start,
      (extract(epoch from ${windowEnd(w)}) * 1000)::float8 as "end"`,
  )
  if (!row) throw new Error('the window has no bounds')
  return { start: Number(row.start), end: Number(row.end) }
}

/**
 * DEPT-10, DEPT-11: orders ordered and reports signed per hour of the window, counted from its
 * start in whole hours (so a zone half an hour off UTC still counts on its own hours).
 */
export function hourCounts(q: Queryable, w: StatsWindow): Promise<HourCount[]> {
  const hourOf = (column: string) =>
    sql`floor(extract(epoch from (${sql.raw(column)} - ${windowStart(w)})) / 3600)::int`
  const within = (column: string) =>
    sql`${sql.raw(column)} >= ${windowStart(w)} and ${sql.raw(column)} < ${windowEnd(w)}`
  return rowsOf<HourCount>(
    q,
    sql`select 'ordered' as what, ${hourOf('o.ordered_at')} as hour, count(*)::int as n
      from orders o where ${within('o.ordered_at')} group by 2
      union all
      select 'signed', ${hourOf('o.finalized_at')}, count(*)::int
      from orders o where ${within('o.finalized_at')} group by 2`,
  )
}

export interface FollowUpMonthRow {
  month: string
  due: number
  completed: number
  declined: number
  overdue: number
  open: number
}

/**
 * DEPT-12: follow-ups whose window ends in the period, by that month: recorded completed or
 * declined, open and past its window (overdue: `due_to` before `today`), or open.
 */
export function followUpMonths(
  q: Queryable,
  w: StatsWindow,
  today: string,
): Promise<FollowUpMonthRow[]> {
  return rowsOf<FollowUpMonthRow>(
    q,
    sql`select to_char(due_to, 'YYYY-MM') as month, count(*)::int as due,
      (count(*) filter (where status = 'completed'))::int as completed,
      (count(*) filter (where status = 'declined'))::int as declined,
      (count(*) filter (where status = 'open' and due_to < ${today}::date))::int as overdue,
      (count(*) filter (where status = 'open' and due_to >= ${today}::date))::int as open
    from follow_ups where due_to >= ${w.from}::date and due_to <= ${w.to}::date
    group by 1 order by 1`,
  )
}
