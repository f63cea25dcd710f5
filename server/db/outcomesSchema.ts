/**
 * Closing the loop: follow-up recommendations tracked from the report that made them (FU-*), and
 * peer review scores of colleagues' signed reports (PEER-*).
 */
import { sql } from 'drizzle-orm'
import { date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { FollowUpResolution, RadpeerScore } from '../../contract'
import { createdAt } from './schemaColumns'
import { orders, patients } from './clinicalSchema'

/**
 * A recommended follow-up exam, made when the report recommending it is signed. `status` is what
 * was recorded (`open`, `completed`, `declined`); an open item past its window reads as
 * `overdue`, computed when read. Closing one records who (null: a matching order, by itself),
 * when, why, and the order that fulfilled it.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: text('id').primaryKey(),
    patientId: text('patient_id')
      .notNull()
      .references(() => patients.id),
    sourceOrderId: text('source_order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    modality: text('modality').notNull(),
    bodyPart: text('body_part').notNull(),
    dueFrom: date('due_from', { mode: 'string' }).notNull(),
    dueTo: date('due_to', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    /** The recommendation's sentence as signed ('' when typed in the Finalize dialog). */
    text: text('text').notNull().default(''),
    status: text('status').$type<'open' | FollowUpResolution>().notNull().default('open'),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: text('resolved_by'),
    resolvedByName: text('resolved_by_name'),
    resolutionReason: text('resolution_reason'),
    resolvedOrderId: text('resolved_order_id'),
  },
  (t) => [
    index('follow_ups_patient_idx').on(t.patientId, t.status),
    index('follow_ups_status_due_idx').on(t.status, t.dueTo),
    index('follow_ups_source_idx').on(t.sourceOrderId),
  ],
)

/**
 * One RADPEER score of a signed report (`order_id`, the prior) by a colleague who read a later
 * study of the patient. The author is who signed it, kept for the rates; never shown to the
 * reviewer, and the reviewer never to the author. Never changed or deleted (migration 0015).
 */
export const peerReviews = pgTable(
  'peer_reviews',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The study being read when the score was asked for (null: none named). */
    askedOnOrderId: text('asked_on_order_id'),
    reviewerId: text('reviewer_id').notNull(),
    reviewerName: text('reviewer_name').notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    score: text('score').$type<RadpeerScore>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('peer_reviews_reviewer_order_idx').on(t.reviewerId, t.orderId),
    index('peer_reviews_author_idx').on(t.authorId, t.createdAt),
    index('peer_reviews_created_idx').on(t.createdAt, sql`${t.id}`),
  ],
)
