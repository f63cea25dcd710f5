/**
 * An in-memory /api/v1 for component and API tests: every route of the contract, answering with
 * the contract's shapes and refusing requests that break the contract's request schemas, the
 * way the real server does, including the report writes' `If-Match` / `If-None-Match`
 * preconditions (412 `report_changed`, nothing written) and a version (`updated_at`) that moves on
 * with every write to a report. Each request is recorded (method, path, body, headers) so tests
 * assert what the SPA sent. Tests change single answers with `server.use(...)`.
 */
import { http, HttpResponse } from 'msw'
import {
  finalizeRequestSchema,
  API_PREFIX,
  IN_PROGRESS,
  rateMessageRequestSchema,
  routes,
  saveReportRequestSchema,
  sendMessageRequestSchema,
  phrasesRequestSchema,
  cleanupRequestSchema,
  draftImpressionRequestSchema,
  PRECONDITION_FAILED,
  reportChangedError,
  reportETag,
  type Message,
  type Order,
  type Patient,
  type Report,
  type ReportRevision,
  type ReportSections,
  REPORT_SECTION_KEYS,
  type RevisionCause,
  type RouteName,
  addAddendumRequestSchema,
  type Communication,
  claimRequestSchema,
  CLAIMED_ERROR,
  EVENTS_PATH,
  FINAL_STATUS,
  type Macro,
  type Template,
} from '../../../contract'
import {
  buildMessage,
  buildOrder,
  buildPatient,
  buildReport,
  buildSections,
  FIXED_TIME,
} from './data'
import { adminHandlers, demoAdminState, type AdminState } from './adminBackend'
import { libraryHandlers, TEST_TEMPLATES } from './libraryBackend'
import { signingHandlers } from './signingBackend'
import { demoPeerReviewState, peerReviewHandlers, type PeerReviewState } from './peerReviewBackend'
import {
  checkedFollowUps,
  demoFollowUpsState,
  followUpsHandlers,
  followUpsSigned,
  type FollowUpsState,
} from './followUpsBackend'
import { demoStatsState, statsHandlers, type StatsState } from './statsBackend'
import {
  cosigned,
  demoTeachingState,
  reviewRefusal,
  teachingHandlers,
  type TeachingState,
} from './teachingBackend'
import { asksForPage, CALLER_ID, callerOf, pageOf } from './orderPages'

export interface RecordedRequest {
  route: RouteName
  method: string
  path: string
  /** The query parameters sent (recorded by the handlers here; other recorders may leave it out). */
  query?: URLSearchParams
  body: unknown
  headers: Headers
  credentials: RequestCredentials
  /** Sent to outlive the page (`fetch`'s keepalive). */
  keepalive?: boolean
}

export interface ApiBackend {
  patients: Patient[]
  orders: Order[]
  messages: Map<string, Message[]>
  /** Each order's report history, oldest first (the route answers it newest first). */
  revisions: Map<string, ReportRevision[]>
  requests: RecordedRequest[]
  /** Whether the next assistant reply changes the report (`report_updated`). */
  replyUpdatesReport: boolean
  /** Sections the next replies write into the report, over what it holds (with a revision). */
  replyWrites: Partial<ReportSections> | null
  /**
   * GET /orders with page parameters answers a page (`orderPages.ts`), as our server does; off
   * (the default), the parameters are ignored and the whole list answered, as a spec backend.
   */
  paging: boolean
  /** GET /templates matches these by modality and body part (libraryBackend.ts). */
  templates: Template[]
  /** The caller's macros. */
  macros: Macro[]
  /** Critical result communications recorded, per order (signingBackend.ts). */
  communications: Map<string, Communication[]>
  /** The accounts and the audit trail of the admin's routes (adminBackend.ts). */
  admin: AdminState
  /** Who GET /me says the caller is, and the review flow's rules (teachingBackend.ts). */
  teaching: TeachingState
  /** Peer review's prior, scores and rates (peerReviewBackend.ts). */
  peerReview: PeerReviewState
  /** Follow-ups found by the check, and tracked (followUpsBackend.ts). */
  followUps: FollowUpsState
  /** The department's numbers (statsBackend.ts). */
  stats: StatsState
  /** Requests recorded for one route. */
  requestsTo(route: RouteName): RecordedRequest[]
  /** Back to the demo data and an empty request log. */
  reset(): void
}

function demoData() {
  const ada = buildPatient({ id: 'P1', first_name: 'Ada', last_name: 'Lovelace' })
  const alan = buildPatient({
    id: 'P2',
    first_name: 'Alan',
    last_name: 'Turing',
    sex: 'male',
    date_of_birth: '1954-06-07',
  })
  const orders = [
    buildOrder({ id: 'O1', patient: ada, priority: 'routine', accession_number: 'ACC-1001' }),
    buildOrder({
      id: 'O2',
      patient: alan,
      priority: 'stat',
      modality: 'MR',
      body_part: 'Head',
      study_description: 'MRI brain without contrast',
      accession_number: 'ACC-1002',
    }),
  ]
  const messages = new Map<string, Message[]>([
    [
      'O1',
      [
        buildMessage({ id: 'M1', order_id: 'O1', role: 'user', content: 'Any nodules?' }),
        buildMessage({
          id: 'M2',
          order_id: 'O1',
          role: 'assistant',
          content: 'No nodules are seen.',
        }),
      ],
    ],
  ])
  return { patients: [ada, alan], orders, messages }
}

export function createApiBackend(): ApiBackend {
  const backend: ApiBackend = {
    patients: [],
    orders: [],
    messages: new Map(),
    revisions: new Map(),
    requests: [],
    replyUpdatesReport: false,
    replyWrites: null,
    paging: false,
    templates: [],
    macros: [],
    communications: new Map(),
    admin: demoAdminState(),
    teaching: demoTeachingState(),
    peerReview: demoPeerReviewState(),
    followUps: demoFollowUpsState(),
    stats: demoStatsState(),
    requestsTo: (route) => backend.requests.filter((request) => request.route === route),
    reset: () => {
      const data = demoData()
      backend.patients = data.patients
      backend.orders = data.orders
      backend.messages = data.messages
      backend.revisions = new Map()
      backend.requests = []
      backend.replyUpdatesReport = false
      backend.replyWrites = null
      backend.paging = false
      backend.templates = structuredClone(TEST_TEMPLATES)
      backend.macros = []
      backend.communications = new Map()
      backend.admin = demoAdminState()
      backend.teaching = demoTeachingState()
      backend.peerReview = demoPeerReviewState()
      backend.followUps = demoFollowUpsState()
      backend.stats = demoStatsState()
    },
  }
  backend.reset()
  return backend
}

/** The full URL pattern MSW matches for a contract route (MSW and Fastify share `:param`). */
export function routePattern(route: RouteName): string {
  return `${API_PREFIX}${routes[route].path}`
}

type Params = Record<string, string | readonly string[] | undefined>
type Responder = (input: {
  params: Params
  body: unknown
  headers: Headers
  query: URLSearchParams
}) => Response

const methodOf = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text()
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

const notFound = (what: string) =>
  HttpResponse.json({ error: 'not_found', message: `${what} not found` }, { status: 404 })
const badRequest = (message: string) =>
  HttpResponse.json({ error: 'bad_request', message }, { status: 400 })

/**
 * The version of the next write to a report: FIXED_TIME, or a millisecond past the version it
 * replaces, so two writes never share one (as on the real server).
 */
export function nextReportVersion(previous: Report | null | undefined): string {
  const floor = Date.parse(FIXED_TIME)
  const after = previous ? Date.parse(previous.updated_at) + 1 : floor
  return new Date(Math.max(floor, after)).toISOString()
}

function listMatches(header: string, report: Report | null | undefined): boolean {
  if (!report) return false
  const tags = header.match(/\*|(?:W\/)?"[^"]*"/g) ?? []
  return tags.some((tag) => tag === '*' || tag === reportETag(report.updated_at))
}

/** The server's precondition check of a report write: whether it may go ahead. */
function preconditionsHold(headers: Headers, report: Report | null | undefined): boolean {
  const ifMatch = headers.get('if-match')
  const ifNoneMatch = headers.get('if-none-match')
  if (ifMatch !== null && !listMatches(ifMatch, report)) return false
  return ifNoneMatch === null || !listMatches(ifNoneMatch, report)
}

const reportChanged = () =>
  HttpResponse.json(reportChangedError, {
    status: PRECONDITION_FAILED,
    statusText: 'Precondition Failed',
  })

/** The signed-in clinician of these tests, as the in-memory backend names them. */
export const TEST_CLINICIAN = { user_id: CALLER_ID, name: 'Dr Test' }

function recordRevision(
  backend: ApiBackend,
  orderId: string,
  report: Report,
  cause: RevisionCause,
) {
  const history = backend.revisions.get(orderId) ?? []
  const before = history.at(-1)?.sections ?? buildSections({})
  history.push({
    id: `R${String(history.length + 1)}`,
    sections: report.sections,
    author: cause === 'assistant' ? { kind: 'assistant' } : { kind: 'user', ...TEST_CLINICIAN },
    cause,
    sections_changed: REPORT_SECTION_KEYS.filter((key) => before[key] !== report.sections[key]),
    created_at: report.updated_at,
    // As on the server: the finalize revision keeps the signature's override.
    ...(cause === 'finalize' && report.qa_override ? { qa_override: report.qa_override } : {}),
  })
  backend.revisions.set(orderId, history)
}

function withETag(report: Report): Response {
  return HttpResponse.json(report, { headers: { ETag: reportETag(report.updated_at) } })
}

function param(params: Params, name: string): string {
  const value = params[name]
  return typeof value === 'string' ? value : ''
}

export function apiHandlers(backend: ApiBackend) {
  const handle = (route: RouteName, respond: Responder) =>
    methodOf[routes[route].method](routePattern(route), async ({ request, params }) => {
      const body = await readJson(request.clone())
      const url = new URL(request.url)
      backend.requests.push({
        route,
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        body,
        headers: request.headers,
        credentials: request.credentials,
        keepalive: request.keepalive,
      })
      return respond({ params, body, headers: request.headers, query: url.searchParams })
    })

  const orderOf = (params: Params) =>
    backend.orders.find((order) => order.id === param(params, 'id'))

  /** 409 `claimed` when someone other than the caller reads the order, as our server answers. */
  const claimedRefusal = (order: Order, headers: Headers) => {
    const holder = order.claimed_by
    if (!holder || holder.user_id === callerOf(headers)) return null
    return HttpResponse.json(
      {
        error: CLAIMED_ERROR,
        message: `${holder.name} is reading this study.`,
        claimed_by: holder,
      },
      { status: 409 },
    )
  }

  return [
    handle('listPatients', () => HttpResponse.json(backend.patients)),
    handle('listOrders', ({ query, headers }) =>
      HttpResponse.json(
        backend.paging && asksForPage(query)
          ? pageOf(backend.orders, query, callerOf(headers))
          : backend.orders,
      ),
    ),
    handle('getOrder', ({ params }) => {
      const order = orderOf(params)
      if (!order) return notFound('order')
      const etag = order.report ? { ETag: reportETag(order.report.updated_at) } : undefined
      return HttpResponse.json(order, etag ? { headers: etag } : {})
    }),
    handle('listMessages', ({ params }) => {
      const order = orderOf(params)
      return order ? HttpResponse.json(backend.messages.get(order.id) ?? []) : notFound('order')
    }),
    handle('sendMessage', ({ params, body, headers }) => {
      const order = orderOf(params)
      if (!order) return notFound('order')
      const parsed = sendMessageRequestSchema.safeParse(body)
      if (!parsed.success) return badRequest('invalid message')
      const claimed = claimedRefusal(order, headers)
      if (claimed) return claimed
      const thread = backend.messages.get(order.id) ?? []
      const userMessage = buildMessage({
        order_id: order.id,
        role: 'user',
        content: parsed.data.content,
        input_type: parsed.data.input_type,
      })
      const reply = buildMessage({ order_id: order.id, role: 'assistant', content: 'Noted.' })
      backend.messages.set(order.id, [...thread, userMessage, reply])
      order.status = IN_PROGRESS
      const writes = backend.replyWrites
      const reportUpdated = backend.replyUpdatesReport || writes !== null
      if (writes) {
        order.report = buildReport({
          sections: { ...(order.report?.sections ?? buildSections({})), ...writes },
          updated_at: nextReportVersion(order.report),
        })
        recordRevision(backend, order.id, order.report, 'assistant')
      } else if (reportUpdated) {
        order.report = buildReport({
          sections: buildSections({ findings: parsed.data.content }),
          updated_at: nextReportVersion(order.report),
        })
      }
      return HttpResponse.json({
        message_id: reply.id,
        content: reply.content,
        created_at: reply.created_at,
        report_updated: reportUpdated,
      })
    }),
    handle('rateMessage', ({ params, body }) => {
      const parsed = rateMessageRequestSchema.safeParse(body)
      if (!parsed.success) return badRequest('invalid rating')
      const message = (backend.messages.get(param(params, 'id')) ?? []).find(
        (candidate) => candidate.id === param(params, 'messageId'),
      )
      if (!message) return notFound('message')
      message.rating = parsed.data.rating
      return HttpResponse.json({ success: true })
    }),
    handle('initializeOrder', ({ params }) => {
      const order = orderOf(params)
      if (!order) return notFound('order')
      const thread = backend.messages.get(order.id) ?? []
      if (thread.length > 0) return HttpResponse.json({})
      const summary = buildMessage({
        order_id: order.id,
        content: 'Summary of the study.',
        meta_data: { type: 'patient_summary', structured: false },
      })
      backend.messages.set(order.id, [summary])
      return HttpResponse.json({ content: summary.content })
    }),
    handle('saveReport', ({ params, body, headers }) => {
      const order = orderOf(params)
      if (!order) return notFound('order')
      const parsed = saveReportRequestSchema.safeParse(body)
      if (!parsed.success) return badRequest('invalid report')
      if (order.report?.is_final)
        return HttpResponse.json({ error: 'conflict', message: 'final' }, { status: 409 })
      const claimed = claimedRefusal(order, headers)
      if (claimed) return claimed
      const refused = reviewRefusal(backend, order, headers, 'save')
      if (refused) return refused
      if (!preconditionsHold(headers, order.report)) return reportChanged()
      order.report = buildReport({
        sections: parsed.data.sections,
        updated_at: nextReportVersion(order.report),
        ...(order.report?.preliminary ? { preliminary: order.report.preliminary } : {}),
      })
      recordRevision(backend, order.id, order.report, parsed.data.cause ?? 'save')
      return withETag(order.report)
    }),
    handle('finalizeReport', ({ params, headers, body }) => {
      const order = orderOf(params)
      if (!order) return notFound('order')
      // As on the server: a final report answers 409 before any precondition is looked at.
      if (order.report?.is_final)
        return HttpResponse.json({ error: 'conflict', message: 'final' }, { status: 409 })
      const claimed = claimedRefusal(order, headers)
      if (claimed) return claimed
      const refused = reviewRefusal(backend, order, headers, 'finalize')
      if (refused) return refused
      if (!preconditionsHold(headers, order.report)) return reportChanged()
      // As on the server: an override sent with the signature is kept with the report.
      const signedOver = finalizeRequestSchema.safeParse(body ?? {})
      const override = signedOver.success ? signedOver.data.qa_override : undefined
      order.report = buildReport({
        ...(order.report ? cosigned(order.report) : {}),
        is_final: true,
        finalized_at: FIXED_TIME,
        finalized_by: TEST_CLINICIAN,
        updated_at: nextReportVersion(order.report),
        ...(override ? { qa_override: override } : {}),
      })
      recordRevision(backend, order.id, order.report, 'finalize')
      followUpsSigned(backend, order, body)
      return withETag(order.report)
    }),
    handle('listReportRevisions', ({ params }) => {
      const order = orderOf(params)
      if (!order) return notFound('order')
      return HttpResponse.json([...(backend.revisions.get(order.id) ?? [])].reverse())
    }),
    handle('addReportAddendum', ({ params, body }) => {
      const order = orderOf(params)
      if (!order) return notFound('order')
      const parsed = addAddendumRequestSchema.safeParse(body)
      if (!parsed.success) return badRequest('invalid addendum')
      if (!order.report?.is_final)
        return HttpResponse.json({ error: 'conflict', message: 'not final' }, { status: 409 })
      const addenda = order.report.addenda ?? []
      const addendum = {
        id: `A${String(addenda.length + 1)}`,
        text: parsed.data.text,
        author: TEST_CLINICIAN,
        created_at: FIXED_TIME,
      }
      order.report = {
        ...order.report,
        addenda: [...addenda, addendum],
        updated_at: nextReportVersion(order.report),
      }
      recordRevision(backend, order.id, order.report, 'addendum')
      return HttpResponse.json(addendum, { status: 201 })
    }),
    // As on our server: refused while another clinician reads the study (CLM-10); a signed
    // report stays and its status says final (CL-3).
    handle('clearConversation', ({ params, headers }) => {
      const order = orderOf(params)
      if (!order) return notFound('order')
      const claimed = claimedRefusal(order, headers)
      if (claimed) return claimed
      backend.messages.delete(order.id)
      if (order.report?.is_final) order.status = FINAL_STATUS
      else {
        order.report = null
        order.status = 'scheduled'
      }
      return new HttpResponse(null, { status: 204 })
    }),
    handle('claimOrder', ({ params, body, headers }) => {
      const order = orderOf(params)
      if (!order) return notFound('order')
      const parsed = claimRequestSchema.safeParse(body ?? {})
      if (!parsed.success) return badRequest('invalid claim')
      const holder = order.claimed_by
      const caller = { ...TEST_CLINICIAN, user_id: callerOf(headers) }
      const claimed = parsed.data.take_over === true ? null : claimedRefusal(order, headers)
      if (claimed) return claimed
      const since = holder?.user_id === caller.user_id ? holder.since : FIXED_TIME
      order.claimed_by = { ...caller, since }
      return HttpResponse.json({
        order_id: order.id,
        claimed_by: order.claimed_by,
        expires_at: FIXED_TIME,
      })
    }),
    handle('releaseClaim', ({ params, headers }) => {
      const order = orderOf(params)
      if (!order) return notFound('order')
      if (order.claimed_by?.user_id === callerOf(headers)) order.claimed_by = null
      return new HttpResponse(null, { status: 204 })
    }),
    handle('nextStudy', ({ headers }) => {
      const rank = { stat: 0, urgent: 1, routine: 2 } as const
      const next = backend.orders
        .filter((order) => !order.claimed_by && !order.report?.is_final)
        .sort(
          (a, b) => rank[a.priority] - rank[b.priority] || a.ordered_at.localeCompare(b.ordered_at),
        )[0]
      if (!next) return new HttpResponse(null, { status: 204 })
      next.claimed_by = { ...TEST_CLINICIAN, user_id: callerOf(headers), since: FIXED_TIME }
      return HttpResponse.json(next)
    }),
    handle('listPriors', ({ params }) => {
      const order = orderOf(params)
      if (!order) return notFound('order')
      const items = backend.orders
        .filter((other) => other.patient_id === order.patient_id && other.id !== order.id)
        .sort((a, b) => b.ordered_at.localeCompare(a.ordered_at))
        .map((other) => ({
          id: other.id,
          ordered_at: other.ordered_at,
          modality: other.modality,
          body_part: other.body_part,
          study_description: other.study_description,
          accession_number: other.accession_number,
          status: other.status,
          impression: other.report?.is_final ? other.report.sections.impression : null,
          finalized_at: other.report?.is_final ? (other.report.finalized_at ?? null) : null,
        }))
      return HttpResponse.json({ items })
    }),
    // The pre-sign checks: a spec backend's answer with no issue (the engine's own tests are the
    // server's).
    handle('checkReport', ({ params }) =>
      orderOf(params)
        ? HttpResponse.json({ issues: [], ...checkedFollowUps(backend) })
        : notFound('order'),
    ),
    // The impression draft (issue 18): the Findings' sentences that do not start with "No", as
    // the local provider would keep them (the provider's own tests are the server's).
    handle('draftImpression', ({ params, body }) => {
      if (!orderOf(params)) return notFound('order')
      const parsed = draftImpressionRequestSchema.safeParse(body)
      if (!parsed.success) return badRequest('invalid impression draft request')
      const kept = (parsed.data.sections.findings.match(/[^.]+\./g) ?? [])
        .map((sentence) => sentence.trim())
        .filter((sentence) => !/^no\b/i.test(sentence))
      const impression =
        kept.length === 1
          ? kept[0]
          : kept.map((sentence, i) => `${String(i + 1)}. ${sentence}`).join('\n')
      return HttpResponse.json({ impression, source: 'local' })
    }),
    ...libraryHandlers(backend, handle),
    ...signingHandlers(backend, handle, TEST_CLINICIAN),
    ...adminHandlers(backend, handle),
    ...peerReviewHandlers(backend, handle),
    ...followUpsHandlers(backend, handle, TEST_CLINICIAN),
    ...statsHandlers(backend, handle),
    ...teachingHandlers(backend, handle, (order, report, cause) => {
      order.report = { ...report, updated_at: nextReportVersion(order.report) }
      recordRevision(backend, order.id, order.report, cause)
      return withETag(order.report)
    }),
    // The live worklist's stream: none here, as at a spec backend (the live-events tests add one).
    http.get(`${API_PREFIX}${EVENTS_PATH}`, () => new HttpResponse(null, { status: 404 })),
    handle('speechToken', () => HttpResponse.json({ token: 'speech-token-1', region: 'local' })),
    handle('speechPhrases', ({ body }) => {
      const parsed = phrasesRequestSchema.safeParse(body)
      if (!parsed.success) return badRequest('invalid phrases request')
      const phrases = [`${parsed.data.modality} ${parsed.data.body_part}`, 'no acute findings']
      return HttpResponse.json({ phrases, count: phrases.length })
    }),
    handle('speechCleanup', ({ body }) => {
      const parsed = cleanupRequestSchema.safeParse(body)
      if (!parsed.success) return badRequest('invalid cleanup request')
      return HttpResponse.json({ cleaned: parsed.data.text.replace(/\s+/g, ' ').trim() })
    }),
  ]
}
