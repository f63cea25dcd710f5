/**
 * Who reads which study (CLM-1..CLM-4). A claim is a lease on one order held by one clinician:
 * claiming again renews it, a take-over moves it, releasing or `expires_at` passing ends it.
 * Every change of holder is an event (migration 0006), so every worklist hears of it.
 *
 * Claims of one order are serialized by the order's row lock, the lock report writes take too;
 * 'Next study' skips orders whose row another transaction holds (`SKIP LOCKED`), so two
 * clinicians pressing it together are handed two different studies.
 */
import { and, eq, lte, sql } from 'drizzle-orm'
import { CANCELLED_STATUS, type ClaimAnswer, type ClaimHolder, type Order } from '../../contract'
import type { Database, Queryable, Tx } from '../db/client'
import { orderClaims, orders } from '../db/schema'
import { Busy, ClaimedByOther, NotFound } from '../domain/errors'
import { auditOf, displayName, recordAudit, type Actor } from './audit'
import { yieldingHolderOf } from './reviewRules'
import { getOrder } from './studies'

type ClaimRow = typeof orderClaims.$inferSelect

export interface ClaimClock {
  now: () => Date
  /** How long a claim lasts without renewal. */
  leaseMs: number
}

const holderOf = (row: ClaimRow): ClaimHolder => ({
  user_id: row.userId,
  name: row.userName,
  since: row.since.toISOString(),
})

const answerOf = (row: ClaimRow): ClaimAnswer => ({
  order_id: row.orderId,
  claimed_by: holderOf(row),
  expires_at: row.expiresAt.toISOString(),
})

/** The order's live claim (an expired one is none), read under the caller's locks. */
async function liveClaim(q: Queryable, orderId: string, now: Date): Promise<ClaimRow | undefined> {
  const [row] = await q.select().from(orderClaims).where(eq(orderClaims.orderId, orderId))
  return row && row.expiresAt > now ? row : undefined
}

/** Writes the caller's claim on a locked order: a renewal keeps its `since`. */
async function writeClaim(
  tx: Tx,
  orderId: string,
  holder: { userId: string; name: string },
  current: ClaimRow | undefined,
  clock: ClaimClock,
): Promise<ClaimRow> {
  const at = clock.now()
  const renewing = current?.userId === holder.userId
  const values = {
    orderId,
    userId: holder.userId,
    userName: renewing ? current.userName : holder.name,
    since: renewing ? current.since : at,
    expiresAt: new Date(at.getTime() + clock.leaseMs),
  }
  const [row] = await tx
    .insert(orderClaims)
    .values(values)
    .onConflictDoUpdate({
      target: orderClaims.orderId,
      set: {
        userId: values.userId,
        userName: values.userName,
        since: values.since,
        expiresAt: values.expiresAt,
      },
    })
    .returning()
  return row as ClaimRow
}

/**
 * Claims (or renews) the order for the actor. Held by someone else: 409 with the holder, unless
 * `takeOver`, which moves the claim and is recorded in the audit trail.
 */
export async function claimOrder(
  db: Database,
  orderId: string,
  actor: Actor,
  clock: ClaimClock,
  options: { takeOver: boolean },
): Promise<ClaimAnswer> {
  return db.transaction(async (tx) => {
    await lockOrderRow(tx, orderId)
    const current = await liveClaim(tx, orderId, clock.now())
    const other = current && current.userId !== actor.userId ? current : undefined
    // RV-2, RV-5: a claim whose holder it is not the turn of in a review moves as a take-over.
    const yields = other && (await yieldingHolderOf(tx, orderId, actor.userId)) === other.userId
    if (other && !options.takeOver && !yields) throw new ClaimedByOther(holderOf(other))
    const name = await displayName(tx, actor)
    const row = await writeClaim(tx, orderId, { userId: actor.userId, name }, current, clock)
    if (other) {
      await recordAudit(
        tx,
        auditOf(actor, 'claim_taken_over', orderId, clock.now(), { previous_holder: other.userId }),
      )
    }
    return answerOf(row)
  })
}

/** Ends the actor's claim on the order; someone else's claim stays (a release is idempotent). */
export async function releaseClaim(db: Database, orderId: string, actor: Actor): Promise<void> {
  await db
    .delete(orderClaims)
    .where(and(eq(orderClaims.orderId, orderId), eq(orderClaims.userId, actor.userId)))
}

/**
 * 409 when someone else holds a live claim on the order: report writes of a study another
 * clinician reads are refused (the screen keeps the text and turns read-only). An order nobody
 * claims takes writes from anyone, as a backend without claims does. `except` names a holder whose
 * claim gives way during a review (RV-2, RV-5: ./reviewRules.ts `yieldingHolder`).
 */
export async function assertNotClaimedByOther(
  q: Queryable,
  orderId: string,
  actor: Actor,
  now: Date,
  except?: string | null,
): Promise<void> {
  const current = await liveClaim(q, orderId, now)
  if (current && current.userId !== actor.userId && current.userId !== except) {
    throw new ClaimedByOther(holderOf(current))
  }
}

async function lockOrderRow(tx: Tx, orderId: string): Promise<void> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
  if (!row) throw new NotFound('Order')
}

/** Orders a clinician could pick up: not signed, not cancelled, and nobody's live claim on them. */
const unclaimedUnsigned = (now: Date) => sql`${orders.finalizedAt} is null
    and ${orders.status} <> ${CANCELLED_STATUS} and not exists (
    select 1 from ${orderClaims}
    where ${orderClaims.orderId} = ${orders.id} and ${orderClaims.expiresAt} > ${now})`

/** A pick can lose a race (a claim committed after its snapshot); a new snapshot sees it. */
const NEXT_ATTEMPTS = 20

/**
 * Claims the most urgent study nobody reads and nobody has signed (priority, then longest
 * waiting), for the actor: the order, now claimed, or null when none is left. Concurrent callers
 * skip each other's candidate rows, so they get different studies.
 */
export async function claimNextStudy(
  db: Database,
  actor: Actor,
  clock: ClaimClock,
): Promise<Order | null> {
  const claimed = await db.transaction(async (tx) => {
    const name = await displayName(tx, actor)
    for (let attempt = 0; attempt < NEXT_ATTEMPTS; attempt++) {
      const [candidate] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(unclaimedUnsigned(clock.now()))
        .orderBy(orders.priorityRank, orders.orderedAt, orders.seq)
        .limit(1)
        .for('update', { of: orders, skipLocked: true })
      if (!candidate) return null
      // The row is ours now; a claim committed after the pick's snapshot shows here.
      const current = await liveClaim(tx, candidate.id, clock.now())
      if (current) continue
      await writeClaim(tx, candidate.id, { userId: actor.userId, name }, undefined, clock)
      return candidate.id
    }
    throw new Busy('busy', 'Too many clinicians are picking studies; try again.')
  })
  return claimed === null ? null : getOrder(db, claimed)
}

/**
 * Deletes claims that have expired (each one an `order.released` event): run on every server
 * instance every few seconds; instances racing delete each row once. Answers how many ended.
 */
export async function sweepExpiredClaims(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(orderClaims)
    .where(lte(orderClaims.expiresAt, now))
    .returning({ orderId: orderClaims.orderId })
  return gone.length
}
