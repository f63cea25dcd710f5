/**
 * Whether a session family is still live: the question the /api/v1 guard asks of every local
 * session token. A family is the chain of refresh tokens one sign-in started (sessions.ts); it is
 * live while one of its tokens is not revoked and its user still exists. Logging out revokes the
 * whole family, logging out everywhere every family of the user, and reuse of a rotated refresh
 * token the rest of its chain, so each of them ends the session tokens issued from it as well.
 *
 * The answer is kept for a short while (one second by default) in this process, so a burst of
 * requests costs one query per family per second, and a revocation made by another instance over
 * the same database is seen here within that second. Concurrent requests for one family share
 * the query under way. The instance that revokes a family forgets its answers at once.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { refreshTokens, users } from '../db/schema'

/** How long an answer is trusted: the longest a revocation made elsewhere goes unseen here. */
export const SESSION_FAMILY_CHECK_TTL_MS = 1000

export interface SessionFamilies {
  /** Whether the user's family still has a token that is not revoked, and the user still exists. */
  isLive(userId: string, familyId: string): Promise<boolean>
  /** Forgets the answers this process keeps for the user's families (it has just revoked some). */
  forgetUser(userId: string): void
  /** How many times the database has been asked since this was created (tests count them). */
  readonly lookups: number
}

interface Answer {
  userId: string
  /** When the query was sent, in ms of the injected clock: a revocation committed later is unseen. */
  askedAt: number
  live: Promise<boolean>
}

export function createSessionFamilies(opts: {
  db: Queryable
  /** The clock; tests move it past the answers' lifetime instead of sleeping. */
  now?: () => Date
  ttlMs?: number
}): SessionFamilies {
  const { db } = opts
  const now = opts.now ?? (() => new Date())
  const ttlMs = opts.ttlMs ?? SESSION_FAMILY_CHECK_TTL_MS
  const answers = new Map<string, Answer>()
  let lookups = 0
  let sweptAt = Number.NEGATIVE_INFINITY

  // A clock moved back counts as expired as well, so no answer outlives its window by a jump.
  const fresh = (answer: Answer, at: number) => at >= answer.askedAt && at - answer.askedAt < ttlMs

  /** Drops expired answers, at most once per window, so the map holds only recent families. */
  function sweep(at: number) {
    if (at >= sweptAt && at - sweptAt < ttlMs) return
    sweptAt = at
    for (const [key, answer] of answers) if (!fresh(answer, at)) answers.delete(key)
  }

  async function lookUp(userId: string, familyId: string): Promise<boolean> {
    lookups += 1
    const rows = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(
        and(
          eq(refreshTokens.familyId, familyId),
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .limit(1)
    return rows.length > 0
  }

  return {
    isLive(userId, familyId) {
      const at = now().getTime()
      const key = JSON.stringify([userId, familyId])
      const known = answers.get(key)
      if (known && fresh(known, at)) return known.live
      sweep(at)
      const answer: Answer = { userId, askedAt: at, live: lookUp(userId, familyId) }
      answers.set(key, answer)
      // A failed query is not an answer: the next request asks again.
      answer.live.catch(() => {
        if (answers.get(key) === answer) answers.delete(key)
      })
      return answer.live
    },

    forgetUser(userId) {
      for (const [key, answer] of answers) if (answer.userId === userId) answers.delete(key)
    },

    get lookups() {
      return lookups
    },
  }
}
