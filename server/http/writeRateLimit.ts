/**
 * SEC-7: /api/v1 writes (POST, PUT, PATCH, DELETE) per signed-in user, in fixed windows counted
 * in the database (server/db/windowCounters.ts), so every server instance shares the count and a
 * burst at once lets no more than the limit through. Over it, the answer is 429 in the contract's
 * error shape with `Retry-After`; other users' writes and every read go on. Runs after the
 * session guard, which sets `request.userId`.
 *
 * A route on the hot path may count its write in its own first statement instead, saving a round
 * trip: it says so with `config: { countsOwnWrite: true }`, counts `writeSlotOf(request)` and
 * answers with `refusedOverLimit` before any other work (the chat message does, server/routes/
 * conversation.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ApiErrorBody } from '../../contract'
import type { Database } from '../db/client'
import {
  countInWindow,
  secondsLeft,
  takeBack,
  type WindowCount,
  type WindowSlot,
} from '../db/windowCounters'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route counts its write against the user's limit itself (see above). */
    countsOwnWrite?: boolean
  }
}

export interface WriteRateLimitConfig {
  maxPerUser: number
  windowSeconds: number
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function writeSlotOf(
  request: FastifyRequest,
  config: WriteRateLimitConfig,
  now: () => Date,
): WindowSlot {
  return { key: `write:${request.userId}`, at: now(), windowSeconds: config.windowSeconds }
}

/**
 * Over the limit: gives the slot back (the count holds the writes that ran) and answers 429 with
 * `Retry-After`; true when it answered.
 */
export async function refusedOverLimit(
  db: Database,
  reply: FastifyReply,
  slot: WindowSlot,
  counted: WindowCount,
  config: WriteRateLimitConfig,
): Promise<boolean> {
  if (counted.count <= config.maxPerUser) return false
  await takeBack(db, slot.key, counted)
  const seconds = secondsLeft(counted, slot.at, slot.windowSeconds)
  const body: ApiErrorBody = {
    error: 'rate_limited',
    message: `Too many changes in a short time; try again in ${seconds} seconds.`,
  }
  await reply.code(429).header('Retry-After', String(seconds)).send(body)
  return true
}

export function limitWrites(db: Database, config: WriteRateLimitConfig, now: () => Date) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!WRITE_METHODS.has(request.method) || !request.userId) return
    if (request.routeOptions.config.countsOwnWrite) return
    const slot = writeSlotOf(request, config, now)
    const counted = await countInWindow(db, slot.key, slot.at, slot.windowSeconds)
    if (await refusedOverLimit(db, reply, slot, counted, config)) return reply
  }
}
