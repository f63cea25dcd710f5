/**
 * Failed sign-ins counted per login id and per client address in fixed windows, in the
 * database so that every server instance sees the same counters. Once a key reaches its
 * limit, sign-in for it is refused until its window ends, even with the right password:
 * otherwise a guesser would learn the password from the one answer that differs.
 *
 * The sign-up-or-in form tries sign-in first and signs up only when that fails, so every new
 * account starts with one failed sign-in. A third counter per login id and address remembers
 * those failures within the address's current window, and a successful sign-up takes them back
 * off the address's count: many new users behind one address (a clinic's NAT) are not locked
 * out, while failures for login ids that never sign up, or for accounts that exist, still count.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
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
/** An address has no spaces, so the first space ends it whatever the login id holds. */
const addressLoginKey = (address: string, loginId: string) => `ip-login:${address} ${loginId}`

export interface SignInRateLimiter {
  /** Seconds until sign-in is allowed again for this login id and address, or 0 when it is. */
  blockedForSeconds(loginId: string, address: string, now: Date): Promise<number>
  recordFailure(loginId: string, address: string, now: Date): Promise<void>
  /** A successful sign-in forgives the login id's failures (not the address's). */
  recordSuccess(loginId: string): Promise<void>
  /**
   * A successful sign-up forgives the failed sign-ins for this login id from this address in
   * the address's current window, and the login id's own failures (the account did not exist,
   * so they guessed no password). Pass the sign-up's transaction so both stand or fall together.
   */
  recordSignUp(loginId: string, address: string, db?: Queryable): Promise<void>
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
      const countFailure = (key: string) =>
        db
          .insert(signInFailures)
          .values({ key, count: 1, windowStartedAt: now })
          .onConflictDoUpdate({
            target: signInFailures.key,
            set: {
              count: sql`case when ${signInFailures.windowStartedAt} <= ${staleBefore} then 1 else ${signInFailures.count} + 1 end`,
              windowStartedAt: sql`case when ${signInFailures.windowStartedAt} <= ${staleBefore} then ${nowParam} else ${signInFailures.windowStartedAt} end`,
            },
          })
          .returning({ windowStartedAt: signInFailures.windowStartedAt })
      await countFailure(loginKey(loginId))
      const [addressRow] = await countFailure(addressKey(address))
      if (!addressRow) return
      // This pair's failures within the address's window: the row carries that window's start,
      // and starts again from one when the address's window has moved on.
      await db
        .insert(signInFailures)
        .values({
          key: addressLoginKey(address, loginId),
          count: 1,
          windowStartedAt: addressRow.windowStartedAt,
        })
        .onConflictDoUpdate({
          target: signInFailures.key,
          set: {
            count: sql`case when ${signInFailures.windowStartedAt} = excluded.window_started_at then ${signInFailures.count} + 1 else 1 end`,
            windowStartedAt: sql`excluded.window_started_at`,
          },
        })
    },

    async recordSuccess(loginId) {
      await db.delete(signInFailures).where(eq(signInFailures.key, loginKey(loginId)))
    },

    async recordSignUp(loginId, address, q = db) {
      const [pair] = await q
        .delete(signInFailures)
        .where(eq(signInFailures.key, addressLoginKey(address, loginId)))
        .returning()
      if (pair) {
        // Only while the address is still in the window those failures were counted in.
        await q
          .update(signInFailures)
          .set({ count: sql`greatest(${signInFailures.count} - ${pair.count}, 0)` })
          .where(
            and(
              eq(signInFailures.key, addressKey(address)),
              eq(signInFailures.windowStartedAt, pair.windowStartedAt),
            ),
          )
      }
      await q.delete(signInFailures).where(eq(signInFailures.key, loginKey(loginId)))
    },
  }
}
