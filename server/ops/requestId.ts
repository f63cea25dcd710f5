/**
 * OPS-17: every log line of a request carries its id (`reqId`), and the answer says it in
 * `X-Request-Id`, so a user can quote it and an operator find the lines. A proxy's id is taken
 * when it is short and plain (letters, digits, `.`, `_`, `:`, `-`; at most 64): anything else
 * could put a name or a line break into the log, so a fresh one is made instead.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export const REQUEST_ID_HEADER = 'x-request-id'

const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/

/** Fastify's `genReqId`: the incoming id when it is plain, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID()
}
