/** Small node:http helpers shared by the spec backend's handlers. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Json } from './variants'

/** A request body larger than this is refused (413). */
const MAX_BODY_BYTES = 1_000_000

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(`HTTP ${String(status)}`)
  }
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buffer = chunk as Buffer
    size += buffer.length
    if (size > MAX_BODY_BYTES) throw new HttpError(413, { detail: 'Request body too large' })
    chunks.push(buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The body as a JSON object; an empty body is `{}`. Anything else is refused the way a
 * typical Python backend does (422 with a `detail`), or, for the identity, the way `invalid`
 * says.
 */
export async function readJsonObject(
  req: IncomingMessage,
  invalid: (message: string) => HttpError = (message) =>
    new HttpError(422, { detail: [{ loc: ['body'], msg: message, type: 'value_error' }] }),
): Promise<Record<string, unknown>> {
  const text = await readBody(req)
  if (text.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw invalid('body is not valid JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid('body must be a JSON object')
  }
  return parsed as Record<string, unknown>
}

export function sendJson(res: ServerResponse, status: number, body: Json): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  })
  res.end(text)
}

export function sendEmpty(res: ServerResponse, status = 204): void {
  res.writeHead(status, { 'cache-control': 'no-store' })
  res.end()
}

/** The bearer credential of the Authorization header, if there is one. */
export function bearer(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')
  return match?.[1]?.trim() ?? null
}
