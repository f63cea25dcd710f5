/**
 * The contract's requests and answers, route by route (the route table in index.ts names them):
 * built from the entities of contract/entities.ts. The index re-exports all of it.
 */
import { z } from 'zod'
import { followUpProposalSchema } from './followUpInput'
import {
  CLAIMED_FILTERS,
  IMPRESSION_DRAFT_MAX_CHARS,
  IMPRESSION_DRAFT_SOURCES,
  LIMITS,
  ORDER_PAGE,
  QA_ISSUE_CODES,
  QA_SEVERITIES,
  REPORT_SECTION_KEYS,
} from './constants'
import { REVIEW_FILTERS } from './teachingConstants'
import { inputText } from './inputText'
import { qaOverrideSchema } from './signing'
import {
  claimHolderSchema,
  idSchema,
  inputTypeSchema,
  messageSchema,
  orderSchema,
  orderStatusSchema,
  paramIdSchema,
  patientSchema,
  prioritySchema,
  ratingSchema,
  reportSchema,
  reportSectionsInputSchema,
  reportSectionsSchema,
  timestampSchema,
} from './entities'

export const errorSchema = z.object({ error: z.string(), message: z.string() })
export type ApiErrorBody = z.infer<typeof errorSchema>

/** Path parameters. */
export const orderParamsSchema = z.object({ id: paramIdSchema })
export const messageParamsSchema = z.object({ id: paramIdSchema, messageId: paramIdSchema })

// GET /patients, GET /orders, GET /orders/{id}, GET /orders/{id}/messages
export const patientListSchema = z.array(patientSchema)
export const orderListSchema = z.array(orderSchema)
export const messageListSchema = z.array(messageSchema)

/**
 * GET /orders with any of these query parameters answers one page of the worklist, in the
 * worklist's order (priority, stat first; within a priority, longest waiting first), as
 * `orderPageSchema`. Without any of them it answers the whole worklist as a bare array (the
 * product spec's answer); parameters it does not know are ignored.
 * - `limit`: orders per page (default `ORDER_PAGE.defaultLimit`);
 * - `cursor`: the `next_cursor` of the page before, opaque;
 * - `priority`, `modality`, `status`: comma-separated lists, any of which an order may match;
 *   the status `final` matches a signed report, every other value the order's status;
 * - `q`: words that must each appear in the patient's name or MRN, the accession number, the
 *   modality, the body part or the study description (case-insensitive). A search looks at every
 *   order, signed long ago or not; without `q` a page holds the worklist only.
 */
export const listParameter = <T extends z.ZodType<string, string>>(item: T) =>
  inputText(z.string().max(400))
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    .pipe(z.array(item).min(1).max(20))
export const listOrdersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ORDER_PAGE.maxLimit).optional(),
  cursor: inputText(z.string().min(1).max(200)).optional(),
  priority: listParameter(prioritySchema).optional(),
  modality: listParameter(z.string().min(1).max(LIMITS.termChars)).optional(),
  status: listParameter(orderStatusSchema).optional(),
  q: inputText(z.string().max(LIMITS.termChars)).optional(),
  claimed: z.enum(CLAIMED_FILTERS).optional(),
  review: z.enum(REVIEW_FILTERS).optional(),
})
export type ListOrdersQuery = z.input<typeof listOrdersQuerySchema>
export const orderPageSchema = z.object({
  items: z.array(orderSchema),
  /** The cursor of the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** How many orders match, on every page. */
  total: z.number().int().nonnegative(),
})
export type OrderPage = z.infer<typeof orderPageSchema>

// POST /orders/{id}/messages
export const sendMessageRequestSchema = z.object({
  content: inputText(z.string().max(LIMITS.messageChars)).refine(
    (text) => text.trim().length > 0,
    'must not be blank',
  ),
  input_type: inputTypeSchema.default('text'),
})
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>
export const sendMessageAnswerSchema = z.object({
  message_id: idSchema,
  content: z.string(),
  created_at: timestampSchema,
  report_updated: z.boolean(),
})
export type SendMessageAnswer = z.infer<typeof sendMessageAnswerSchema>

// PATCH /orders/{id}/messages/{messageId}/rating
export const rateMessageRequestSchema = z.object({ rating: ratingSchema.nullable() })
export type RateMessageRequest = z.infer<typeof rateMessageRequestSchema>
export const successSchema = z.object({ success: z.literal(true) })

// POST /orders/{id}/initialize
export const initializeAnswerSchema = z.object({ content: z.string().optional() })
export type InitializeAnswer = z.infer<typeof initializeAnswerSchema>

// PUT /orders/{id}/report
export const saveReportRequestSchema = z.object({
  sections: reportSectionsInputSchema,
  /** Why the clinician wrote it, recorded on the revision the write appends; `save` when absent. */
  cause: z.enum(['undo', 'restore']).optional(),
})
export type SaveReportRequest = z.infer<typeof saveReportRequestSchema>
// PUT /orders/{id}/report and POST /orders/{id}/report/finalize answer the report.
export const reportAnswerSchema = reportSchema

// The report writes' optional preconditions (If-Match, If-None-Match, 412 reportChangedError)
// are described in constants.ts.

// GET /orders/{id}/report/revisions: every write of the report, newest first.
export const revisionCauseSchema = z.enum([
  'save',
  'assistant',
  'finalize',
  'addendum',
  'undo',
  'restore',
  // RV-1, RV-5: sent for review by a trainee; returned to them by an attending.
  'preliminary',
  'returned',
])
export type RevisionCause = z.infer<typeof revisionCauseSchema>
export const revisionAuthorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), user_id: idSchema, name: z.string() }),
  z.object({ kind: z.literal('assistant') }),
])
export type RevisionAuthor = z.infer<typeof revisionAuthorSchema>
export const reportRevisionSchema = z.object({
  id: idSchema,
  sections: reportSectionsSchema,
  author: revisionAuthorSchema,
  cause: revisionCauseSchema,
  /** The sections that differ from the revision before (all that are not blank for the first). */
  sections_changed: z.array(z.enum(REPORT_SECTION_KEYS)),
  created_at: timestampSchema,
  /** A `finalize` revision's pre-sign check override, when the signer gave one. */
  qa_override: qaOverrideSchema.optional(),
})
export type ReportRevision = z.infer<typeof reportRevisionSchema>
export const reportRevisionListSchema = z.array(reportRevisionSchema)

// POST /orders/{id}/report/addenda: 201 with the addendum; 409 while the report is not final.
export const addAddendumRequestSchema = z.object({
  text: inputText(z.string().trim().min(1, 'must not be blank').max(LIMITS.sectionChars)),
})
export type AddAddendumRequest = z.input<typeof addAddendumRequestSchema>

// DELETE /orders/{id}/conversation answers 204 with no body.

// POST /speech/token
export const speechTokenAnswerSchema = z.object({
  token: z.string(),
  region: z.string(),
  /** Set when the SPA must connect to an on-prem speech container instead of Azure's cloud. */
  host: z.string().optional(),
})
export type SpeechTokenAnswer = z.infer<typeof speechTokenAnswerSchema>

// POST /speech/phrases
const term = inputText(z.string().trim().min(1).max(LIMITS.termChars))
export const phrasesRequestSchema = z.object({ modality: term, body_part: term })
export type PhrasesRequest = z.infer<typeof phrasesRequestSchema>
export const phrasesAnswerSchema = z.object({
  phrases: z.array(z.string()),
  count: z.number().int().nonnegative(),
})
export type PhrasesAnswer = z.infer<typeof phrasesAnswerSchema>

// POST /speech/cleanup
export const cleanupRequestSchema = z.object({
  text: inputText(z.string().max(LIMITS.cleanupChars)),
  modality: term,
  body_part: term,
})
export type CleanupRequest = z.infer<typeof cleanupRequestSchema>
export const cleanupAnswerSchema = z.object({ cleaned: z.string() })
export type CleanupAnswer = z.infer<typeof cleanupAnswerSchema>

// POST /orders/{id}/claim, DELETE /orders/{id}/claim, POST /worklist/next
export const claimRequestSchema = z.object({ take_over: z.boolean().optional() })
export type ClaimRequest = z.input<typeof claimRequestSchema>
export const claimAnswerSchema = z.object({
  order_id: idSchema,
  claimed_by: claimHolderSchema,
  /** When the claim ends unless renewed (claiming again renews it). */
  expires_at: timestampSchema,
})
export type ClaimAnswer = z.infer<typeof claimAnswerSchema>
/** The 409 of a claim held by someone else: the error and who holds it. */
export const claimConflictSchema = errorSchema.extend({ claimed_by: claimHolderSchema })
export type ClaimConflict = z.infer<typeof claimConflictSchema>

// POST /orders/{id}/report/check: the pre-sign checks (QA-10) of the sections sent (the
// editor's current text, saved or not), or of the saved report when none are sent (a study
// without a report is checked as five empty sections). Unknown keys are refused (400).
export const checkReportRequestSchema = z.strictObject({
  sections: z.strictObject(reportSectionsInputSchema.shape).optional(),
})
export type CheckReportRequest = z.input<typeof checkReportRequestSchema>
export const qaIssueSchema = z.object({
  code: z.enum(QA_ISSUE_CODES),
  severity: z.enum(QA_SEVERITIES),
  section: z.enum(REPORT_SECTION_KEYS),
  /** What is wrong, in a few words; names a critical finding, never quotes the report at length. */
  message: z.string().min(1),
  /** The words the issue is about, as written (at most a sentence, shortened around the words). */
  excerpt: z.string(),
})
export type QaIssue = z.infer<typeof qaIssueSchema>
export const checkReportAnswerSchema = z.object({
  issues: z.array(qaIssueSchema),
  /** The follow-up recommendations found in the text (FU-1); absent from a backend without them. */
  follow_ups: z.array(followUpProposalSchema).optional(),
})
export type CheckReportAnswer = z.infer<typeof checkReportAnswerSchema>

// POST /orders/{id}/report/impression-draft (IMP-1): an impression drafted from the Findings
// of the sections sent (the editor's text, saved or not). Nothing is written; read strictly, as
// the check's body, but the sections are required. An empty impression: nothing positive to draft.
export const draftImpressionRequestSchema = z.strictObject({
  sections: z.strictObject(reportSectionsInputSchema.shape),
})
export type DraftImpressionRequest = z.input<typeof draftImpressionRequestSchema>
export const draftImpressionAnswerSchema = z.object({
  impression: z.string().max(IMPRESSION_DRAFT_MAX_CHARS),
  source: z.enum(IMPRESSION_DRAFT_SOURCES),
})
export type DraftImpressionAnswer = z.infer<typeof draftImpressionAnswerSchema>
