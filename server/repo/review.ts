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
import type { Database, Tx } from '../db/client'
import { orderClaims, reports } from '../db/schema'
import { Conflict } from '../domain/errors'
import { auditOf, displayName, recordAudit } from './audit'
import type { ReportRow } from './mappers'
import { appendRevision, isEmptyReport, sectionsOf } from './reportHistory'
import { lockDraftForWrite, type ReportWrite } from './reports'
import { awaitingReview } from './reviewRules'
import { assertSignable } from './signing'
import { nextVersionTime, reportAnswer } from './reportVersions'

/** What one review step checks and writes. */
interface Step {
  cause: 'preliminary' | 'returned'
  /** Refuses the step (409) for the report as it stands under the lock; answers it. */
  check(tx: Tx, current: ReportRow | undefined): Promise<ReportRow>
  /** The report's columns the step sets (its version aside). */
  columns(at: Date, name: string): Partial<typeof reports.$inferInsert>
  /** The step's revision id, when a column keeps it. */
  revisionId?: string
}

/**
 * One review step in one transaction under the order row lock (the draft writes' checks first:
 * final, awaiting review, claimed, preconditions): its columns and the report's new version, a
 * revision of the sections unchanged (it marks what went out, or came back), its audit event,
 * and the writer's claim ended, as a signature ends it (CLM-12): the study is the other side's to
 * open now. A preliminary read is queued as a result when `write.results` is given (RV-7).
 */
function takeStep(
  db: Database,
  orderId: string,
  now: () => Date,
  write: ReportWrite,
  step: Step,
): Promise<Report> {
  return db.transaction(async (tx) => {
    const locked = { ...write, at: now() }
    const { order, current } = await lockDraftForWrite(tx, orderId, locked, FINAL_MESSAGE)
    const before = await step.check(tx, current)
    const at = nextVersionTime(now(), order, before)
    const name = await displayName(tx, write.actor)
    const [updated] = await tx
      .update(reports)
      .set({ ...step.columns(at, name), updatedAt: at })
      .where(eq(reports.orderId, orderId))
      .returning()
    const row = updated as ReportRow
    const sections = sectionsOf(row)
    await appendRevision(tx, {
      orderId,
      before: sections,
      after: sections,
      author: { kind: 'user', userId: write.actor.userId, name },
      cause: step.cause,
      at,
      id: step.revisionId,
    })
    const kind = step.cause === 'preliminary' ? 'report_sent_for_review' : 'report_returned'
    await recordAudit(tx, auditOf(write.actor, kind, orderId, at))
    await tx.delete(orderClaims).where(eq(orderClaims.orderId, orderId))
    if (step.cause === 'preliminary') await write.results?.(tx, orderId, 'preliminary', at)
    return reportAnswer(tx, row)
  })
}

const FINAL_MESSAGE = 'This report is already finalized.'

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
export function sendForReview(
  db: Database,
  orderId: string,
  now: () => Date,
  write: ReviewRequest,
): Promise<Report> {
  const revisionId = randomUUID()
  return takeStep(db, orderId, now, write, {
    cause: 'preliminary',
    revisionId,
    async check(tx, current) {
      if (!current || isEmptyReport(current)) {
        throw new Conflict('There is nothing to send for review: the report is empty.')
      }
      if (current.preliminaryState === 'awaiting_review') throw awaitingReview()
      await assertSignable(tx, orderId, sectionsOf(current), write.requireCriticalCommunication)
      return current
    },
    columns: (at, name) => ({
      preliminaryState: 'awaiting_review',
      preliminaryBy: write.actor.userId,
      preliminaryByName: name,
      preliminaryAt: at,
      preliminaryRevisionId: revisionId,
      returnedBy: null,
      returnedByName: null,
      returnedAt: null,
      returnComment: null,
    }),
  })
}

/**
 * RV-5: the attending gives the report back to its trainee with a comment (kept on the report,
 * never in the audit trail). 409 unless it awaits review.
 */
export function returnToTrainee(
  db: Database,
  orderId: string,
  comment: string,
  now: () => Date,
  write: ReportWrite,
): Promise<Report> {
  return takeStep(db, orderId, now, write, {
    cause: 'returned',
    check(_tx, current) {
      if (current?.preliminaryState !== 'awaiting_review') {
        throw new Conflict('Only a report awaiting review can be returned to its trainee.')
      }
      return Promise.resolve(current)
    },
    columns: (at, name) => ({
      preliminaryState: 'returned',
      returnedBy: write.actor.userId,
      returnedByName: name,
      returnedAt: at,
      returnComment: comment.trim(),
    }),
  })
}
