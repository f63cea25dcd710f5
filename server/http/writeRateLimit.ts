/**
 * SEC-7: /api/v1 writes (POST, PUT, PATCH, DELETE) per signed-in user, in fixed windows counted
 * in the database (server/db/windowCounters.ts), so every server instance shares the count and a
 * burst at once lets no more than the limit through. Over it, the answer is 429 in the contract's
 * error shape with `Retry-After`; other users' writes and every read go on. Runs after the
 * session guard, which sets `request.userId`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ApiErrorBody } from '../../contract'
import type { Database } from '../db/client'
import { countInWindow, secondsLeft, takeBack } from '../db/windowCounters'

export interface WriteRateLimitConfig {
  maxPerUser: number
  windowSeconds: number
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function limitWrites(db: Database, config: WriteRateLimitConfig, now: () => Date) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!WRITE_METHODS.has(request.method) || !request.userId) return
    const key = `write:${request.userId}`
    const at = now()
    const counted = await countInWindow(db, key, at, config.windowSeconds)
    if (counted.count <= config.maxPerUser) return
    // A refused write gives its slot back: the count holds the writes that ran.
    await takeBack(db, key, counted)
    const seconds = secondsLeft(counted, at, config.windowSeconds)
    const body: ApiErrorBody = {
      error: 'rate_limited',
      message: `Too many changes in a short time; try again in ${seconds} seconds.`,
    }
    return reply.code(429).header('Retry-After', String(seconds)).send(body)
  }
}
