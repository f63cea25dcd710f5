/**
 * The clinician's writes of a report: saving (with its cause), signing, and addenda to a signed
 * report. Each runs in one transaction under the order row lock, appends its revision and records
 * its audit event.
 */
import { eq } from 'drizzle-orm'
import type { Addendum, QaOverride, Report, ReportSections, RevisionCause } from '../../contract'
import type { Database, Tx } from '../db/client'
import { orderClaims, reports } from '../db/schema'
import { Conflict } from '../domain/errors'
import { auditOf, displayName, recordAudit, type Actor } from './audit'
import type { OrderRow, ReportRow } from './mappers'
import { assertNotClaimedByOther } from './claims'
import type { ResultsQueue } from './outbox'
import { appendRevision, insertAddendum, isEmptyReport, sectionsOf } from './reportHistory'
import { assertChangeable, coSignature, yieldingHolder } from './reviewRules'
import { assertSignable } from './signing'
import {
  assertPreconditions,
  lockOrder,
  nextVersionTime,
  reportAnswer,
  upsertReport,
  type ReportPreconditions,
} from './reportVersions'

/**
 * The start of the clinician report writes (PUT, finalize, sending for review): locks the order
 * row, loads the current report, answers 409 with `finalMessage` when it is final (before any
 * precondition is looked at), 409 `awaiting_review` when it waits for an attending and the writer
 * is not a radiologist (RV-2), 409 `claimed` when another clinician reads the study now (unless
 * it is not their turn in a review: `yieldingHolder`), then
 * checks the preconditions. The check and the caller's write happen under the
 * lock in one transaction, so of two writers holding the same version exactly one wins.
 */
export async function lockDraftForWrite(
  tx: Tx,
  orderId: string,
  write: ReportWrite & { at: Date },
  finalMessage: string,
): Promise<{ order: OrderRow; current: ReportRow | undefined }> {
  const order = await lockOrder(tx, orderId)
  const [current] = await tx.select().from(reports).where(eq(reports.orderId, orderId))
  if (current?.isFinal) throw new Conflict(finalMessage)
  assertChangeable(current, write.actor)
  const yielding = yieldingHolder(current, write.actor.userId)
  await assertNotClaimedByOther(tx, orderId, write.actor, write.at, yielding)
  const preconditions = write.preconditions ?? {}
  assertPreconditions(preconditions, current)
  return { order, current }
}

export interface ReportWrite {
  actor: Actor
  preconditions?: ReportPreconditions
  /** HL7_SEND_TO: the signed result is queued for the RIS in the same transaction (./outbox). */
  results?: ResultsQueue | undefined
}

/**
 * Replaces every section (see `lockDraftForWrite` for the 409 and the preconditions) and appends
 * the revision, with the clinician's cause (`save`, or `undo` / `restore`).
 */
export async function saveReport(
  db: Database,
  orderId: string,
  sections: ReportSections,
  now: () => Date,
  write: ReportWrite & { cause?: Extract<RevisionCause, 'save' | 'undo' | 'restore'> },
): Promise<Report> {
  return db.transaction(async (tx) => {
    const { order, current } = await lockDraftForWrite(
      tx,
      orderId,
      { ...write, at: now() },
      'This report has been finalized and cannot be edited.',
    )
    const at = nextVersionTime(now(), order, current)
    const row = await upsertReport(tx, orderId, sections, at)
    const cause = write.cause ?? 'save'
    const changed = await appendRevision(tx, {
      orderId,
      before: sectionsOf(current),
      after: sectionsOf(row),
      author: {
        kind: 'user',
        userId: write.actor.userId,
        name: await displayName(tx, write.actor),
      },
      cause,
      at,
    })
    await recordAudit(
      tx,
      auditOf(write.actor, 'report_saved', orderId, at, { cause, sections: changed }),
    )
    return reportAnswer(tx, row)
  })
}

export interface SignatureWrite extends ReportWrite {
  /** The pre-sign check issues the signer goes over, and why (kept on the report and revision). */
  qaOverride?: QaOverride | undefined
  /** REQUIRE_CRITICAL_COMMUNICATION: see `assertSignable` (./signing). */
  requireCriticalCommunication: boolean
  /** FU-10: the follow-ups the signature makes, written in its transaction (./followUps.ts). */
  signed?: ((tx: Tx, signed: SignedFacts) => Promise<void>) | undefined
}

/** What a signature's own writes know once the report is signed. */
export interface SignedFacts {
  orderId: string
  patientId: string
  sections: ReportSections
  signerName: string
  at: Date
}

/**
 * Signs the report: the signer's id and name go on it, and a `finalize` revision is appended.
 * Refused (409) while it is empty, holds `[bracketed fields]`, or asserts a critical finding
 * nobody has been told of (./signing).
 */
export async function finalizeReport(
  db: Database,
  orderId: string,
  now: () => Date,
  write: SignatureWrite,
): Promise<Report> {
  return db.transaction(async (tx) => {
    // The signature goes on the version the clinician saw, or on nothing.
    const { order, current } = await lockDraftForWrite(
      tx,
      orderId,
      { ...write, at: now() },
      'This report is already finalized.',
    )
    if (isEmptyReport(current)) {
      throw new Conflict('There is nothing to finalize: the report is empty.')
    }
    await assertSignable(tx, orderId, sectionsOf(current), write.requireCriticalCommunication)
    const at = nextVersionTime(now(), order, current)
    const override = write.qaOverride
    const name = await displayName(tx, write.actor)
    // RV-6: a radiologist's signature over a trainee's preliminary read co-signs it.
    const review = coSignature(current)
    const [row] = await tx
      .update(reports)
      .set({
        isFinal: true,
        finalizedAt: at,
        finalizedBy: write.actor.userId,
        finalizedByName: name,
        qaOverrideReason: override?.reason ?? null,
        qaOverrideCodes: override?.codes ?? null,
        ...review.columns,
        updatedAt: at,
      })
      .where(eq(reports.orderId, orderId))
      .returning()
    const signed = row as ReportRow
    await appendRevision(tx, {
      orderId,
      before: sectionsOf(current),
      after: sectionsOf(signed),
      author: { kind: 'user', userId: write.actor.userId, name },
      cause: 'finalize',
      at,
      qaOverride: override,
    })
    // The override's codes only: its reason is the clinician's words, kept with the report.
    await recordAudit(
      tx,
      auditOf(
        write.actor,
        review.audit,
        orderId,
        at,
        override ? { qa_override_codes: override.codes } : undefined,
      ),
    )
    // A signed study is not claimed (CLM-6, CLM-12): nobody writes its report any more, so its
    // reader's claim ends with the signature, and no worklist shows 'Being read by' on it.
    await tx.delete(orderClaims).where(eq(orderClaims.orderId, orderId))
    await write.results?.(tx, orderId, 'final', at)
    const facts = { orderId, patientId: order.patientId, sections: sectionsOf(signed), at }
    await write.signed?.(tx, { ...facts, signerName: name })
    return reportAnswer(tx, signed)
  })
}

/**
 * Appends an addendum to a final report (409 while the report is not final, or there is none),
 * moves the report's version on and appends an `addendum` revision.
 */
export async function addAddendum(
  db: Database,
  orderId: string,
  text: string,
  now: () => Date,
  actor: Actor,
  results?: ResultsQueue,
): Promise<Addendum> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    const [current] = await tx.select().from(reports).where(eq(reports.orderId, orderId))
    if (!current?.isFinal) {
      throw new Conflict('Only a finalized report takes addenda; finalize the report first.')
    }
    const at = nextVersionTime(now(), order, current)
    const name = await displayName(tx, actor)
    const addendum = await insertAddendum(tx, { orderId, text, userId: actor.userId, name, at })
    await tx.update(reports).set({ updatedAt: at }).where(eq(reports.orderId, orderId))
    await appendRevision(tx, {
      orderId,
      before: sectionsOf(current),
      after: sectionsOf(current),
      author: { kind: 'user', userId: actor.userId, name },
      cause: 'addendum',
      at,
    })
    await recordAudit(
      tx,
      auditOf(actor, 'addendum_added', orderId, at, { addendum_id: addendum.id }),
    )
    await results?.(tx, orderId, 'addendum', at)
    return addendum
  })
}
