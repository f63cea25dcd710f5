/**
 * Critical results communicated (CR-1): who was told of a critical finding, how, when, and
 * whether they read it back. Recorded under the order row lock (so a signature checking for one
 * sees it or not, never half), with its audit event (`critical_result_communicated`, codes only:
 * never the recipient's name). Before the signature only the clinician who holds the study's
 * claim records one (409 `claimed` for anyone else, CR-22). A final report still takes one, from
 * anyone, since communications are often written down after the signature: the report's version
 * moves on and, with HL7_SEND_TO, a corrected result (OBR-25 C) carrying it is queued, as an
 * addendum does. Clearing the conversation never deletes one (CR-12).
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { SIGNING_LIMITS, type Communication, type CommunicationRequest } from '../../contract'
import type { Database } from '../db/client'
import { criticalCommunications, orders, reports } from '../db/schema'
import { Invalid, NotFound } from '../domain/errors'
import { auditOf, displayName, recordAudit, type Actor } from './audit'
import { assertNotClaimedByOther } from './claims'
import { toCommunication, type CommunicationRow } from './mappers'
import type { ResultsQueue } from './outbox'
import { listCommunications } from './reportHistory'
import { lockOrder, nextVersionTime } from './reportVersions'

/** The order's communications, oldest first; 404 when there is no such order. */
export async function communicationsOf(db: Database, orderId: string): Promise<Communication[]> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))
    if (!order) throw new NotFound('Order')
    return listCommunications(tx, orderId)
  })
}

export async function recordCommunication(
  db: Database,
  orderId: string,
  input: CommunicationRequest,
  now: () => Date,
  actor: Actor,
  results?: ResultsQueue,
): Promise<Communication> {
  const communicatedAt = new Date(input.communicated_at)
  if (communicatedAt.getTime() > now().getTime() + SIGNING_LIMITS.futureSkewMs) {
    throw new Invalid('body.communicated_at: must not be in the future')
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    const [report] = await tx.select().from(reports).where(eq(reports.orderId, orderId))
    // CR-22: before the signature the record unlocks it (CR-3), so only the study's reader may
    // write it, as only they may write the report; once signed, anyone may, as with addenda.
    if (!report?.isFinal) await assertNotClaimedByOther(tx, orderId, actor, now())
    const at = report?.isFinal ? nextVersionTime(now(), order, report) : now()
    const [row] = await tx
      .insert(criticalCommunications)
      .values({
        id: randomUUID(),
        orderId,
        recipient: input.recipient,
        role: input.role,
        method: input.method,
        communicatedAt,
        readBack: input.read_back,
        recordedBy: actor.userId,
        recordedByName: await displayName(tx, actor),
        recordedAt: at,
      })
      .returning()
    const communication = toCommunication(row as CommunicationRow)
    await recordAudit(
      tx,
      auditOf(actor, 'critical_result_communicated', orderId, at, {
        communication_id: communication.id,
        method: communication.method,
        read_back: communication.read_back,
        after_signature: report?.isFinal === true,
      }),
    )
    if (report?.isFinal) {
      await tx.update(reports).set({ updatedAt: at }).where(eq(reports.orderId, orderId))
      await results?.(tx, orderId, 'addendum', at)
    }
    return communication
  })
}
