/**
 * The log of what happened to orders (`order_events`, written by triggers: migration 0006), read by
 * the live stream (../events/hub.ts). Positions are `(version, seq)`: `version` follows commit
 * order, `seq` the order of events within one transaction.
 */
import { and, asc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Order, OrderEventType } from '../../contract'
import type { Database, Queryable } from '../db/client'
import { listVersions, orderEvents, orders, patients, reports } from '../db/schema'
import { orderJson } from './mappers'
import { listVersion, ordersVersion } from './worklist'

const EVENTS_PRUNED = 'events_pruned'

export interface EventPosition {
  version: number
  /** Within `version`; 0 means "all of `version`" was seen. */
  seq: number
}

export interface StoredEvent {
  version: number
  seq: number
  orderId: string
  type: OrderEventType
}

/** Where the log stands now: the worklist version every committed event is at or below. */
export const currentVersion = (db: Queryable): Promise<number> => ordersVersion(db)

/**
 * Events after `from` up to `through` (inclusive), in order, at most `limit`. `from.seq` 0 means
 * the whole of `from.version` was seen.
 */
export async function eventsAfter(
  db: Queryable,
  from: EventPosition,
  through: number,
  limit: number,
): Promise<StoredEvent[]> {
  const after =
    from.seq === 0
      ? gt(orderEvents.version, from.version)
      : or(
          gt(orderEvents.version, from.version),
          and(eq(orderEvents.version, from.version), gt(orderEvents.seq, from.seq)),
        )
  const rows = await db
    .select({
      version: orderEvents.version,
      seq: orderEvents.seq,
      orderId: orderEvents.orderId,
      type: orderEvents.type,
    })
    .from(orderEvents)
    .where(and(after, lte(orderEvents.version, through)))
    .orderBy(asc(orderEvents.version), asc(orderEvents.seq))
    .limit(limit)
  return rows.map((row) => ({
    version: row.version ?? 0,
    seq: row.seq,
    orderId: row.orderId,
    type: row.type as OrderEventType,
  }))
}

/** The orders as GET /orders/{id} answers them now, by id (a deleted order is absent). */
export async function ordersByIds(db: Queryable, ids: string[]): Promise<Map<string, Order>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: orders.id, order: orderJson })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .leftJoin(reports, eq(reports.orderId, orders.id))
    .where(inArray(orders.id, ids))
  return new Map(rows.map((row) => [row.id, row.order]))
}

/** The highest version whose events were pruned: a stream cannot resume from before it. */
export const prunedThrough = (db: Queryable): Promise<number> => listVersion(db, EVENTS_PRUNED)

/**
 * Deletes events older than `before` and moves the pruned mark past them, in one transaction:
 * a client asking to resume from before the mark is told to refetch (a `reset`).
 */
export async function pruneEvents(db: Database, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(orderEvents)
      .where(lt(orderEvents.createdAt, before))
      .returning({ version: orderEvents.version })
    if (gone.length === 0) return 0
    const mark = Math.max(...gone.map((row) => row.version ?? 0))
    await tx
      .update(listVersions)
      .set({ version: sql`greatest(${listVersions.version}, ${mark})` })
      .where(eq(listVersions.name, EVENTS_PRUNED))
    return gone.length
  })
}
