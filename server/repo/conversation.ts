/**
 * The conversation of a study: an exchange with the assistant (the clinician's message, the reply
 * and any report change it makes), ratings, the patient summary, and clearing it all. Writes run
 * in one transaction under the order row lock, with their audit events.
 */
import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import type { InputType, Rating, ReportSectionKey } from '../../contract'
import { IN_PROGRESS, PATIENT_SUMMARY, REPORT_SECTION_KEYS } from '../../contract'
import type { StudyContext } from '../assistant/types'
import type { Database } from '../db/client'
import { messages, orders, reports } from '../db/schema'
import { badRequest, notFound } from '../http/errors'
import { auditOf, displayName, recordAudit, type Actor } from './audit'
import { appendRevision, deleteHistory, sectionsOf, writtenByPeople } from './reportHistory'
import { latest, lockOrder, nextVersionTime, upsertReport } from './reportVersions'
import { loadStudy } from './studies'

export interface ExchangeInput {
  orderId: string
  actor: Actor
  content: string
  inputType: InputType
  reply: string
  /** Sections the assistant wants to change. */
  sections: Partial<Record<ReportSectionKey, string>> | undefined
}

/**
 * Stores one exchange: the clinician's message, the assistant's reply and any report change, and
 * moves the order to in_progress on its first user message. A report finalized while the
 * assistant was thinking is left alone.
 */
export async function storeExchange(db: Database, input: ExchangeInput, now: () => Date) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId)
    const [prior] = await tx
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.orderId, order.id), eq(messages.role, 'user')))
    if ((prior?.n ?? 0) === 0 && order.status !== IN_PROGRESS) {
      await tx.update(orders).set({ status: IN_PROGRESS }).where(eq(orders.id, order.id))
    }
    const userAt = now()
    const userId = input.actor.userId
    await tx.insert(messages).values({
      id: randomUUID(),
      orderId: order.id,
      userId,
      role: 'user',
      content: input.content,
      inputType: input.inputType,
      authorName: await displayName(tx, input.actor),
      createdAt: userAt,
    })
    await recordAudit(
      tx,
      auditOf(input.actor, 'message_sent', order.id, userAt, { input_type: input.inputType }),
    )

    let changed: ReportSectionKey[] = []
    let replaced: ReportSectionKey[] = []
    if (input.sections) {
      const [current] = await tx.select().from(reports).where(eq(reports.orderId, order.id))
      if (!current?.isFinal) {
        changed = REPORT_SECTION_KEYS.filter((key) => input.sections?.[key] !== undefined)
        if (changed.length > 0) {
          const overwritten = changed.filter(
            (key) => (input.sections?.[key] ?? '') !== sectionsOf(current)[key],
          )
          replaced = await writtenByPeople(tx, order.id, sectionsOf(current), overwritten)
          const values = Object.fromEntries(
            changed.map((key) => [key, input.sections?.[key] ?? '']),
          )
          const at = nextVersionTime(now(), order, current)
          const written = await upsertReport(tx, order.id, values, at)
          const revised = await appendRevision(tx, {
            orderId: order.id,
            before: sectionsOf(current),
            after: sectionsOf(written),
            author: { kind: 'assistant' },
            cause: 'assistant',
            at,
          })
          await recordAudit(
            tx,
            auditOf(input.actor, 'assistant_update', order.id, at, { sections: revised }),
          )
        }
      }
    }

    // The reply is stamped after the question even when the clock has not moved.
    const replyAt = new Date(Math.max(now().getTime(), userAt.getTime() + 1))
    const replyId = randomUUID()
    const reply = input.reply + replacedNote(replaced)
    await tx.insert(messages).values({
      id: replyId,
      orderId: order.id,
      userId,
      role: 'assistant',
      content: reply,
      inputType: 'text',
      metaData:
        changed.length > 0
          ? { type: 'report_update', sections: changed, ...(replaced.length > 0 && { replaced }) }
          : { type: 'reply' },
      createdAt: replyAt,
    })
    return {
      message_id: replyId,
      content: reply,
      created_at: replyAt.toISOString(),
      report_updated: changed.length > 0,
    }
  })
}

const SECTION_NAMES: Readonly<Record<ReportSectionKey, string>> = {
  history: 'History',
  technique: 'Technique',
  comparison: 'Comparison',
  findings: 'Findings',
  impression: 'Impression',
}

/**
 * What a reply adds when the assistant replaced text a clinician wrote: which sections, and how
 * to get the text back. Empty when it replaced nobody's words.
 */
export function replacedNote(replaced: readonly ReportSectionKey[]): string {
  if (replaced.length === 0) return ''
  const names = replaced.map((key) => SECTION_NAMES[key])
  const list =
    names.length === 1
      ? names.join('')
      : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`
  const section = names.length === 1 ? 'section' : 'sections'
  return `\n\nThis replaced the ${list} ${section} you had written; 'Undo assistant change' in the report brings your text back.`
}

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
    if (!row) throw notFound('Message')
    if (row.role !== 'assistant') {
      throw badRequest('Only assistant replies can be rated.')
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
 * Deletes the messages and the report of one order (with its revisions and addenda) and restores
 * the order's original status. The deleted report's version becomes the order's version floor
 * (never moved back), so the next report of this order gets a version no client can still hold.
 * With `retainSignedReports`, a final report stays, with its addenda and revisions.
 */
export async function clearConversation(
  db: Database,
  orderId: string,
  actor: Actor,
  now: () => Date,
  options: { retainSignedReports: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    await tx.delete(messages).where(eq(messages.orderId, orderId))
    const [current] = await tx
      .select({ isFinal: reports.isFinal })
      .from(reports)
      .where(eq(reports.orderId, orderId))
    const retained = options.retainSignedReports && current?.isFinal === true
    await recordAudit(
      tx,
      auditOf(actor, 'conversation_cleared', orderId, now(), { report_retained: retained }),
    )
    if (retained) {
      await tx.update(orders).set({ status: order.originalStatus }).where(eq(orders.id, orderId))
      return
    }
    await deleteHistory(tx, orderId)
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
