/**
 * The /api/v1 contract: one zod schema for every request and answer of the routes.
 *
 * The SPA validates every answer with these schemas before anything reaches a component; the
 * server validates every request and every answer with the same schemas. This module is the only
 * code the server and the SPA share, so it imports nothing but zod.
 *
 * Decisions where the product spec says "not shown":
 * - ids are opaque strings;
 * - list answers are bare arrays (the SPA also accepts an object holding one array, see
 *   `listAnswer`);
 * - an order nests its patient and its report (or null);
 * - errors are `{error, message}`.
 */
import { z } from 'zod'
import {
  CLAIMED_FILTERS,
  IMPRESSION_DRAFT_MAX_CHARS,
  IMPRESSION_DRAFT_SOURCES,
  LIMITS,
  ORDER_PAGE,
  QA_ISSUE_CODES,
  QA_SEVERITIES,
  REPORT_SECTION_KEYS,
  routePaths,
} from './constants'
import { inputText } from './inputText'
import {
  macroListSchema,
  macroParamsSchema,
  macroRequestSchema,
  macroSchema,
  templateListSchema,
  templatesQuerySchema,
} from './library'
import {
  communicationListSchema,
  communicationRequestSchema,
  communicationSchema,
  finalizeRequestSchema,
  qaOverrideSchema,
} from './signing'
// The contract's plain values (constants, the text rule, the route table's methods and paths)
// live in constants.ts, free of zod, so that a client can use them without loading zod.
export * from './constants'
export * from './library'
export * from './signing'

export const idSchema = z.string().min(1).max(200)
export type Id = z.infer<typeof idSchema>

/** An id in a request path. */
const paramIdSchema = inputText(idSchema)

/** ISO 8601 timestamp with a time zone, as the server writes it. */
export const timestampSchema = z.iso.datetime({ offset: true })

export const prioritySchema = z.enum(['stat', 'urgent', 'routine'])
export type Priority = z.infer<typeof prioritySchema>

export const sexSchema = z.enum(['female', 'male', 'other', 'unknown'])
export type Sex = z.infer<typeof sexSchema>

/** Only `in_progress` (IN_PROGRESS) has a meaning the product shows; other statuses pass through. */
export const orderStatusSchema = z.string().min(1).max(40)
export type OrderStatus = z.infer<typeof orderStatusSchema>

export const roleSchema = z.enum(['user', 'assistant'])
export type Role = z.infer<typeof roleSchema>

export const inputTypeSchema = z.enum(['text', 'voice'])
export type InputType = z.infer<typeof inputTypeSchema>

export const ratingSchema = z.enum(['up', 'down'])
export type Rating = z.infer<typeof ratingSchema>

// ---------------------------------------------------------------------------------------------
// Entities

export const patientSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  /** Calendar date, YYYY-MM-DD. */
  date_of_birth: z.iso.date(),
  sex: sexSchema,
})
export type Patient = z.infer<typeof patientSchema>

const sectionText = z.string().max(LIMITS.sectionChars)
export const reportSectionsSchema = z.object({
  history: sectionText,
  technique: sectionText,
  comparison: sectionText,
  findings: sectionText,
  impression: sectionText,
})
export type ReportSections = z.infer<typeof reportSectionsSchema>
/** The sections as a clinician writes them (SEC-3); answers keep the plain schema above. */
const sectionInput = inputText(sectionText)
const reportSectionsInputSchema = z.object({
  history: sectionInput,
  technique: sectionInput,
  comparison: sectionInput,
  findings: sectionInput,
  impression: sectionInput,
})

/** A signed-in user as the record names them: their id and display name at the time. */
export const userRefSchema = z.object({ user_id: idSchema, name: z.string() })
export type UserRef = z.infer<typeof userRefSchema>

/** An addendum to a final report: appended by a clinician, never changed. */
export const addendumSchema = z.object({
  id: idSchema,
  text: z.string(),
  author: userRefSchema,
  created_at: timestampSchema,
})
export type Addendum = z.infer<typeof addendumSchema>

export const reportSchema = z.object({
  sections: reportSectionsSchema,
  is_final: z.boolean(),
  updated_at: timestampSchema,
  finalized_at: timestampSchema.nullable(),
  /**
   * Who signed it (null while not final) and its addenda, oldest first. Our server always writes
   * both; they are optional so that a report without them (another backend) still conforms.
   */
  finalized_by: userRefSchema.nullable().optional(),
  addenda: z.array(addendumSchema).optional(),
  /** Critical results communicated (./signing), oldest first; our server always writes it. */
  communications: z.array(communicationSchema).optional(),
  /** The pre-sign check issues the signer overrode, and why (null: none). */
  qa_override: qaOverrideSchema.nullable().optional(),
})
export type Report = z.infer<typeof reportSchema>

/** Who is reading a study now: the holder of its claim (issue 16). */
export const claimHolderSchema = z.object({
  user_id: idSchema,
  name: z.string(),
  since: timestampSchema,
})
export type ClaimHolder = z.infer<typeof claimHolderSchema>

export const orderSchema = z.object({
  id: idSchema,
  patient_id: idSchema,
  status: orderStatusSchema,
  modality: z.string().min(1),
  body_part: z.string().min(1),
  study_description: z.string(),
  priority: prioritySchema,
  accession_number: z.string().min(1),
  indication: z.string(),
  ordered_at: timestampSchema,
  patient: patientSchema,
  report: reportSchema.nullable(),
  /** Who reads it now (null: nobody). Optional: a backend without claims leaves it out. */
  claimed_by: claimHolderSchema.nullable().optional(),
  /** The DICOM Study Instance UID (0020,000D) the archive holds the images under; null: unknown. */
  study_instance_uid: z.string().min(1).nullable().optional(),
  /** Where the study's images open (a PACS viewer, VIEWER_URL_TEMPLATE); null: no link. */
  viewer_url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .optional(),
})
export type Order = z.infer<typeof orderSchema>

/**
 * One of the patient's other studies, as a radiologist reads against it (issue 18): when it was
 * ordered, what it was, and the impression that was signed for it (null when none was).
 */
export const priorStudySchema = z.object({
  id: idSchema,
  ordered_at: timestampSchema,
  modality: z.string().min(1),
  body_part: z.string().min(1),
  study_description: z.string(),
  accession_number: z.string().min(1),
  status: orderStatusSchema,
  impression: z.string().nullable(),
  finalized_at: timestampSchema.nullable(),
})
export type PriorStudy = z.infer<typeof priorStudySchema>

/** The patient's other studies, newest first. */
export const priorListSchema = z.object({ items: z.array(priorStudySchema) })

export const messageMetaSchema = z
  .object({
    type: z.string().min(1),
    structured: z.boolean().optional(),
    /** Report sections an assistant reply changed. */
    sections: z.array(z.enum(REPORT_SECTION_KEYS)).optional(),
    /** Of those, the sections whose text a clinician had written: the reply says so. */
    replaced: z.array(z.enum(REPORT_SECTION_KEYS)).optional(),
  })
  .nullable()
export type MessageMeta = z.infer<typeof messageMetaSchema>

export const messageSchema = z.object({
  id: idSchema,
  order_id: idSchema,
  user_id: idSchema,
  role: roleSchema,
  content: z.string(),
  input_type: inputTypeSchema,
  created_at: timestampSchema,
  rating: ratingSchema.nullable(),
  meta_data: messageMetaSchema,
  /** The display name of the user who wrote a user message; null for the assistant's. */
  author_name: z.string().nullable().optional(),
})
export type Message = z.infer<typeof messageSchema>

/** Content of the structured patient summary message (meta_data.type = PATIENT_SUMMARY). */
export const patientSummarySchema = z.object({
  patient_summary: z.string(),
  exam: z.string(),
  indication: z.string(),
  data: z.array(z.string()),
})
export type PatientSummary = z.infer<typeof patientSummarySchema>

// ---------------------------------------------------------------------------------------------
// Requests and answers, route by route

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
const listParameter = <T extends z.ZodType<string, string>>(item: T) =>
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

// POST /orders/{id}/report/check: the pre-sign checks (issue 18) of the sections sent (the
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
export const checkReportAnswerSchema = z.object({ issues: z.array(qaIssueSchema) })
export type CheckReportAnswer = z.infer<typeof checkReportAnswerSchema>

// POST /orders/{id}/report/impression-draft (issue 18): an impression drafted from the Findings
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

/**
 * Every route, in one table: method, path (Fastify style, from `routePaths`), and its schemas. The
 * server registers routes from it and the SPA's endpoint tests walk it, so a route cannot be added
 * on one side only.
 */
export const routes = {
  listPatients: { ...routePaths.listPatients, answer: patientListSchema },
  listOrders: {
    ...routePaths.listOrders,
    query: listOrdersQuerySchema,
    answer: orderListSchema,
    /** The answer when the query holds any of `ORDER_LIST_QUERY_KEYS`. */
    pageAnswer: orderPageSchema,
  },
  getOrder: { ...routePaths.getOrder, params: orderParamsSchema, answer: orderSchema },
  listMessages: {
    ...routePaths.listMessages,
    params: orderParamsSchema,
    answer: messageListSchema,
  },
  sendMessage: {
    ...routePaths.sendMessage,
    params: orderParamsSchema,
    body: sendMessageRequestSchema,
    answer: sendMessageAnswerSchema,
  },
  rateMessage: {
    ...routePaths.rateMessage,
    params: messageParamsSchema,
    body: rateMessageRequestSchema,
    answer: successSchema,
  },
  initializeOrder: {
    ...routePaths.initializeOrder,
    params: orderParamsSchema,
    answer: initializeAnswerSchema,
  },
  saveReport: {
    ...routePaths.saveReport,
    params: orderParamsSchema,
    body: saveReportRequestSchema,
    answer: reportAnswerSchema,
  },
  /** Optional body (./signing); 409 `finalizeConflictSchema` when our server refuses to sign. */
  finalizeReport: {
    ...routePaths.finalizeReport,
    params: orderParamsSchema,
    body: finalizeRequestSchema,
    answer: reportAnswerSchema,
  },
  listCommunications: {
    ...routePaths.listCommunications,
    params: orderParamsSchema,
    answer: communicationListSchema,
  },
  /** 201 with the record. */
  recordCommunication: {
    ...routePaths.recordCommunication,
    params: orderParamsSchema,
    body: communicationRequestSchema,
    answer: communicationSchema,
  },
  listReportRevisions: {
    ...routePaths.listReportRevisions,
    params: orderParamsSchema,
    answer: reportRevisionListSchema,
  },
  addReportAddendum: {
    ...routePaths.addReportAddendum,
    params: orderParamsSchema,
    body: addAddendumRequestSchema,
    answer: addendumSchema,
  },
  clearConversation: {
    ...routePaths.clearConversation,
    params: orderParamsSchema,
    answer: null,
  },
  speechToken: { ...routePaths.speechToken, answer: speechTokenAnswerSchema },
  speechPhrases: {
    ...routePaths.speechPhrases,
    body: phrasesRequestSchema,
    answer: phrasesAnswerSchema,
  },
  speechCleanup: {
    ...routePaths.speechCleanup,
    body: cleanupRequestSchema,
    answer: cleanupAnswerSchema,
  },
  claimOrder: {
    ...routePaths.claimOrder,
    params: orderParamsSchema,
    body: claimRequestSchema,
    answer: claimAnswerSchema,
  },
  releaseClaim: { ...routePaths.releaseClaim, params: orderParamsSchema, answer: null },
  /** 200 with the order now claimed for the caller, 204 when nothing is left to read. */
  nextStudy: { ...routePaths.nextStudy, answer: orderSchema },
  listPriors: { ...routePaths.listPriors, params: orderParamsSchema, answer: priorListSchema },
  /** 200 with the issues (empty: nothing found); the report is not changed. */
  checkReport: {
    ...routePaths.checkReport,
    params: orderParamsSchema,
    body: checkReportRequestSchema,
    answer: checkReportAnswerSchema,
  },
  /** 200 with the draft; 502 `draft_unavailable` when the model fails. Nothing is written. */
  draftImpression: {
    ...routePaths.draftImpression,
    params: orderParamsSchema,
    body: draftImpressionRequestSchema,
    answer: draftImpressionAnswerSchema,
  },
  listTemplates: {
    ...routePaths.listTemplates,
    query: templatesQuerySchema,
    answer: templateListSchema,
  },
  listMacros: { ...routePaths.listMacros, answer: macroListSchema },
  /** 201 with the macro; 409 `macro_exists` when the caller has one of that name. */
  createMacro: { ...routePaths.createMacro, body: macroRequestSchema, answer: macroSchema },
  updateMacro: {
    ...routePaths.updateMacro,
    params: macroParamsSchema,
    body: macroRequestSchema,
    answer: macroSchema,
  },
  deleteMacro: { ...routePaths.deleteMacro, params: macroParamsSchema, answer: null },
} as const satisfies Record<keyof typeof routePaths, object>

export type RouteName = keyof typeof routes
