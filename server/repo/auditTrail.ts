/**
 * The audit trail as an admin reads it (ADM-4..ADM-7): newest first, filtered by user, study
 * (an order id or its accession number), kind and time, one page at a time by an opaque cursor
 * (the last event's `seq`), each event with its user's current name and its study's accession
 * number. The CSV export walks the same query page by page, so no answer holds the whole trail.
 */
import { and, desc, eq, gte, inArray, lt, lte, or, type SQL } from 'drizzle-orm'
import { honestName, type AuditEventAnswer, type AuditKind } from '../../contract'
import type { Queryable } from '../db/client'
import { auditEvents, orders, users } from '../db/schema'
import { Invalid } from '../domain/errors'

export interface AuditTrailFilter {
  userId?: string | undefined
  /** An order id or an accession number. */
  order?: string | undefined
  kind?: AuditKind | undefined
  /** From this instant, inclusive. */
  from?: Date | undefined
  /** Up to this instant: inclusive, or exclusive when `toExclusive` (a whole day's end). */
  to?: Date | undefined
  toExclusive?: boolean | undefined
}

/** A page's position: events older than this `seq`. */
export type AuditCursor = number

const CURSOR_PATTERN = /^s([1-9][0-9]{0,15})$/

export const encodeAuditCursor = (seq: AuditCursor): string =>
  Buffer.from(`s${seq}`).toString('base64url')

/** The cursor's position; 400 for anything this server did not hand out. */
export function decodeAuditCursor(cursor: string): AuditCursor {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('latin1'))
  const seq = match?.[1] === undefined ? Number.NaN : Number(match[1])
  if (!Number.isSafeInteger(seq) || encodeAuditCursor(seq) !== cursor)
    throw new Invalid('The audit cursor is not one this server handed out.', 'bad_cursor')
  return seq
}

/**
 * The orders an `order` filter names: the order of that accession number, else the id itself
 * (an order no longer held keeps its events).
 */
async function ordersNamed(q: Queryable, order: string): Promise<string[]> {
  const rows = await q
    .select({ id: orders.id, accession: orders.accessionNumber })
    .from(orders)
    .where(or(eq(orders.id, order), eq(orders.accessionNumber, order)))
  const byAccession = rows.filter((row) => row.accession === order && row.id !== order)
  return byAccession.length > 0 ? byAccession.map((row) => row.id) : [order]
}

/** The filter's conditions (the order filter resolved once, before the pages are read). */
export async function auditConditions(q: Queryable, filter: AuditTrailFilter): Promise<SQL[]> {
  const where: SQL[] = []
  if (filter.userId !== undefined) where.push(eq(auditEvents.userId, filter.userId))
  if (filter.order !== undefined)
    where.push(inArray(auditEvents.orderId, await ordersNamed(q, filter.order)))
  if (filter.kind !== undefined) where.push(eq(auditEvents.kind, filter.kind))
  if (filter.from !== undefined) where.push(gte(auditEvents.createdAt, filter.from))
  if (filter.to !== undefined)
    where.push(
      filter.toExclusive
        ? lt(auditEvents.createdAt, filter.to)
        : lte(auditEvents.createdAt, filter.to),
    )
  return where
}

/** Up to `limit` events older than `before` (newest first) among those `where` selects. */
export async function auditPage(
  q: Queryable,
  where: readonly SQL[],
  limit: number,
  before?: AuditCursor,
): Promise<AuditEventAnswer[]> {
  const rows = await q
    .select({
      seq: auditEvents.seq,
      at: auditEvents.createdAt,
      kind: auditEvents.kind,
      userId: auditEvents.userId,
      name: users.name,
      loginId: users.loginId,
      orderId: auditEvents.orderId,
      accession: orders.accessionNumber,
      address: auditEvents.address,
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .leftJoin(orders, eq(orders.id, auditEvents.orderId))
    .where(and(...where, before === undefined ? undefined : lt(auditEvents.seq, before)))
    .orderBy(desc(auditEvents.seq))
    .limit(limit)
  return rows.map((row) => ({
    seq: row.seq,
    at: row.at.toISOString(),
    kind: row.kind,
    user_id: row.userId,
    user_name: userName(row.name, row.loginId),
    order_id: row.orderId,
    accession_number: row.accession,
    address: row.address,
    detail: row.detail ?? null,
  }))
}

/** The account's name now (its login id while it has none); null without a local account. */
function userName(name: string | null, loginId: string | null): string | null {
  if (loginId === null) return null
  const honest = honestName(name ?? '').trim()
  return honest !== '' ? honest : loginId
}
