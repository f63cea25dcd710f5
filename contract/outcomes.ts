/**
 * Closing the loop: follow-up recommendations that are followed up (FU-*), peer review of a
 * colleague's signed report (PEER-*), and the department's numbers (DEPT-*).
 *
 * Follow-ups
 * - POST /orders/{id}/report/check answers, beside its issues, `follow_ups`: the recommendations
 *   found in the text about to be signed (negation-aware), for the Finalize dialog to confirm.
 * - POST /orders/{id}/report/finalize takes `follow_ups`: the confirmed (possibly corrected)
 *   list, `[]` for none. Absent (the spec's call, any other client): the server tracks what it
 *   finds itself, so a recommendation is never dropped by default.
 * - GET /follow-ups (filters below), overdue first; PATCH /follow-ups/{id} completes or declines
 *   an open or overdue one by hand, with a reason. An order for the patient with the same modality
 *   and body part ordered inside the window completes it by itself (HL7 or the seed).
 *
 * Peer review
 * - GET /orders/{id}/peer-review: the prior a radiologist is asked to score on opening this study
 *   (a share of studies, `PEER_REVIEW_SHARE`), or null. Its author is never named.
 * - POST /peer-reviews `{order_id, score, comment, asked_on_order_id?}`: 201 with the review.
 * - GET /peer-reviews/mine: the scores the caller's own reports received (reviewers unnamed).
 * - GET /admin/peer-reviews (admin): rates per radiologist.
 *
 * The department
 * - GET /stats/turnaround, /stats/volume, /stats/critical-communication, /stats/follow-ups:
 *   `from`, `to` (dates, inclusive; by default the last `STATS_LIMITS.defaultDays` days), days in
 *   the department's time zone (`DEPARTMENT_TIME_ZONE`, default UTC). Durations are minutes.
 */
import { z } from 'zod'
import {
  FOLLOW_UP_LIMITS,
  FOLLOW_UP_PAGE,
  FOLLOW_UP_RESOLUTIONS,
  FOLLOW_UP_STATUSES,
  PEER_REVIEW_LIMITS,
  RADPEER_SCORES,
  TURNAROUND_GROUPS,
} from './outcomesConstants'
import { listParameter } from './answers'
import { followUpFields } from './followUpInput'
import {
  idSchema,
  paramIdSchema,
  patientSchema,
  prioritySchema,
  reportSectionsSchema,
  timestampSchema,
  userRefSchema,
} from './entities'
import { honestText, inputText } from './inputText'

const blankless = (max: number) =>
  honestText(
    z
      .string()
      .max(max)
      .refine((text) => text.trim().length > 0, 'must not be blank'),
  )
const dayOf = z.iso.date()

// ---------------------------------------------------------------------------------------------
// Follow-ups

export const followUpSchema = z.object({
  id: idSchema,
  patient_id: idSchema,
  source_order_id: idSchema,
  ...followUpFields,
  status: z.enum(FOLLOW_UP_STATUSES),
  /** The recommendation's sentence as signed (may be empty when typed in the dialog). */
  text: z.string(),
  created_at: timestampSchema,
  /** Who signed the report that recommends it. */
  created_by: userRefSchema,
  patient: patientSchema,
  /** The report that recommends it: one click away in the Follow-ups view. */
  source: z.object({
    accession_number: z.string(),
    study_description: z.string(),
    finalized_at: timestampSchema.nullable(),
  }),
  /** How it was closed; null while open or overdue. `by` null: a matching order completed it. */
  resolution: z
    .object({
      status: z.enum(FOLLOW_UP_RESOLUTIONS),
      by: userRefSchema.nullable(),
      at: timestampSchema,
      reason: z.string(),
      /** The order that completed it (null: declined, or completed without one named). */
      order_id: idSchema.nullable(),
      /** That order's accession number (null without one), for the Follow-ups view (FU-41). */
      accession_number: z.string().nullable(),
    })
    .nullable(),
})
export type FollowUp = z.infer<typeof followUpSchema>

// GET /follow-ups: every filter optional; overdue first (soonest ended first), then open (soonest
// due first), then completed and declined (latest closed first).
export const listFollowUpsQuerySchema = z.object({
  status: listParameter(z.enum(FOLLOW_UP_STATUSES)).optional(),
  patient: paramIdSchema.optional(),
  /** The source order's id. */
  order: paramIdSchema.optional(),
  modality: listParameter(z.string().min(1).max(FOLLOW_UP_LIMITS.modalityChars)).optional(),
  /** Windows ending on or after this date / starting on or before this date. */
  due_after: dayOf.optional(),
  due_before: dayOf.optional(),
  cursor: inputText(z.string().min(1).max(200)).optional(),
  limit: z.coerce.number().int().min(1).max(FOLLOW_UP_PAGE.maxLimit).optional(),
})
export type ListFollowUpsQuery = z.input<typeof listFollowUpsQuerySchema>
export const followUpPageSchema = z.object({
  items: z.array(followUpSchema),
  next_cursor: z.string().nullable(),
  /** How many match, on every page. */
  total: z.number().int().nonnegative(),
})
export type FollowUpPage = z.infer<typeof followUpPageSchema>
export const followUpParamsSchema = z.object({ id: paramIdSchema })

// PATCH /follow-ups/{id}
export const resolveFollowUpRequestSchema = z.strictObject({
  status: z.enum(FOLLOW_UP_RESOLUTIONS),
  reason: blankless(FOLLOW_UP_LIMITS.reasonChars),
  /** The order that fulfilled it, when completing by hand names one. */
  order_id: paramIdSchema.optional(),
})
export type ResolveFollowUpRequest = z.input<typeof resolveFollowUpRequestSchema>

// ---------------------------------------------------------------------------------------------
// Peer review

/** The prior a radiologist is asked to score: its report, never its author's name. */
export const peerReviewPriorSchema = z.object({
  order_id: idSchema,
  ordered_at: timestampSchema,
  modality: z.string(),
  body_part: z.string(),
  study_description: z.string(),
  accession_number: z.string(),
  finalized_at: timestampSchema,
  sections: reportSectionsSchema,
})
export type PeerReviewPrior = z.infer<typeof peerReviewPriorSchema>
// GET /orders/{id}/peer-review
export const peerReviewAskSchema = z.object({ prior: peerReviewPriorSchema.nullable() })
export type PeerReviewAsk = z.infer<typeof peerReviewAskSchema>

// POST /peer-reviews: a comment is required for any score but 1 (a discrepancy says what).
export const recordPeerReviewRequestSchema = z
  .strictObject({
    order_id: paramIdSchema,
    /** The study open when the score was asked for (PEER-30): another study of the patient. */
    asked_on_order_id: paramIdSchema.optional(),
    score: z.enum(RADPEER_SCORES),
    comment: honestText(z.string().max(PEER_REVIEW_LIMITS.commentChars)),
  })
  .refine((body) => body.score === '1' || body.comment.trim().length > 0, {
    message: 'a discrepancy needs a comment',
    path: ['comment'],
  })
export type RecordPeerReviewRequest = z.input<typeof recordPeerReviewRequestSchema>

/** A score as its reviewer and the reviewed radiologist read it: nobody is named. */
export const peerReviewSchema = z.object({
  id: idSchema,
  order_id: idSchema,
  accession_number: z.string(),
  modality: z.string(),
  body_part: z.string(),
  study_description: z.string(),
  score: z.enum(RADPEER_SCORES),
  comment: z.string(),
  created_at: timestampSchema,
})
export type PeerReview = z.infer<typeof peerReviewSchema>
const scoreCountsSchema = z.object(
  Object.fromEntries(RADPEER_SCORES.map((score) => [score, z.number().int().nonnegative()])) as {
    [K in (typeof RADPEER_SCORES)[number]]: z.ZodNumber
  },
)
// GET /peer-reviews/mine: newest first.
export const myPeerReviewsSchema = z.object({
  items: z.array(peerReviewSchema),
  by_score: scoreCountsSchema,
})
export type MyPeerReviews = z.infer<typeof myPeerReviewsSchema>
// GET /admin/peer-reviews: one row per radiologist whose reports were scored in the window.
export const peerReviewRatesQuerySchema = z.object({
  from: dayOf.optional(),
  to: dayOf.optional(),
})
export const peerReviewRateSchema = z.object({
  user_id: idSchema,
  name: z.string(),
  reviews: z.number().int().nonnegative(),
  by_score: scoreCountsSchema,
  /** Share of reviews scored 2a or worse, 0..1. */
  discrepancy_rate: z.number().min(0).max(1),
  /** Share scored 2b or 3b (likely clinically significant), 0..1. */
  significant_rate: z.number().min(0).max(1),
})
export type PeerReviewRate = z.infer<typeof peerReviewRateSchema>
export const peerReviewRatesSchema = z.object({ items: z.array(peerReviewRateSchema) })

// ---------------------------------------------------------------------------------------------
// The department's numbers

export const statsQuerySchema = z.object({ from: dayOf.optional(), to: dayOf.optional() })
export type StatsQuery = z.input<typeof statsQuerySchema>
/** Median and 90th percentile, minutes (null: nothing to measure). */
const percentilesSchema = z.object({ p50: z.number().nullable(), p90: z.number().nullable() })
export type Percentiles = z.infer<typeof percentilesSchema>
const windowFields = { from: dayOf, to: dayOf, time_zone: z.string() }

// GET /stats/turnaround: `by` priority (default) or modality; `priority`, `modality` narrow it.
export const turnaroundQuerySchema = statsQuerySchema.extend({
  by: z.enum(TURNAROUND_GROUPS).optional(),
  priority: listParameter(prioritySchema).optional(),
  modality: listParameter(z.string().min(1).max(FOLLOW_UP_LIMITS.modalityChars)).optional(),
})
export type TurnaroundQuery = z.input<typeof turnaroundQuerySchema>
const turnaroundRow = {
  /** The priority or modality of the row. */
  group: z.string(),
  /** Signed reports counted (by the day they were signed). */
  count: z.number().int().nonnegative(),
  ordered_to_opened: percentilesSchema,
  opened_to_signed: percentilesSchema,
  ordered_to_signed: percentilesSchema,
}
export const turnaroundStatsSchema = z.object({
  ...windowFields,
  by: z.enum(TURNAROUND_GROUPS),
  /** Per day signed and group, oldest day first. */
  days: z.array(z.object({ day: dayOf, ...turnaroundRow })),
  /** Per group over the whole window. */
  overall: z.array(z.object(turnaroundRow)),
})
export type TurnaroundStats = z.infer<typeof turnaroundStatsSchema>

// GET /stats/volume: every hour of the window, oldest first (hours without studies hold 0).
export const volumeStatsSchema = z.object({
  ...windowFields,
  hours: z.array(
    z.object({
      hour: timestampSchema,
      ordered: z.number().int().nonnegative(),
      signed: z.number().int().nonnegative(),
    }),
  ),
})
export type VolumeStats = z.infer<typeof volumeStatsSchema>

// GET /stats/critical-communication: from the first saved text stating a critical finding to its
// first recorded communication.
export const criticalCommunicationStatsSchema = z.object({
  ...windowFields,
  days: z.array(
    z.object({
      day: dayOf,
      count: z.number().int().nonnegative(),
      delay: percentilesSchema,
      max: z.number().nullable(),
    }),
  ),
  overall: z.object({ count: z.number().int().nonnegative(), delay: percentilesSchema }),
  /** Signed reports stating a critical finding with no communication recorded. */
  uncommunicated: z.number().int().nonnegative(),
})
export type CriticalCommunicationStats = z.infer<typeof criticalCommunicationStatsSchema>

// GET /stats/follow-ups: follow-ups by the month their window ends, oldest first.
export const followUpStatsSchema = z.object({
  ...windowFields,
  months: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      due: z.number().int().nonnegative(),
      completed: z.number().int().nonnegative(),
      declined: z.number().int().nonnegative(),
      overdue: z.number().int().nonnegative(),
      open: z.number().int().nonnegative(),
      /** completed / (due − open); null when none is closed or overdue yet. */
      completion_rate: z.number().min(0).max(1).nullable(),
    }),
  ),
})
export type FollowUpStats = z.infer<typeof followUpStatsSchema>
