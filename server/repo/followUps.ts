/**
 * The writes of tracked follow-up recommendations (FU-10..FU-21): made in the signature's
 * transaction (FU-11), closed by hand (FU-15, FU-17) or by an arriving order (FU-18, FU-19), moved
 * with an ADT merge (FU-21). Every close is one conditional UPDATE (`status = 'open'`): of two closers of one
 * item, the second finds it closed, on PostgreSQL as on PGlite. Audit events hold ids only, never
 * a recommendation's words (SEC-3).
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { FOLLOW_UP_CLOSED_ERROR, type FollowUpResolution, type FollowUpInput } from '../../contract'
import type { Queryable, Tx } from '../db/client'
import { followUps, orders } from '../db/schema'
import { Conflict, Invalid, NotFound } from '../domain/errors'
import { fulfilledBy, type ArrivingOrder } from '../outcomes/matching'
import { recordAudit, type Actor } from './audit'

/** A recommendation to track, as confirmed at signing (or as the server found it). */
export type NewFollowUp = Pick<
  FollowUpInput,
  'modality' | 'body_part' | 'due_from' | 'due_to' | 'reason' | 'text'
>

/** FU-10, FU-11: the signed report's follow-ups, created by its signer in the signature's transaction. */
export async function insertFollowUps(
  tx: Tx,
  source: { orderId: string; patientId: string },
  items: readonly NewFollowUp[],
  signer: { actor: Actor; name: string },
  at: Date,
): Promise<string[]> {
  if (items.length === 0) return []
  const rows = items.map((item) => ({
    id: randomUUID(),
    patientId: source.patientId,
    sourceOrderId: source.orderId,
    modality: item.modality.trim(),
    bodyPart: item.body_part.trim(),
    dueFrom: item.due_from,
    dueTo: item.due_to,
    reason: item.reason.trim(),
    text: item.text?.trim() ?? '',
    status: 'open' as const,
    createdBy: signer.actor.userId,
    createdByName: signer.name,
    createdAt: at,
  }))
  await tx.insert(followUps).values(rows)
  for (const row of rows) {
    await recordAudit(tx, {
      kind: 'follow_up_created',
      userId: signer.actor.userId,
      orderId: source.orderId,
      address: signer.actor.address ?? null,
      detail: { follow_up_id: row.id },
      at,
    })
  }
  return rows.map((row) => row.id)
}

const closed = () =>
  new Conflict(
    'This follow-up is already completed or declined; it cannot be closed again.',
    FOLLOW_UP_CLOSED_ERROR,
  )

export interface Resolution {
  status: FollowUpResolution
  reason: string
  orderId?: string | undefined
}

/**
 * FU-15: completes or declines an open (or overdue) follow-up by hand. 404 for no such item, 409
 * `follow_up_closed` when it is closed already (or a colleague closed it a moment before), 404 /
 * 400 for a named order that does not exist or is another patient's (FU-16).
 */
export async function resolveFollowUp(
  tx: Tx,
  id: string,
  resolution: Resolution,
  by: { actor: Actor; name: string },
  at: Date,
): Promise<void> {
  const [item] = await tx
    .select({ status: followUps.status, patientId: followUps.patientId })
    .from(followUps)
    .where(eq(followUps.id, id))
  if (!item) throw new NotFound('The follow-up')
  if (item.status !== 'open') throw closed()
  if (resolution.orderId !== undefined) await assertSamePatient(tx, resolution.orderId, item)
  const [done] = await tx
    .update(followUps)
    .set({
      status: resolution.status,
      resolvedAt: at,
      resolvedBy: by.actor.userId,
      resolvedByName: by.name,
      resolutionReason: resolution.reason.trim(),
      resolvedOrderId: resolution.orderId ?? null,
    })
    .where(and(eq(followUps.id, id), eq(followUps.status, 'open')))
    .returning({ sourceOrderId: followUps.sourceOrderId })
  if (!done) throw closed()
  await recordAudit(tx, {
    kind: resolution.status === 'completed' ? 'follow_up_completed' : 'follow_up_declined',
    userId: by.actor.userId,
    orderId: done.sourceOrderId,
    address: by.actor.address ?? null,
    detail: { follow_up_id: id, ...(resolution.orderId ? { order_id: resolution.orderId } : {}) },
    at,
  })
}

async function assertSamePatient(tx: Tx, orderId: string, item: { patientId: string }) {
  const [order] = await tx
    .select({ patientId: orders.patientId })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) throw new NotFound(`The order ${orderId}`)
  if (order.patientId !== item.patientId) {
    throw new Invalid(
      `The order ${orderId} is another patient's; a follow-up is completed by an order of its own patient.`,
    )
  }
}

/** An order just inserted, as matching reads it (../outcomes/matching.ts). */
export interface InsertedOrder extends ArrivingOrder {
  id: string
  patientId: string
  accessionNumber: string
}

/**
 * FU-18, FU-19: each new order completes the oldest open follow-up of its patient that it fulfils, in
 * the order's own transaction, by nobody (`resolved_by` null). Without an open follow-up for any
 * of the orders' patients this is one indexed query. A candidate a concurrent order took first is
 * passed over for the next one, so two orders never complete one item twice.
 */
export async function completeByOrders(
  tx: Tx,
  inserted: readonly InsertedOrder[],
  timeZone: string,
  at: Date,
): Promise<void> {
  const patientIds = [...new Set(inserted.map((order) => order.patientId))]
  if (patientIds.length === 0) return
  const open = await tx
    .select({
      id: followUps.id,
      patientId: followUps.patientId,
      sourceOrderId: followUps.sourceOrderId,
      modality: followUps.modality,
      bodyPart: followUps.bodyPart,
      dueFrom: followUps.dueFrom,
      dueTo: followUps.dueTo,
      createdAt: followUps.createdAt,
    })
    .from(followUps)
    .where(and(inArray(followUps.patientId, patientIds), eq(followUps.status, 'open')))
    .orderBy(asc(followUps.createdAt), asc(followUps.id))
  if (open.length === 0) return
  const taken = new Set<string>()
  for (const order of inserted) {
    const mine = open.filter((item) => item.patientId === order.patientId && !taken.has(item.id))
    for (const candidate of fulfilledBy(order, mine, timeZone)) {
      taken.add(candidate.id)
      if (await completeByOrder(tx, candidate, order, at)) break
    }
  }
}

async function completeByOrder(
  tx: Tx,
  item: { id: string; sourceOrderId: string },
  order: InsertedOrder,
  at: Date,
): Promise<boolean> {
  const [done] = await tx
    .update(followUps)
    .set({
      status: 'completed',
      resolvedAt: at,
      resolvedBy: null,
      resolvedByName: null,
      resolutionReason: `Matching order ${order.accessionNumber} received`,
      resolvedOrderId: order.id,
    })
    .where(and(eq(followUps.id, item.id), eq(followUps.status, 'open')))
    .returning({ id: followUps.id })
  if (!done) return false
  await recordAudit(tx, {
    kind: 'follow_up_completed',
    userId: null,
    orderId: item.sourceOrderId,
    detail: { follow_up_id: item.id, order_id: order.id },
    at,
  })
  return true
}

/** FU-21: an ADT merge moves the merged patient's follow-ups to the surviving patient. */
export async function moveFollowUps(q: Queryable, fromPatientId: string, toPatientId: string) {
  await q
    .update(followUps)
    .set({ patientId: toPatientId })
    .where(eq(followUps.patientId, fromPatientId))
}
