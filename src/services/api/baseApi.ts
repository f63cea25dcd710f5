/**
 * The one RTK Query API of the SPA. Domains add their endpoints with `injectEndpoints`
 * (ordersApi, conversationApi, reportApi, speechApi); every tag type is declared here.
 *
 * The base query is where the spec's call rules live:
 * - credentials included, JSON bodies, `Authorization: Bearer <session token>` when the identity
 *   SDK has a session (API-2);
 * - a 401 sends the browser to /login (API-3);
 * - any other non-OK status becomes the error 'API Error: {status text}' (API-4);
 * - one retry, only for reads and idempotent writes that failed with a 5xx or never reached
 *   the server; a POST such as sending a message is never repeated (API-5).
 * Every answer is then read by its route's reader (`read/answers.ts`), tolerantly, because a
 * hospital's own backend may answer any shape the product allows: ids as numbers, HL7 or FHIR
 * codes, wrapped lists, missing extras. A list entry that cannot be shown is left out and logged
 * once per answer; an answer of which nothing can be shown becomes an error and never reaches a
 * component (API-6). The readers come with the first request, not the first screen: the login
 * page calls nothing, and a request's own round trip hides their download.
 */
import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react'
import type {
  BaseQueryFn,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react'
import type { SessionTokenSource } from '../auth/sessionTokenSource'
import type { Logger } from '../log'
import type { PageNavigator } from '../navigation'
import { absoluteApiUrl, type ApiRequest } from './apiRequest'
import type { PageAnswers } from './read/answers'
import { loadAnswerReaders, type AnswerReaders } from './answerReaders'
import { fetchOrFirstAnswer } from './firstAnswer'

export const TAG_TYPES = ['Patient', 'Order', 'Message', 'Revision', 'Macro'] as const

/**
 * The list member of a tag type: invalidated only when the list as a whole may have changed. The
 * worklist provides nothing else, so a change to one order never refetches it (a hospital's list
 * is the API's most expensive answer); ordersApi.ts patches the order's entry instead.
 */
export const LIST_ID = 'LIST'

/** Where a 401 sends the browser. */
export const LOGIN_PATH = '/login'

/** Retries after the first attempt (API-5: "one retry"). */
export const MAX_RETRIES = 1

/**
 * How long one request may go unanswered before it fails with TIMEOUT_ERROR. fetch has no
 * timeout of its own, so a hung server would leave a send 'Sending…' (and the study unable to
 * send) until a reload; this is well above the server's own model timeout (30 s by default).
 */
export const REQUEST_TIMEOUT_MS = 60_000

/**
 * The collaborators the API layer needs. The store passes them as the thunk extra argument, so
 * they reach the base query and `onQueryStarted` without living in the store's state.
 */
export interface ApiDeps {
  session: SessionTokenSource
  navigator: PageNavigator
  logger: Logger
}

export type ApiErrorStatus =
  number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'SCHEMA_ERROR'

/** The only error shape components and sagas ever see from the API. Serializable. */
export interface ApiError {
  status: ApiErrorStatus
  /** 'API Error: Internal Server Error' and the like. */
  message: string
  /** Why a malformed answer was refused, one line per schema issue. */
  issues?: string[]
  /**
   * A 409's JSON body as it came (plain data): who holds a claim that refused a write (CLM-2)
   * is read from it where that matters (read/claims.ts), not here.
   */
  conflict?: unknown
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'message' in value &&
    typeof value.message === 'string'
  )
}

function isApiDeps(value: unknown): value is ApiDeps {
  return (
    typeof value === 'object' &&
    value !== null &&
    'session' in value &&
    'navigator' in value &&
    'logger' in value
  )
}

export function apiDepsOf(extra: unknown): ApiDeps {
  if (!isApiDeps(extra)) {
    throw new Error(
      'The store must pass the API adapters (session, navigator, logger) as the thunk extra argument',
    )
  }
  return extra
}

/** Reason phrases for servers that send none (HTTP/2 has no status text). */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

function statusTextOf(status: number, meta: FetchBaseQueryMeta | undefined): string {
  const text = meta?.response?.statusText.trim()
  return text || REASON_PHRASES[status] || `HTTP ${status}`
}

/**
 * Empty bodies (204) become null, JSON bodies are parsed (a parse failure is a PARSING_ERROR),
 * anything else stays text so the schema refuses it rather than the parser guessing.
 */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text.length === 0) return null
  const type = response.headers.get('content-type') ?? ''
  return /application\/(.+\+)?json/i.test(type) ? (JSON.parse(text) as unknown) : text
}

const fetchJson = fetchBaseQuery({
  fetchFn: fetchOrFirstAnswer, // the worklist's first page may be on its way (firstAnswer.ts)
  credentials: 'include',
  timeout: REQUEST_TIMEOUT_MS,
  responseHandler: readBody,
  prepareHeaders: (headers, { extra }) => {
    headers.set('Accept', 'application/json')
    const token = apiDepsOf(extra).session.getSessionToken()
    if (token) headers.set('Authorization', `Bearer ${token}`)
    return headers
  },
})

function httpStatusOf(error: FetchBaseQueryError): number | undefined {
  if (typeof error.status === 'number') return error.status
  // A non-JSON error page (a proxy's 502) fails parsing but is still an HTTP error.
  if (
    error.status === 'PARSING_ERROR' &&
    (error.originalStatus < 200 || error.originalStatus > 299)
  ) {
    return error.originalStatus
  }
  return undefined
}

function toApiError(
  error: FetchBaseQueryError,
  meta: FetchBaseQueryMeta | undefined,
  deps: ApiDeps,
): ApiError {
  const status = httpStatusOf(error)
  if (status === 401) {
    // Only leave when there is somewhere to go: on /login itself a reload would loop.
    if (deps.navigator.currentPath() !== LOGIN_PATH) deps.navigator.assign(LOGIN_PATH)
    return { status, message: `API Error: ${statusTextOf(status, meta)}` }
  }
  if (status === 409 && 'data' in error && typeof error.data === 'object' && error.data !== null) {
    return { status, message: `API Error: ${statusTextOf(status, meta)}`, conflict: error.data }
  }
  if (status !== undefined) return { status, message: `API Error: ${statusTextOf(status, meta)}` }
  switch (error.status) {
    case 'FETCH_ERROR':
      return { status: 'FETCH_ERROR', message: `API Error: ${error.error}` }
    case 'TIMEOUT_ERROR':
      return { status: 'TIMEOUT_ERROR', message: `API Error: ${error.error}` }
    case 'PARSING_ERROR':
      return { status: 'PARSING_ERROR', message: 'API Error: the answer is not valid JSON' }
    default:
      return {
        status: 'FETCH_ERROR',
        message: `API Error: ${'error' in error ? error.error : 'request failed'}`,
      }
  }
}

const httpBaseQuery: BaseQueryFn<
  ApiRequest,
  unknown,
  ApiError,
  object,
  FetchBaseQueryMeta
> = async (request, api, extraOptions) => {
  const deps = apiDepsOf(api.extra)
  const readers = loadAnswerReaders()
  // Settled here too, so a failed download is never an unhandled rejection (the answer says so).
  readers.catch(() => undefined)
  const result = await fetchJson(
    {
      url: absoluteApiUrl(request.url),
      method: request.method,
      body: request.body,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.keepalive ? { keepalive: true } : {}),
    },
    api,
    extraOptions,
  )
  if (result.error) return { error: toApiError(result.error, result.meta, deps), meta: result.meta }
  let loaded: AnswerReaders
  try {
    loaded = await readers
  } catch {
    // The app's own code did not arrive (a network drop): a transient failure, retried once.
    const error: ApiError = { status: 'FETCH_ERROR', message: 'API Error: the app could not load' }
    return { error, meta: result.meta }
  }
  return readAnswer(loaded, request, result.data, deps, result.meta)
}

function isPaged(readers: AnswerReaders, route: string): route is keyof PageAnswers {
  return route in readers.pages
}

/** The answer as the SPA's model, or the malformed-answer error when nothing of it can be shown. */
function readAnswer(
  readers: AnswerReaders,
  request: ApiRequest,
  raw: unknown,
  deps: ApiDeps,
  meta: FetchBaseQueryMeta | undefined,
) {
  const reading =
    request.page && isPaged(readers, request.route)
      ? readers.pages[request.route](raw)
      : readers.answers[request.route](raw)
  if (!reading.ok) {
    const error: ApiError = {
      status: 'SCHEMA_ERROR',
      message: `API Error: malformed answer from ${request.route}`,
      issues: reading.issues,
    }
    return { error, meta }
  }
  if (reading.skipped) {
    // Ids and field names only: never a value, which may be clinical text.
    deps.logger.warn('api/entriesSkipped', {
      route: request.route,
      count: reading.skipped.count,
      fields: reading.skipped.fields,
    })
  }
  return { data: reading.value, meta }
}

/** Methods whose repetition cannot change the outcome (PUT replaces the report with the same body). */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT'])

function isApiRequest(value: unknown): value is ApiRequest {
  return typeof value === 'object' && value !== null && 'url' in value && 'method' in value
}

/** A 5xx, or a request that never got an answer. 4xx answers are final. */
function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false
  if (typeof error.status === 'number') return error.status >= 500
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR'
}

function shouldRetry(error: unknown, request: unknown, attempt: number): boolean {
  return (
    attempt <= MAX_RETRIES &&
    isApiRequest(request) &&
    IDEMPOTENT_METHODS.has(request.method) &&
    isTransient(error)
  )
}

const baseQuery = retry(httpBaseQuery, {
  retryCondition: (error, request, { attempt }) => shouldRetry(error, request, attempt),
})

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
})
