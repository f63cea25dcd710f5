/**
 * The contract's plain values: limits, codes and statuses, the text rule (SEC-3), the report
 * writes' preconditions and every route's method and path. `index.ts` re-exports all of it with
 * the zod schemas; it lives apart, importing nothing, so a client can build requests and read
 * answers without loading zod (the SPA's first screen does).
 */

export const API_PREFIX = '/api/v1'

/** Upper bounds that keep one request from filling the database. */
export const LIMITS = {
  messageChars: 20_000,
  sectionChars: 50_000,
  cleanupChars: 50_000,
  termChars: 100,
} as const

/**
 * What a patient and an order may hold, however they arrive (the RIS's HL7 orders are refused
 * with AE 102 beyond these, INT-56): no one field can fill the database or slow every worklist
 * read. Generous for what hospitals send (HL7 v2.5.1's own lengths are smaller for most).
 */
export const ORDER_LIMITS = {
  mrnChars: 64,
  authorityChars: 64,
  nameChars: 200,
  accessionChars: 64,
  orderNumberChars: 200,
  procedureCodeChars: 64,
  codingSystemChars: 64,
  descriptionChars: 300,
  modalityChars: 20,
  bodyPartChars: 100,
  indicationChars: 4000,
} as const

/**
 * SEC-3: what no person types. C0 control characters other than tab, line feed and carriage
 * return (a NUL among them, which PostgreSQL cannot store), and a UTF-16 surrogate without its
 * pair (which would be stored as U+FFFD, silently changing the text). Requests carrying them are
 * refused (400) before anything reaches the database or a log.
 */
const FORBIDDEN_TEXT =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const CONTROL_CHARACTERS_MESSAGE =
  'must not contain control characters (other than tab and line breaks) or unpaired surrogates'

/** Whether a person could have typed `text` (see FORBIDDEN_TEXT). */
export function isCleanText(text: string): boolean {
  return !FORBIDDEN_TEXT.test(text)
}

/** Only `in_progress` has a meaning the product shows; other statuses pass through. */
export const IN_PROGRESS = 'in_progress'

export const REPORT_SECTION_KEYS = [
  'history',
  'technique',
  'comparison',
  'findings',
  'impression',
] as const
export type ReportSectionKey = (typeof REPORT_SECTION_KEYS)[number]

/** Each section as the product names it to a person ('Findings': labels, notes, replies). */
export const REPORT_SECTION_LABELS: Readonly<Record<ReportSectionKey, string>> = {
  history: 'History',
  technique: 'Technique',
  comparison: 'Comparison',
  findings: 'Findings',
  impression: 'Impression',
}

/** Each section's heading as a report's text writes it ('FINDINGS:'), without the colon. */
export const REPORT_SECTION_HEADINGS: Readonly<Record<ReportSectionKey, string>> = {
  history: 'HISTORY',
  technique: 'TECHNIQUE',
  comparison: 'COMPARISON',
  findings: 'FINDINGS',
  impression: 'IMPRESSION',
}

/**
 * Pre-sign checks (QA-1..QA-8, POST /orders/{id}/report/check): what each issue is about. `block`
 * issues stop a signature until overridden with a reason (or, for `critical`, until the finding's
 * communication is recorded); `warn` issues are shown and signing goes on. docs/qa.md says what
 * each code looks for.
 */
export const QA_ISSUE_CODES = [
  'laterality',
  'sex',
  'body_part',
  'empty_section',
  'unfilled_field',
  'repeated_words',
  'units',
  'critical',
] as const
export type QaIssueCode = (typeof QA_ISSUE_CODES)[number]
export const QA_SEVERITIES = ['block', 'warn'] as const
export type QaSeverity = (typeof QA_SEVERITIES)[number]

/** Who wrote an impression draft (IMP-1): the configured model, or the local provider. */
export const IMPRESSION_DRAFT_SOURCES = ['llm', 'local'] as const
export type ImpressionDraftSource = (typeof IMPRESSION_DRAFT_SOURCES)[number]
/** An impression draft is cut to this many characters, whatever the model wrote. */
export const IMPRESSION_DRAFT_MAX_CHARS = 4000
/** The error of an impression draft the model could not give (502). */
export const DRAFT_UNAVAILABLE_ERROR = 'draft_unavailable'

/** The `meta_data.type` of the structured patient summary message. */
export const PATIENT_SUMMARY = 'patient_summary'

/** GET /orders paging (see `listOrdersQuerySchema` in index.ts for what each parameter does). */
export const ORDER_PAGE = { defaultLimit: 100, maxLimit: 500 } as const
export const ORDER_LIST_QUERY_KEYS = [
  'limit',
  'cursor',
  'priority',
  'modality',
  'status',
  'q',
  'claimed',
] as const
/**
 * `status=final` of GET /orders: the signed studies. It is also the status our server gives an
 * order once its report is signed (a signed study is no longer in progress).
 */
export const FINAL_STATUS = 'final'
/**
 * An order the hospital cancelled (HL7 ORC-1 CA): kept with anything written about it, but left
 * out of the worklist, its pages, counts and Next study; `status=cancelled` lists them.
 */
export const CANCELLED_STATUS = 'cancelled'
/** `claimed=` of GET /orders: the caller's own claims, or orders nobody claims. */
export const CLAIMED_FILTERS = ['mine', 'unclaimed'] as const
export type ClaimedFilter = (typeof CLAIMED_FILTERS)[number]

/**
 * Claims (CLM-1..CLM-4): opening a study claims it for `leaseSeconds` unless renewed (the SPA
 * renews every `renewSeconds` while the study is open). A claim held by someone else answers 409
 * `claimedError` with the holder, unless the request takes over.
 */
export const CLAIM = { leaseSeconds: 300, renewSeconds: 60 } as const
export const CLAIMED_ERROR = 'claimed'

/**
 * GET /events: a Server-Sent Events stream of what happens to orders. Each event is
 * `id: <version>.<seq>`, `event: <one of ORDER_EVENT_TYPES>`, `data: {"order_id", "order"}` with
 * the order as GET /orders/{id} answers it now (null once it is deleted). The first event of a
 * stream is `ready` (`data: {"version"}`); `reset` means the server cannot replay from the
 * `Last-Event-ID` sent, so the client refetches what it holds once. Comments keep it alive.
 * `conversation.message` says the study's conversation has new messages; which, the chat reads.
 * `going_away` (with `retry:` and no id) is the last event of a stream whose server is shutting
 * down: the client comes back after the hint, to whichever instance answers, with its
 * `Last-Event-ID` as before (OPS-15).
 */
export const EVENTS_PATH = '/events'
export const ORDER_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'order.status',
  'order.deleted',
  'order.claimed',
  'order.released',
  'report.saved',
  'report.finalized',
  'report.deleted',
  'report.addendum',
  'report.communication',
  'conversation.cleared',
  'conversation.message',
] as const
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number]
export const STREAM_EVENTS = { ready: 'ready', reset: 'reset', goingAway: 'going_away' } as const

/**
 * Optional preconditions of the two report writes (headers only; the bodies are the spec's).
 * A report's version is its `updated_at`, quoted like an entity tag; GET order and both writes
 * answer it as `ETag`. `If-Match: <version>` writes only while the report is still that version;
 * `If-None-Match: *` only while the study has no report. A failed precondition answers 412
 * `reportChangedError` and writes nothing; a final report answers 409 first. No header: no check.
 */
export const PRECONDITION_FAILED = 412
/** The 412's body: an `ApiErrorBody` (index.ts) like any other error. */
export const reportChangedError = {
  error: 'report_changed',
  message: 'The report was changed by someone else since you opened it.',
} as const satisfies { error: string; message: string }

/** The entity tag of a report version: `"2026-11-21T14:00:00.123Z"`. */
export function reportETag(updatedAt: string): string {
  return `"${updatedAt}"`
}

/**
 * The precondition headers of a write based on `version`: a report's `updated_at`, null for "the
 * study had no report", undefined for no precondition at all.
 */
export function reportPreconditionHeaders(
  version: string | null | undefined,
): Record<string, string> {
  if (version === undefined) return {}
  return version === null ? { 'If-None-Match': '*' } : { 'If-Match': reportETag(version) }
}

/**
 * Templates and macros (TPL-5, MAC-4). A `[bracketed field]` of a template marks a value or a
 * choice still to be made (Tab moves between them; a report holding one is not signed). A macro's
 * name is typed in a report before Tab, so it holds only what a word does.
 */
const TEMPLATE_FIELD = /\[[^[\]\n]{1,120}\]/g

/** Where each `[bracketed field]` of `text` starts and ends (end exclusive), in order. */
export function templateFields(text: string): { start: number; end: number }[] {
  return Array.from(text.matchAll(TEMPLATE_FIELD), (m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }))
}
export const MACRO_LIMITS = { nameChars: 40, textChars: 4000 } as const
export const MACRO_NAME_PATTERN = /^[\p{L}\p{N}]+(?:[ -]+[\p{L}\p{N}]+)*$/u
export const MACRO_EXISTS_ERROR = 'macro_exists'

/** Every route's method and path (Fastify style); `routes` in index.ts adds its schemas. */
export const routePaths = {
  listPatients: { method: 'GET', path: '/patients' },
  listOrders: { method: 'GET', path: '/orders' },
  getOrder: { method: 'GET', path: '/orders/:id' },
  listMessages: { method: 'GET', path: '/orders/:id/messages' },
  sendMessage: { method: 'POST', path: '/orders/:id/messages' },
  rateMessage: { method: 'PATCH', path: '/orders/:id/messages/:messageId/rating' },
  initializeOrder: { method: 'POST', path: '/orders/:id/initialize' },
  saveReport: { method: 'PUT', path: '/orders/:id/report' },
  finalizeReport: { method: 'POST', path: '/orders/:id/report/finalize' },
  listReportRevisions: { method: 'GET', path: '/orders/:id/report/revisions' },
  addReportAddendum: { method: 'POST', path: '/orders/:id/report/addenda' },
  clearConversation: { method: 'DELETE', path: '/orders/:id/conversation' },
  speechToken: { method: 'POST', path: '/speech/token' },
  speechPhrases: { method: 'POST', path: '/speech/phrases' },
  speechCleanup: { method: 'POST', path: '/speech/cleanup' },
  claimOrder: { method: 'POST', path: '/orders/:id/claim' },
  releaseClaim: { method: 'DELETE', path: '/orders/:id/claim' },
  nextStudy: { method: 'POST', path: '/worklist/next' },
  listPriors: { method: 'GET', path: '/orders/:id/priors' },
  checkReport: { method: 'POST', path: '/orders/:id/report/check' },
  draftImpression: { method: 'POST', path: '/orders/:id/report/impression-draft' },
  listCommunications: { method: 'GET', path: '/orders/:id/report/communications' },
  recordCommunication: { method: 'POST', path: '/orders/:id/report/communications' },
  listTemplates: { method: 'GET', path: '/templates' },
  listMacros: { method: 'GET', path: '/macros' },
  createMacro: { method: 'POST', path: '/macros' },
  updateMacro: { method: 'PUT', path: '/macros/:id' },
  deleteMacro: { method: 'DELETE', path: '/macros/:id' },
  whoAmI: { method: 'GET', path: '/me' },
  sendForReview: { method: 'POST', path: '/orders/:id/report/preliminary' },
  returnToTrainee: { method: 'POST', path: '/orders/:id/report/return' },
  listUsers: { method: 'GET', path: '/admin/users' },
  updateUser: { method: 'PATCH', path: '/admin/users/:id' },
  listAuditEvents: { method: 'GET', path: '/admin/audit' },
  exportAuditEvents: { method: 'GET', path: '/admin/audit/export' },
  listFollowUps: { method: 'GET', path: '/follow-ups' },
  resolveFollowUp: { method: 'PATCH', path: '/follow-ups/:id' },
  askPeerReview: { method: 'GET', path: '/orders/:id/peer-review' },
  recordPeerReview: { method: 'POST', path: '/peer-reviews' },
  listMyPeerReviews: { method: 'GET', path: '/peer-reviews/mine' },
  peerReviewRates: { method: 'GET', path: '/admin/peer-reviews' },
  turnaroundStats: { method: 'GET', path: '/stats/turnaround' },
  volumeStats: { method: 'GET', path: '/stats/volume' },
  criticalCommunicationStats: { method: 'GET', path: '/stats/critical-communication' },
  followUpStats: { method: 'GET', path: '/stats/follow-ups' },
} as const
