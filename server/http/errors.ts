/**
 * One error shape for every /api/v1 failure: `{error, message}` (contract `errorSchema`).
 * Repositories and use cases throw domain errors (../domain/errors.ts), which this module alone
 * turns into status codes; the HTTP edge itself throws `HttpError`. The app's error handler turns
 * both, validation failures and anything unexpected into that shape, so no route builds error
 * bodies by hand.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod'
import type { ApiErrorBody } from '../../contract'
import { DomainError, type DomainErrorKind } from '../domain/errors'

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    /** More of the answer, beside `error` and `message` (a 409's holder of a claim). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const unauthorized = () =>
  new HttpError(401, 'unauthorized', 'A valid session token is required.')

/** The status code of each kind of domain error. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  stale: 412,
  unavailable: 502,
  busy: 503,
}

/** A domain error as the answer it gives: its kind's status, its code, words and details. */
export function httpErrorOf(error: DomainError): HttpError {
  return new HttpError(STATUS_OF[error.kind], error.code, error.message, error.details)
}

/**
 * OPS-18: the database cannot be reached (refused, timed out, shutting down, out of
 * connections). That is the service being unavailable, not a bug in the request: 503 with
 * Retry-After, so a proxy or the SPA retries, and one logged line for the operator. Drizzle wraps
 * the driver's error, so the chain is followed. PostgreSQL's SQLSTATE class 08 is connection
 * exceptions; 57P01..57P03 an administrator's or crash shutdown; 53300 too many connections.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
])

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true
  // node-postgres' pool, when connectionTimeoutMillis passes (server/db/client.ts).
  if (/^timeout exceeded when trying to connect$|^Connection terminated/i.test(error.message))
    return true
  return isDatabaseUnavailable(error.cause, depth + 1)
}

/** Seconds a client waits before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5

/** 'body.content: must not be blank' — the field first, so a client can point at it. */
function describeValidation(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  const where = error.validationContext ?? 'request'
  return error.validation
    .map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
      return `${field ? `${where}.${field}` : where}: ${issue.message ?? 'is invalid'}`
    })
    .join('; ')
}

export function errorHandler(thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const error = thrown instanceof DomainError ? httpErrorOf(thrown) : thrown
  let status = 500
  let body: ApiErrorBody & Record<string, unknown> = {
    error: 'internal_error',
    message: 'The server could not complete the request.',
  }
  if (error instanceof HttpError) {
    status = error.statusCode
    body = { ...error.extra, error: error.error, message: error.message }
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    status = 400
    body = { error: 'bad_request', message: describeValidation(error) }
  } else if (isResponseSerializationError(error)) {
    request.log.error(
      { err: error, issues: error.cause.issues },
      'answer does not match the contract',
    )
  } else if (
    typeof error.statusCode === 'number' &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  ) {
    // Fastify's own client errors: malformed JSON, wrong content type, body too large.
    status = error.statusCode
    body = { error: 'bad_request', message: error.message }
  } else if (isDatabaseUnavailable(error)) {
    status = 503
    body = {
      error: 'database_unavailable',
      message: 'The database cannot be reached; try again shortly.',
    }
    void reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
    request.log.error({ err: error }, 'database unreachable')
  } else {
    request.log.error({ err: error }, 'request failed')
  }
  // A 503 is the server saying it is busy (SEC-9): expected under load, and one line per refusal
  // would flood the log just when it matters.
  if (status >= 500 && status !== 503 && error instanceof HttpError)
    request.log.error({ err: error }, 'request failed')
  return reply.status(status).send(body)
}
