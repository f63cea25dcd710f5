/**
 * Whether a session family is still live: the question the /api/v1 guard asks of every local
 * session token. A family is the chain of refresh tokens one sign-in started (sessions.ts); it is
 * live while one of its tokens is not revoked and its user still exists and is active (RL-5).
 * The same query reads the account's roles (RL-2), so a role change made on any instance is seen
 * within the answer's second at no extra cost. Logging out revokes the
 * whole family, logging out everywhere every family of the user, and reuse of a rotated refresh
 * token the rest of its chain, so each of them ends the session tokens issued from it as well.
 *
 * The answer is kept for a short while (one second by default) in this process, so a burst of
 * requests costs one query per family per second, and a revocation made by another instance over
 * the same database is seen here within that second. Concurrent requests for one family share
 * the query under way. The instance that revokes a family forgets its answers at once, and so
 * does every other instance when the revocation's notice reaches it (revocationNotices.ts): a
 * family named in a notice is known ended here, with no query, and whoever follows notices
 * (the open event streams, SEC-22) hears of it.
 */
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import type { UserRole } from '../../contract'
import type { Queryable } from '../db/client'
import { refreshTokens, users } from '../db/schema'
import type { RevocationNotice } from './revocationNotices'
import { accountRoles } from './roles'

/** How long an answer is trusted: the longest a revocation made elsewhere goes unseen here. */
export const SESSION_FAMILY_CHECK_TTL_MS = 1000

/**
 * How long a family named in a notice is remembered as ended: longer than any stream lives. After
 * that, asking about it costs a query again, whose answer is the same.
 */
const KNOWN_REVOKED_MS = 60 * 60_000

/** Families asked about in one query by `liveAmong`. */
const LIVE_AMONG_BATCH = 500

/** What the guard learns of a live family's account. */
export interface LiveAccount {
  roles: UserRole[]
}

export interface SessionFamilies {
  /**
   * The account of the user's family while it has a token that is not revoked and the user still
   * exists and is active; null otherwise.
   */
  account(userId: string, familyId: string): Promise<LiveAccount | null>
  /** Whether `account` answers an account. */
  isLive(userId: string, familyId: string): Promise<boolean>
  /** Forgets the answers this process keeps for the user's families (it has just revoked some). */
  forgetUser(userId: string): void
  /**
   * A revocation made here or heard of: the user's answers are forgotten, the families named are
   * known ended from now on, and every follower hears the notice.
   */
  revoked(notice: RevocationNotice): void
  /** Whether a notice has said the family ended (no query: it is asked before each stream write). */
  isKnownRevoked(familyId: string): boolean
  /** Calls `follower` with every notice from now on; answers a function that stops it. */
  follow(follower: (notice: RevocationNotice) => void): () => void
  /** Which of these families are live (one query for them all, never cached). */
  liveAmong(familyIds: readonly string[]): Promise<Set<string>>
  /** How many times the database has been asked since this was created (tests count them). */
  readonly lookups: number
}

interface Answer {
  userId: string
  /** When the query was sent, in ms of the injected clock: a revocation committed later is unseen. */
  askedAt: number
  account: Promise<LiveAccount | null>
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
  /** Families a notice said ended, with when (ms of the injected clock). */
  const knownRevoked = new Map<string, number>()
  const followers = new Set<(notice: RevocationNotice) => void>()
  let lookups = 0
  let sweptAt = Number.NEGATIVE_INFINITY

  // A clock moved back counts as expired as well, so no answer outlives its window by a jump.
  const fresh = (answer: Answer, at: number) => at >= answer.askedAt && at - answer.askedAt < ttlMs

  /** Drops expired answers, at most once per window, so the map holds only recent families. */
  function sweep(at: number) {
    if (at >= sweptAt && at - sweptAt < ttlMs) return
    sweptAt = at
    for (const [key, answer] of answers) if (!fresh(answer, at)) answers.delete(key)
    for (const [familyId, since] of knownRevoked)
      if (at < since || at - since >= KNOWN_REVOKED_MS) knownRevoked.delete(familyId)
  }

  const forgetUser = (userId: string) => {
    for (const [key, answer] of answers) if (answer.userId === userId) answers.delete(key)
  }

  /** Tokens not revoked, of an active user that exists, among those `which` selects. */
  const live = (which: SQL | undefined) =>
    and(which, isNull(refreshTokens.revokedAt), eq(users.active, true))

  /** The families among those `which` selects that are live. */
  const liveFamilies = (which: SQL | undefined) => {
    lookups += 1
    return db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(live(which))
  }

  async function lookUp(userId: string, familyId: string): Promise<LiveAccount | null> {
    lookups += 1
    const [row] = await db
      .select({ roles: users.roles })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(live(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId))))
      .limit(1)
    return row ? { roles: accountRoles(row.roles) } : null
  }

  function account(userId: string, familyId: string): Promise<LiveAccount | null> {
    if (knownRevoked.has(familyId)) return Promise.resolve(null)
    const at = now().getTime()
    const key = JSON.stringify([userId, familyId])
    const known = answers.get(key)
    if (known && fresh(known, at)) return known.account
    sweep(at)
    const answer: Answer = { userId, askedAt: at, account: lookUp(userId, familyId) }
    answers.set(key, answer)
    // A failed query is not an answer: the next request asks again.
    answer.account.catch(() => {
      if (answers.get(key) === answer) answers.delete(key)
    })
    return answer.account
  }

  return {
    account,

    isLive: async (userId, familyId) => (await account(userId, familyId)) !== null,

    forgetUser,

    revoked(notice) {
      forgetUser(notice.userId)
      const at = now().getTime()
      for (const familyId of notice.familyIds ?? []) knownRevoked.set(familyId, at)
      for (const follower of [...followers]) follower(notice)
    },

    isKnownRevoked: (familyId) => knownRevoked.has(familyId),

    follow(follower) {
      followers.add(follower)
      return () => {
        followers.delete(follower)
      }
    },

    async liveAmong(familyIds) {
      const live = new Set<string>()
      const unique = [...new Set(familyIds)]
      for (let start = 0; start < unique.length; start += LIVE_AMONG_BATCH) {
        const batch = unique.slice(start, start + LIVE_AMONG_BATCH)
        for (const row of await liveFamilies(inArray(refreshTokens.familyId, batch)))
          live.add(row.familyId)
      }
      return live
    },

    get lookups() {
      return lookups
    },
  }
}
