/**
 * Counters in fixed time windows, kept in the database (table sign_in_failures) so that every
 * server instance sees the same counts. A limit built on them reserves its slot before the
 * costly work: the increment and the answer come from ONE statement, so two requests at the same
 * instant get two different counts, and no more than the limit can ever be let through, however
 * many arrive at once and on however many instances.
 *
 * Keys name what they count with a prefix ('login:', 'ip:', 'signup:', 'write:' ...), so the one
 * table holds every limit's counters.
 */
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Queryable } from './client'
import { isoTimestamp, prepared } from './prepared'
import { signInFailures } from './schema'

export interface WindowCount {
  /** The count with this request included. */
  count: number
  windowStartedAt: Date
}

/**
 * Adds one to `key` and answers the new count. A window that ended starts again from one, at
 * `now`: the first request after it ended opens the next.
 */
export async function countInWindow(
  db: Queryable,
  key: string,
  now: Date,
  windowSeconds: number,
): Promise<WindowCount> {
  const [row] = await countStatement.run(db, countValues({ key, at: now, windowSeconds }))
  if (!row) throw new Error(`The counter ${key} was not stored`)
  return windowCountOf(row)
}

/**
 * The statement that adds one to a counter and answers `count` and `windowStartedAt` (ISO text),
 * from SQL values for the key, the time now and the time before which the window has ended. It
 * is its own statement here, and a CTE where another statement counts its write in the same
 * round trip (../repo/exchangeStatements.ts).
 */
export function countSql(key: SQLWrapper, now: SQLWrapper, staleBefore: SQLWrapper): SQL {
  // Raw SQL parameters skip the column's Date mapping, so timestamps go in as ISO text.
  const stale = sql`${signInFailures.windowStartedAt} <= ${staleBefore}::timestamptz`
  const at = sql`${now}::timestamptz`
  return sql`insert into ${signInFailures} ("key", "count", "window_started_at")
    values (${key}, 1, ${at})
    on conflict ("key") do update set
      "count" = case when ${stale} then 1 else ${signInFailures.count} + 1 end,
      "window_started_at" = case when ${stale} then ${at} else ${signInFailures.windowStartedAt} end
    returning ${signInFailures.count} as "count",
      ${isoTimestamp(signInFailures.windowStartedAt)} as "windowStartedAt"`
}

/** One count to make: the counter's key, when, and the window's length. */
export interface WindowSlot {
  key: string
  at: Date
  windowSeconds: number
}

/** The values of `countSql`'s placeholders (`key`, `now`, `staleBefore`) for counting `slot`. */
export function countValues({ key, at, windowSeconds }: WindowSlot) {
  return {
    key,
    now: at.toISOString(),
    staleBefore: new Date(at.getTime() - windowSeconds * 1000).toISOString(),
  }
}

/** A counted row as the statement answers it. */
export interface CountedRow {
  count: number
  windowStartedAt: string
}

export function windowCountOf(row: CountedRow): WindowCount {
  return { count: row.count, windowStartedAt: new Date(row.windowStartedAt) }
}

/** Every write to /api/v1 runs this (writeRateLimit.ts): prepared once (./prepared.ts). */
const countStatement = prepared<CountedRow>('window_count', () =>
  countSql(sql.placeholder('key'), sql.placeholder('now'), sql.placeholder('staleBefore')),
)

/**
 * Takes `amount` back off `key`, only while it is still in the window the count was made in
 * (a later window started from nothing and owes nothing back).
 */
export async function takeBack(
  db: Queryable,
  key: string,
  counted: WindowCount,
  amount = 1,
): Promise<void> {
  await db
    .update(signInFailures)
    .set({ count: sql`greatest(${signInFailures.count} - ${amount}, 0)` })
    .where(
      and(eq(signInFailures.key, key), eq(signInFailures.windowStartedAt, counted.windowStartedAt)),
    )
}

/**
 * Whole seconds until the window of `counted` ends, from one to the window's length: a request
 * that read the clock just before another opened the window would otherwise wait a second more.
 */
export function secondsLeft(counted: WindowCount, now: Date, windowSeconds: number): number {
  const endsAt = counted.windowStartedAt.getTime() + windowSeconds * 1000
  return Math.min(windowSeconds, Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)))
}
