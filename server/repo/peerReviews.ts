/**
 * Peer review's prior and its score (PEER-1..PEER-9). The prior a radiologist is asked to score
 * is the patient's most recent study ordered before the one being read whose report is final and
 * was signed by somebody else: not the reader, and not a report the reader wrote as a trainee
 * (their preliminary read, co-signed by an attending). A prior they have scored is never asked
 * again. The author is kept with the score as signed then; neither side ever reads the other's name.
 */
import { randomUUID } from 'node:crypto'
import { and, desc, eq, isNotNull, lt, ne, notExists, or, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  CANCELLED_STATUS,
  NOT_REVIEWABLE_ERROR,
  PEER_REVIEW_EXISTS_ERROR,
  type PeerReview,
  type PeerReviewPrior,
  type RecordPeerReviewRequest,
} from '../../contract'
import type { Database, Queryable } from '../db/client'
import { orders, peerReviews, reports } from '../db/schema'
import { Conflict, Invalid, NotFound } from '../domain/errors'
import { auditOf, displayName, recordAudit, type Actor } from './audit'
import { assertOrderExists } from './studies'

const current = alias(orders, 'current')

/** The reader's own report: signed by them, or their preliminary read that someone co-signed. */
const writtenBy = (userId: string) =>
  sql<boolean>`coalesce(${reports.finalizedBy} = ${userId} or ${reports.preliminaryBy} = ${userId}, false)`

/** PEER-1, PEER-2: the prior to ask `reviewerId` about on opening `orderId`, or null. */
export async function findPriorToReview(
  db: Queryable,
  orderId: string,
  reviewerId: string,
): Promise<PeerReviewPrior | null> {
  const [row] = await db
    .select({
      id: orders.id,
      orderedAt: orders.orderedAt,
      modality: orders.modality,
      bodyPart: orders.bodyPart,
      studyDescription: orders.studyDescription,
      accessionNumber: orders.accessionNumber,
      finalizedAt: reports.finalizedAt,
      history: reports.history,
      technique: reports.technique,
      comparison: reports.comparison,
      findings: reports.findings,
      impression: reports.impression,
    })
    .from(orders)
    .innerJoin(current, eq(current.patientId, orders.patientId))
    .innerJoin(reports, eq(reports.orderId, orders.id))
    .where(
      and(
        eq(current.id, orderId),
        ne(orders.id, orderId),
        lt(orders.orderedAt, current.orderedAt),
        ne(orders.status, CANCELLED_STATUS),
        eq(reports.isFinal, true),
        isNotNull(reports.finalizedBy),
        isNotNull(reports.finalizedAt),
        ne(reports.finalizedBy, reviewerId),
        or(isNull(reports.preliminaryBy), ne(reports.preliminaryBy, reviewerId)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(peerReviews)
            .where(and(eq(peerReviews.orderId, orders.id), eq(peerReviews.reviewerId, reviewerId))),
        ),
      ),
    )
    .orderBy(desc(orders.orderedAt), desc(orders.seq))
    .limit(1)
  if (!row || row.finalizedAt === null) {
    await assertOrderExists(db, orderId)
    return null
  }
  return {
    order_id: row.id,
    ordered_at: row.orderedAt.toISOString(),
    modality: row.modality,
    body_part: row.bodyPart,
    study_description: row.studyDescription,
    accession_number: row.accessionNumber,
    finalized_at: new Date(row.finalizedAt).toISOString(),
    sections: {
      history: row.history,
      technique: row.technique,
      comparison: row.comparison,
      findings: row.findings,
      impression: row.impression,
    },
  }
}

const notReviewable = (message: string) => new Conflict(message, NOT_REVIEWABLE_ERROR)

/** The prior as a score needs it: what it was, and who signed it (never answered). */
async function readPrior(q: Queryable, orderId: string, reviewerId: string) {
  const [row] = await q
    .select({
      patientId: orders.patientId,
      accessionNumber: orders.accessionNumber,
      modality: orders.modality,
      bodyPart: orders.bodyPart,
      studyDescription: orders.studyDescription,
      isFinal: reports.isFinal,
      authorId: reports.finalizedBy,
      authorName: reports.finalizedByName,
      own: writtenBy(reviewerId),
    })
    .from(orders)
    .leftJoin(reports, eq(reports.orderId, orders.id))
    .where(eq(orders.id, orderId))
  if (!row) throw new NotFound('Order')
  // PEER-4: only a signed report has an interpretation to score, and never one's own.
  if (row.isFinal !== true || row.authorId === null)
    throw notReviewable('Only a signed report can be peer reviewed.')
  if (row.own) throw notReviewable('You cannot peer review your own report.')
  return { ...row, authorId: row.authorId }
}

/** PEER-30: the study the score was asked on, which must be another study of the same patient. */
async function askedOn(
  q: Queryable,
  askedOnOrderId: string | undefined,
  prior: { id: string; patientId: string },
) {
  if (askedOnOrderId === undefined) return null
  const [row] = await q
    .select({ patientId: orders.patientId })
    .from(orders)
    .where(eq(orders.id, askedOnOrderId))
  if (row?.patientId !== prior.patientId || askedOnOrderId === prior.id) {
    throw new Invalid('asked_on_order_id must name another study of the same patient.')
  }
  return askedOnOrderId
}

/**
 * PEER-3..PEER-7: records one score. One per reviewer and prior: the unique index decides, so two
 * requests at once give one 201 and one 409. Audited with the score only, never the comment.
 */
export async function recordPeerReview(
  db: Database,
  actor: Actor,
  input: RecordPeerReviewRequest,
  now: Date,
): Promise<PeerReview> {
  return db.transaction(async (tx) => {
    const prior = await readPrior(tx, input.order_id, actor.userId)
    const askedOnOrderId = await askedOn(tx, input.asked_on_order_id, {
      id: input.order_id,
      patientId: prior.patientId,
    })
    const [row] = await tx
      .insert(peerReviews)
      .values({
        id: randomUUID(),
        orderId: input.order_id,
        askedOnOrderId,
        reviewerId: actor.userId,
        reviewerName: await displayName(tx, actor),
        authorId: prior.authorId,
        authorName: prior.authorName ?? prior.authorId,
        score: input.score,
        comment: input.comment.trim(),
        createdAt: now,
      })
      .onConflictDoNothing({ target: [peerReviews.reviewerId, peerReviews.orderId] })
      .returning()
    if (!row) throw new Conflict('You have already scored this report.', PEER_REVIEW_EXISTS_ERROR)
    await recordAudit(
      tx,
      auditOf(actor, 'peer_review_recorded', input.order_id, now, { score: input.score }),
    )
    return {
      id: row.id,
      order_id: row.orderId,
      accession_number: prior.accessionNumber,
      modality: prior.modality,
      body_part: prior.bodyPart,
      study_description: prior.studyDescription,
      score: row.score,
      comment: row.comment,
      created_at: row.createdAt.toISOString(),
    }
  })
}
