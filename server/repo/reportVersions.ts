/**
 * What every write of a report shares: the order row lock that serializes writes to one study,
 * the report's version (its `updated_at`, never reused), the HTTP preconditions that name it, and
 * the report as the API answers it. Every report write appends its revision (`./reportHistory`)
 * and every act its audit event (`./audit`), in the transaction of the write.
 */
import { eq } from 'drizzle-orm'
import type { Addendum, Report, ReportSections } from '../../contract'
import { reportETag as versionTag } from '../../contract'
import type { Queryable, Tx } from '../db/client'
import { orders, reports } from '../db/schema'
import { NotFound, StaleVersion } from '../domain/errors'
import { toReport, type OrderRow, type ReportRow } from './mappers'
import { preliminarySections } from './preliminary'
import { listAddenda, listCommunications } from './reportHistory'

/** Locks the order row for the rest of the transaction; 404 when it does not exist. */
export async function lockOrder(tx: Tx, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
  if (!row) throw new NotFound('Order')
  return row
}

/** The addenda a report answer carries: only a final report has any. */
export const addendaOf = (
  q: Queryable,
  report: ReportRow | null | undefined,
): Promise<Addendum[]> => (report?.isFinal ? listAddenda(q, report.orderId) : Promise.resolve([]))

/**
 * A report as the API answers it, with its addenda, its order's critical communications and its
 * preliminary read (RV-3).
 */
export async function reportAnswer(q: Queryable, row: ReportRow): Promise<Report> {
  const addenda = await addendaOf(q, row)
  const communications = await listCommunications(q, row.orderId)
  return toReport(row, addenda, communications, await preliminarySections(q, row))
}

/** The latest of some instants; null when there is none. */
export function latest(...instants: (Date | null | undefined)[]): Date | null {
  const times = instants.flatMap((instant) => (instant ? [instant.getTime()] : []))
  return times.length > 0 ? new Date(Math.max(...times)) : null
}

/**
 * A report's `updated_at` is its version (the ETag of PUT and finalize preconditions), so every
 * write moves it forward, by a millisecond past the previous one when the clock has not moved:
 * two writes never share a version. "The previous one" is the current report's version or, when
 * the conversation was cleared, the version of the report deleted then (the order's
 * `reportVersionFloor`), whichever is later: a stale client's If-Match never names a new report.
 * Callers hold the order row lock (and pass the row it returned), so writes are serialized.
 */
export function nextVersionTime(
  now: Date,
  order: Pick<OrderRow, 'reportVersionFloor'>,
  previous: Pick<ReportRow, 'updatedAt'> | undefined,
): Date {
  const last = latest(previous?.updatedAt, order.reportVersionFloor)
  if (!last) return now
  return new Date(Math.max(now.getTime(), last.getTime() + 1))
}

/** The version of a report as the API shows it: its `updated_at`, quoted like an ETag. */
export function reportETag(report: Report): string {
  return versionTag(report.updated_at)
}

/**
 * HTTP preconditions of PUT report and POST finalize (RFC 9110 §13.1): `If-Match` lists the
 * versions the client's change was written against, `If-None-Match: *` says it expected no report
 * at all. Absent headers impose nothing.
 */
export interface ReportPreconditions {
  ifMatch?: string | undefined
  ifNoneMatch?: string | undefined
}

const reportChanged = () => new StaleVersion()

/** `"a", W/"b", *` -> ['"a"', 'W/"b"', '*']; an unquoted single value is taken as one tag. */
function entityTags(header: string): string[] {
  const tags = header.match(/\*|(?:W\/)?"[^"]*"/g)
  if (tags) return tags
  const bare = header.trim()
  return bare ? [`"${bare}"`] : []
}

/** Whether a header's tag list names the current version (`*`: any report at all). */
function listMatches(header: string, current: ReportRow | undefined): boolean {
  if (!current) return false
  const etag = versionTag(current.updatedAt.toISOString())
  // Strong comparison (If-Match requires it): a weak tag never matches.
  return entityTags(header).some((tag) => tag === '*' || tag === etag)
}

export function assertPreconditions(
  pre: ReportPreconditions,
  current: ReportRow | undefined,
): void {
  if (pre.ifMatch !== undefined && !listMatches(pre.ifMatch, current)) throw reportChanged()
  if (pre.ifNoneMatch !== undefined && listMatches(pre.ifNoneMatch, current)) throw reportChanged()
}

export async function upsertReport(
  tx: Tx,
  orderId: string,
  values: Partial<ReportSections>,
  at: Date,
) {
  const [row] = await tx
    .insert(reports)
    .values({ orderId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: reports.orderId, set: { ...values, updatedAt: at } })
    .returning()
  return row as ReportRow
}
