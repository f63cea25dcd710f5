/**
 * The conversation of a study: ratings, the patient summary, and clearing it all (an exchange with
 * the assistant is `./exchange`). Writes run in one transaction under the order row lock, with
 * their audit events.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Rating } from '../../contract'
import { CANCELLED_STATUS, FINAL_STATUS, PATIENT_SUMMARY } from '../../contract'
import type { StudyContext } from '../assistant/types'
import type { Database } from '../db/client'
import { messages, orders, reportRevisions, reports } from '../db/schema'
import { Invalid, NotFound } from '../domain/errors'
import { auditOf, recordAudit, type Actor } from './audit'
import { assertNotClaimedByOther } from './claims'
import { loadStudy } from './exchange'
import { isPreliminaryOut } from './preliminary'
import { latest, lockOrder } from './reportVersions'

export async function rateMessage(
  db: Database,
  orderId: string,
  messageId: string,
  rating: Rating | null,
  actor: Actor,
  now: () => Date,
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ role: messages.role })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.orderId, orderId)))
    if (!row) throw new NotFound('Message')
    if (row.role !== 'assistant') {
      throw new Invalid('Only assistant replies can be rated.')
    }
    await tx.update(messages).set({ rating }).where(eq(messages.id, messageId))
    await recordAudit(
      tx,
      auditOf(actor, 'message_rated', orderId, now(), { message_id: messageId, rating }),
    )
  })
}

/**
 * Creates the structured patient summary once per conversation. The order row lock makes two
 * simultaneous first calls produce one summary.
 */
export async function initializeConversation(
  db: Database,
  orderId: string,
  actor: Actor,
  summarize: (study: StudyContext) => Promise<string>,
  now: () => Date,
): Promise<{ content?: string }> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, orderId)
    await recordAudit(tx, auditOf(actor, 'study_opened', orderId, now()))
    const existing = await tx
      .select({ id: messages.id, meta: messages.metaData })
      .from(messages)
      .where(eq(messages.orderId, orderId))
    if (existing.some((m) => m.meta?.type === PATIENT_SUMMARY)) return {}
    const content = await summarize(await loadStudy(tx, orderId))
    await tx.insert(messages).values({
      id: randomUUID(),
      orderId,
      userId: actor.userId,
      role: 'assistant',
      content,
      inputType: 'text',
      metaData: { type: PATIENT_SUMMARY, structured: true },
      createdAt: now(),
    })
    return { content }
  })
}

/**
 * Clears one order's conversation under the order row lock. Refused (409 `claimed`, CLM-10) while
 * another clinician holds a live claim on the study, as every other write of its report is; the
 * holder's own claim stays (the study is still open on their screen).
 *
 * The messages go. A signed report never does (CL-3): it stays with its revisions, addenda and
 * critical result communications, and the order's status says what it is, `final` (a cancelled
 * order stays cancelled). An unsigned draft goes with its revisions, and the order's original
 * status is restored (CL-2); the draft's version becomes the order's version floor (never moved
 * back), so the next report gets a version no client can still hold. A report whose preliminary
 * read went out (awaiting review, or returned: RV-1) stays as it is, status included. A critical result
 * communication is never deleted (CR-12): whoever was told was told, signed report or not.
 */
export async function clearConversation(
  db: Database,
  orderId: string,
  actor: Actor,
  now: () => Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    await assertNotClaimedByOther(tx, orderId, actor, now())
    await tx.delete(messages).where(eq(messages.orderId, orderId))
    const [current] = await tx
      .select({ isFinal: reports.isFinal, preliminaryState: reports.preliminaryState })
      .from(reports)
      .where(eq(reports.orderId, orderId))
    const signed = current?.isFinal === true
    // RV-1: a preliminary read that went out is a record others have read: kept as a signed one.
    const sentOut = !signed && isPreliminaryOut(current?.preliminaryState ?? null)
    await recordAudit(
      tx,
      auditOf(actor, 'conversation_cleared', orderId, now(), {
        report_retained: signed || sentOut,
      }),
    )
    if (sentOut) return
    if (signed) {
      const status = order.status === CANCELLED_STATUS ? CANCELLED_STATUS : FINAL_STATUS
      await tx.update(orders).set({ status }).where(eq(orders.id, orderId))
      return
    }
    await tx.delete(reportRevisions).where(eq(reportRevisions.orderId, orderId))
    const [deleted] = await tx
      .delete(reports)
      .where(eq(reports.orderId, orderId))
      .returning({ updatedAt: reports.updatedAt })
    await tx
      .update(orders)
      .set({
        status: order.originalStatus,
        reportVersionFloor: latest(order.reportVersionFloor, deleted?.updatedAt),
      })
      .where(eq(orders.id, orderId))
  })
}
