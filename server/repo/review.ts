/**
 * A trainee's preliminary read and its review (RV-1, RV-5): sending a report for review and an
 * attending returning it. Each runs in one transaction under the order row lock, as every report
 * write does, appends its revision (the sections unchanged: the revision marks what went out, or
 * what came back) and records its audit event; each ends the writer's claim, so the other side
 * can open the study.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Report } from '../../contract'
import { REPORT_SECTION_KEYS } from '../../contract'
import type { Database, Tx } from '../db/client'
import { orderClaims, reports } from '../db/schema'
import { Conflict } from '../domain/errors'
import { auditOf, displayName, recordAudit, type Actor } from './audit'
import type { ReportRow } from './mappers'
import { appendRevision, sectionsOf } from './reportHistory'
import { lockDraftForWrite, type ReportWrite } from './reports'
import { awaitingReview } from './reviewRules'
import { assertSignable } from './signing'
import { nextVersionTime, reportAnswer } from './reportVersions'

/** A review step's end: the row as written, its revision, its event, the writer's claim ended. */
async function recordStep(
  tx: Tx,
  step: {
    orderId: string
    row: ReportRow
    actor: Actor
    name: string
    cause: 'preliminary' | 'returned'
    revisionId?: string
    at: Date
  },
): Promise<void> {
  const sections = sectionsOf(step.row)
  await appendRevision(tx, {
    orderId: step.orderId,
    before: sections,
    after: sections,
    author: { kind: 'user', userId: step.actor.userId, name: step.name },
    cause: step.cause,
    at: step.at,
    id: step.revisionId,
  })
  const kind = step.cause === 'preliminary' ? 'report_sent_for_review' : 'report_returned'
  await recordAudit(tx, auditOf(step.actor, kind, step.orderId, step.at))
  // As a signature does (CLM-12): the study is the other side's to open now.
  await tx.delete(orderClaims).where(eq(orderClaims.orderId, step.orderId))
}

export interface ReviewRequest extends ReportWrite {
  /** REQUIRE_CRITICAL_COMMUNICATION: see `assertSignable` (./signing). */
  requireCriticalCommunication: boolean
}

/**
 * RV-1: the trainee's report goes to an attending. Refused (409) while there is no report or it
 * is empty, final, or already awaiting review, and by the pre-sign rules of a signature, since the
 * preliminary read may go out (QA-15, CR-3). With HL7_SEND_PRELIMINARY the ORU^R01 with OBR-25 P
 * is queued in the same transaction (RV-7).
 */
export async function sendForReview(
  db: Database,
  orderId: string,
  now: () => Date,
  write: ReviewRequest,
): Promise<Report> {
  return db.transaction(async (tx) => {
    const { order, current } = await lockDraftForWrite(
      tx,
      orderId,
      { ...write, at: now() },
      'This report is already finalized.',
    )
    if (!current || REPORT_SECTION_KEYS.every((key) => current[key].trim() === '')) {
      throw new Conflict('There is nothing to send for review: the report is empty.')
    }
    if (current.preliminaryState === 'awaiting_review') throw awaitingReview()
    await assertSignable(tx, orderId, sectionsOf(current), write.requireCriticalCommunication)
    const at = nextVersionTime(now(), order, current)
    const name = await displayName(tx, write.actor)
    const revisionId = randomUUID()
    const [row] = await tx
      .update(reports)
      .set({
        preliminaryState: 'awaiting_review',
        preliminaryBy: write.actor.userId,
        preliminaryByName: name,
        preliminaryAt: at,
        preliminaryRevisionId: revisionId,
        returnedBy: null,
        returnedByName: null,
        returnedAt: null,
        returnComment: null,
        updatedAt: at,
      })
      .where(eq(reports.orderId, orderId))
      .returning()
    const sent = row as ReportRow
    await recordStep(tx, {
      orderId,
      row: sent,
      actor: write.actor,
      name,
      cause: 'preliminary',
      revisionId,
      at,
    })
    await write.results?.(tx, orderId, 'preliminary', at)
    return reportAnswer(tx, sent)
  })
}

/**
 * RV-5: the attending gives the report back to its trainee with a comment (kept on the report,
 * never in the audit trail). 409 unless it awaits review.
 */
export async function returnToTrainee(
  db: Database,
  orderId: string,
  comment: string,
  now: () => Date,
  write: ReportWrite,
): Promise<Report> {
  return db.transaction(async (tx) => {
    const { order, current } = await lockDraftForWrite(
      tx,
      orderId,
      { ...write, at: now() },
      'This report is already finalized.',
    )
    if (current?.preliminaryState !== 'awaiting_review') {
      throw new Conflict('Only a report awaiting review can be returned to its trainee.')
    }
    const at = nextVersionTime(now(), order, current)
    const name = await displayName(tx, write.actor)
    const [row] = await tx
      .update(reports)
      .set({
        preliminaryState: 'returned',
        returnedBy: write.actor.userId,
        returnedByName: name,
        returnedAt: at,
        returnComment: comment.trim(),
        updatedAt: at,
      })
      .where(eq(reports.orderId, orderId))
      .returning()
    const returned = row as ReportRow
    await recordStep(tx, {
      orderId,
      row: returned,
      actor: write.actor,
      name,
      cause: 'returned',
      at,
    })
    return reportAnswer(tx, returned)
  })
}
