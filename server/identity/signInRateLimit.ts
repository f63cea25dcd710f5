/**
 * Failed sign-ins counted per login id and per client address in fixed windows, in the
 * database so that every server instance sees the same counters. Once a key reaches its
 * limit, sign-in for it is refused until its window ends, even with the right password:
 * otherwise a guesser would learn the password from the one answer that differs.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { signInFailures } from '../db/schema'

export interface SignInRateLimitConfig {
  /** Failed sign-ins allowed per login id in one window. */
  maxFailuresPerLoginId: number
  /** Failed sign-ins allowed per client address in one window (several users may share one). */
  maxFailuresPerAddress: number
  windowSeconds: number
}

export const DEFAULT_SIGN_IN_RATE_LIMIT: SignInRateLimitConfig = {
  maxFailuresPerLoginId: 5,
  maxFailuresPerAddress: 20,
  windowSeconds: 15 * 60,
}

const loginKey = (loginId: string) => `login:${loginId}`
const addressKey = (address: string) => `ip:${address}`

export interface SignInRateLimiter {
  /** Seconds until sign-in is allowed again for this login id and address, or 0 when it is. */
  blockedForSeconds(loginId: string, address: string, now: Date): Promise<number>
  recordFailure(loginId: string, address: string, now: Date): Promise<void>
  /** A successful sign-in forgives the login id's failures (not the address's). */
  recordSuccess(loginId: string): Promise<void>
}

export function createSignInRateLimiter(
  db: Queryable,
  config: SignInRateLimitConfig,
): SignInRateLimiter {
  const windowMs = config.windowSeconds * 1000

  return {
    async blockedForSeconds(loginId, address, now) {
      const limits = new Map([
        [loginKey(loginId), config.maxFailuresPerLoginId],
        [addressKey(address), config.maxFailuresPerAddress],
      ])
      const rows = await db
        .select()
        .from(signInFailures)
        .where(inArray(signInFailures.key, [...limits.keys()]))
      let waitMs = 0
      for (const row of rows) {
        const limit = limits.get(row.key) ?? Number.POSITIVE_INFINITY
        const windowEndsAt = row.windowStartedAt.getTime() + windowMs
        if (row.count >= limit && windowEndsAt > now.getTime()) {
          waitMs = Math.max(waitMs, windowEndsAt - now.getTime())
        }
      }
      return Math.ceil(waitMs / 1000)
    },

    async recordFailure(loginId, address, now) {
      // Raw SQL parameters skip the column's Date mapping, so timestamps go in as ISO text.
      const staleBefore = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`
      const nowParam = sql`${now.toISOString()}::timestamptz`
      // One statement per key: the increment and the window reset are atomic under concurrency.
      for (const key of [loginKey(loginId), addressKey(address)]) {
        await db
          .insert(signInFailures)
          .values({ key, count: 1, windowStartedAt: now })
          .onConflictDoUpdate({
            target: signInFailures.key,
            set: {
              count: sql`case when ${signInFailures.windowStartedAt} <= ${staleBefore} then 1 else ${signInFailures.count} + 1 end`,
              windowStartedAt: sql`case when ${signInFailures.windowStartedAt} <= ${staleBefore} then ${nowParam} else ${signInFailures.windowStartedAt} end`,
            },
          })
      }
    },

    async recordSuccess(loginId) {
      await db.delete(signInFailures).where(eq(signInFailures.key, loginKey(loginId)))
    },
  }
}
