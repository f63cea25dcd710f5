/**
 * SEC-3: what the server's log may hold. A log is read by operators, shipped to collectors and
 * kept for months, so it never holds what a clinician wrote, a password, a password hash or a
 * token. Pino prints what it is given, so the serializers decide:
 * - a request is its method, its path (never the query string: a search term can be a name), the
 *   route and the client's address; no header, no body;
 * - an error is its type, code and first line; a database error's SQL parameters (which Drizzle
 *   puts in the message and on the error) and the text PostgreSQL quotes from a row ("Failing row
 *   contains (...)", "Key (login_id)=(...)") are cut, and so is every other property it carries;
 * - whatever else is passed under a secret-looking key is replaced by pino's redaction.
 */
import type { FastifyServerOptions } from 'fastify'

/** At most this much of an error's chain is followed. */
const MAX_CAUSE_DEPTH = 4

export type SafeError = {
  type: string
  message: string
  code?: string
  /** Where it happened: the stack's frames, without the message it starts with. */
  stack: string
  cause?: SafeError
}

/**
 * The part of a message that says what went wrong without quoting data: its first line, and
 * nothing from where a database starts quoting values.
 */
export function safeMessage(message: string): string {
  const firstLine = message.split('\n', 1)[0] ?? ''
  // Drizzle: "Failed query: <sql>\nparams: <values>" (the first line has the SQL, no values).
  return firstLine
    .replace(/\bparams:.*$/i, 'params: [redacted]')
    .replace(/\b(Failing row contains|Key) \(.*$/i, '$1 [redacted]')
    .replace(/\b(DETAIL|HINT):.*$/i, '$1: [redacted]')
    .slice(0, 500)
}

function stackFrames(stack: unknown): string {
  if (typeof stack !== 'string') return ''
  // A stack starts with the message (which may quote data); only the frames are kept.
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .join('\n')
}

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'a non-error was thrown', stack: '' }
  const code = (error as { code?: unknown }).code
  const safe: SafeError = {
    type: error.name || error.constructor.name,
    message: safeMessage(error.message),
    stack: stackFrames(error.stack),
  }
  if (typeof code === 'string' || typeof code === 'number') safe.code = String(code)
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH)
    safe.cause = safeError(error.cause, depth + 1)
  return safe
}

interface LoggedRequest {
  method: string
  url: string
  ip?: string
  routeOptions?: { url?: string }
}

export function safeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    path: request.url.split('?', 1)[0],
    route: request.routeOptions?.url,
    address: request.ip,
  }
}

/** Keys whose values are never printed, wherever they appear in a log call's object. */
const SECRET_PATHS = [
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers',
  '*.headers',
  'body',
  '*.body',
  'params',
  '*.params',
]

export type LogDestination = { write(line: string): void }

/** Fastify's logger options: the level, the serializers above, and an optional destination. */
export function loggerOptions(
  level: string,
  stream?: LogDestination,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => safeRequest(request),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: unknown) => safeError(error),
    },
  }
}
