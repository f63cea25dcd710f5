/**
 * Limits on sign-in and sign-up, counted in the database (server/db/windowCounters.ts) so that
 * every server instance shares them. Each attempt takes its slot BEFORE the password is hashed,
 * in one statement per counter: a burst of guesses sent at once gets at most the limit's number
 * of passwords checked, and the rest are refused without hashing.
 *
 * Sign-in has two limits in fixed windows (15 minutes by default):
 * - per client address: every attempt from it, whatever the login id (guessing many accounts);
 * - per login id: attempts for it. An address this login id signed in from before (in the last
 *   90 days) has a counter of its own for it, and other addresses share one. So a guesser
 *   elsewhere who uses up the login id's attempts locks out only the addresses it never signed in
 *   from, and its real user at the usual workstation still signs in; a guesser at that address
 *   gets that address's own attempts, and the address limit, and no more.
 * Once a counter is over its limit, sign-in for it is refused until its window ends, even with the
 * right password: otherwise a guesser would learn the password from the one answer that differs.
 * A refused attempt gives its slots back, so the counters hold attempts whose password was checked.
 * A successful sign-in gives back its slot on the address, and forgives the failures counted
 * before it on the login id's counter it used.
 *
 * The sign-up-or-in form tries sign-in first and signs up only when that fails, so every new
 * account starts with one failed sign-in. A third counter per login id and address remembers
 * those failures within the address's current window, and a successful sign-up takes them back
 * off the address's count: many new users behind one address (a clinic's NAT) are not locked
 * out, while failures for login ids that never sign up, or for accounts that exist, still count.
 *
 * Sign-up, which hashes a password too, is limited per address (attempts per hour by default).
 */
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { signInFailures } from '../db/schema'
import { countInWindow, secondsLeft, takeBack } from '../db/windowCounters'
import type { WindowCount } from '../db/windowCounters'

export interface SignInRateLimitConfig {
  /** Sign-ins whose password is checked, per login id and window (see the header for addresses). */
  maxFailuresPerLoginId: number
  /** Sign-ins whose password is checked per client address in one window (several users may share one). */
  maxFailuresPerAddress: number
  windowSeconds: number
  /** Sign-up attempts (each hashes a password) per client address in one sign-up window. */
  maxSignUpsPerAddress: number
  signUpWindowSeconds: number
  /** How long an address a login id signed in from keeps a counter of its own for it. */
  knownAddressSeconds: number
}

export const DEFAULT_SIGN_IN_RATE_LIMIT: SignInRateLimitConfig = {
  maxFailuresPerLoginId: 5,
  maxFailuresPerAddress: 20,
  windowSeconds: 15 * 60,
  maxSignUpsPerAddress: 100,
  signUpWindowSeconds: 60 * 60,
  knownAddressSeconds: 90 * 86_400,
}

// An address has no spaces, so the first space ends it whatever the login id holds.
const loginKey = (loginId: string) => `login:${loginId}`
const loginAtKey = (address: string, loginId: string) => `login-at:${address} ${loginId}`
const addressKey = (address: string) => `ip:${address}`
const addressLoginKey = (address: string, loginId: string) => `ip-login:${address} ${loginId}`
const knownAddressKey = (address: string, loginId: string) => `ok:${address} ${loginId}`
const signUpKey = (address: string) => `signup:${address}`

/** A sign-in that holds its slots: its password may be checked. */
export interface SignInAttempt {
  loginId: string
  address: string
  onAddress: WindowCount
  /** The login id's counter this attempt counts on: its own for a known address, else the shared one. */
  loginCounter: string
  onLogin: WindowCount
}

export type Reservation<T> =
  { allowed: true; attempt: T } | { allowed: false; retryAfterSeconds: number }

export interface SignInRateLimiter {
  /** Takes a slot for a sign-in before its password is checked, or says how long to wait. */
  reserveSignIn(loginId: string, address: string, now: Date): Promise<Reservation<SignInAttempt>>
  /** The password was wrong (or the account unknown): the slots stay counted. */
  recordFailure(attempt: SignInAttempt): Promise<void>
  /** The password was never checked (the server was too busy, SEC-12): the slots are given back. */
  giveBack(attempt: SignInAttempt): Promise<void>
  /** The password was right: see the header for what is forgiven; the address becomes known. */
  recordSuccess(attempt: SignInAttempt, now: Date): Promise<void>
  /** Takes a slot for a sign-up before its password is hashed, or says how long to wait. */
  reserveSignUp(address: string, now: Date): Promise<Reservation<null>>
  /**
   * A successful sign-up forgives the failed sign-ins for this login id from this address in
   * the address's current window, and the login id's own failures (the account did not exist,
   * so they guessed no password); the address becomes known for it. Pass the sign-up's
   * transaction so both stand or fall together.
   */
  recordSignUp(loginId: string, address: string, now: Date, db?: Queryable): Promise<void>
}

export function createSignInRateLimiter(
  db: Queryable,
  config: SignInRateLimitConfig,
): SignInRateLimiter {
  const { windowSeconds } = config

  const isKnownAddress = async (loginId: string, address: string, now: Date) => {
    const since = new Date(now.getTime() - config.knownAddressSeconds * 1000)
    const rows = await db
      .select({ key: signInFailures.key })
      .from(signInFailures)
      .where(
        and(
          eq(signInFailures.key, knownAddressKey(address, loginId)),
          gt(signInFailures.windowStartedAt, since),
        ),
      )
    return rows.length > 0
  }

  const rememberAddress = (q: Queryable, loginId: string, address: string, now: Date) =>
    q
      .insert(signInFailures)
      .values({ key: knownAddressKey(address, loginId), count: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: { count: sql`${signInFailures.count} + 1`, windowStartedAt: now },
      })

  return {
    async reserveSignIn(loginId, address, now) {
      const onAddress = await countInWindow(db, addressKey(address), now, windowSeconds)
      if (onAddress.count > config.maxFailuresPerAddress) {
        await takeBack(db, addressKey(address), onAddress)
        return { allowed: false, retryAfterSeconds: secondsLeft(onAddress, now, windowSeconds) }
      }
      const loginCounter = (await isKnownAddress(loginId, address, now))
        ? loginAtKey(address, loginId)
        : loginKey(loginId)
      const onLogin = await countInWindow(db, loginCounter, now, windowSeconds)
      if (onLogin.count > config.maxFailuresPerLoginId) {
        await takeBack(db, loginCounter, onLogin)
        await takeBack(db, addressKey(address), onAddress)
        return { allowed: false, retryAfterSeconds: secondsLeft(onLogin, now, windowSeconds) }
      }
      return { allowed: true, attempt: { loginId, address, onAddress, loginCounter, onLogin } }
    },

    async recordFailure({ loginId, address, onAddress }) {
      // This pair's failures within the address's window: the row carries that window's start,
      // and starts again from one when the address's window has moved on.
      await db
        .insert(signInFailures)
        .values({
          key: addressLoginKey(address, loginId),
          count: 1,
          windowStartedAt: onAddress.windowStartedAt,
        })
        .onConflictDoUpdate({
          target: signInFailures.key,
          set: {
            count: sql`case when ${signInFailures.windowStartedAt} = excluded.window_started_at then ${signInFailures.count} + 1 else 1 end`,
            windowStartedAt: sql`excluded.window_started_at`,
          },
        })
    },

    async giveBack({ address, onAddress, loginCounter, onLogin }) {
      await takeBack(db, loginCounter, onLogin)
      await takeBack(db, addressKey(address), onAddress)
    },

    async recordSuccess({ loginId, address, onAddress, loginCounter, onLogin }, now) {
      await takeBack(db, addressKey(address), onAddress)
      // The failures counted before this attempt, and its own slot; attempts that took a slot
      // after it (a burst still under way) stay counted.
      await takeBack(db, loginCounter, onLogin, onLogin.count)
      await rememberAddress(db, loginId, address, now)
    },

    async reserveSignUp(address, now) {
      const window = config.signUpWindowSeconds
      const onAddress = await countInWindow(db, signUpKey(address), now, window)
      if (onAddress.count <= config.maxSignUpsPerAddress) return { allowed: true, attempt: null }
      await takeBack(db, signUpKey(address), onAddress)
      return { allowed: false, retryAfterSeconds: secondsLeft(onAddress, now, window) }
    },

    async recordSignUp(loginId, address, now, q = db) {
      const [pair] = await q
        .delete(signInFailures)
        .where(eq(signInFailures.key, addressLoginKey(address, loginId)))
        .returning()
      if (pair) {
        // Only while the address is still in the window those failures were counted in.
        await takeBack(q, addressKey(address), pair, pair.count)
      }
      await q.delete(signInFailures).where(eq(signInFailures.key, loginKey(loginId)))
      await rememberAddress(q, loginId, address, now)
    },
  }
}
