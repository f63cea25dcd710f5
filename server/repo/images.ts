/**
 * Images of a study: the DICOM Study Instance UID an archive gave an order
 * (server/integration/studyUids.ts). Written once: a UID already there (an HL7 feed's, or another
 * instance's lookup) is never replaced. The write moves the worklist's version and emits
 * `order.updated` (migration 0007's trigger), so every list and live stream carries the link.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { orderEvents, orders } from '../db/schema'

/** What a lookup needs of an order: its accession and the UID it has (null: none yet). */
export async function studyKey(
  db: Queryable,
  orderId: string,
): Promise<{ accession: string; uid: string | null } | undefined> {
  const [row] = await db
    .select({ accession: orders.accessionNumber, uid: orders.studyInstanceUid })
    .from(orders)
    .where(eq(orders.id, orderId))
  return row
}

/** Stores `uid` as the order's study UID unless it has one; whether it was written. */
export async function storeStudyInstanceUid(
  db: Queryable,
  orderId: string,
  uid: string,
): Promise<boolean> {
  const written = await db
    .update(orders)
    .set({ studyInstanceUid: uid })
    .where(and(eq(orders.id, orderId), isNull(orders.studyInstanceUid)))
    .returning({ id: orders.id })
  return written.length > 0
}

/**
 * Tells every worklist the order's viewer link can now be made (INT-97: an archive id looked up
 * in memory, no column changed): an `order.updated` event in the log, stamped and announced at
 * commit like a trigger's.
 */
export async function announceImagesLink(db: Queryable, orderId: string): Promise<void> {
  await db.insert(orderEvents).values({ tx: sql`txid_current()`, orderId, type: 'order.updated' })
}
