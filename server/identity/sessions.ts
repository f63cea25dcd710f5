/**
 * The life of a local session: issuing a session + refresh token pair, rotating the refresh
 * token, revoking it. Refresh tokens are stateful (a `refresh_tokens` row per `jti`, so they
 * can be revoked); session tokens are short-lived, like Descope's.
 *
 * Session families: the refresh tokens of one sign-in (the first and every one rotation issued
 * after it) share a family id, the first token's id, and every session token issued from the
 * family names it (`sid`). Logging out revokes the whole family, so its session tokens stop
 * working too (the guard asks sessionFamilies.ts); a rotation leaves the family live, so the
 * session tokens it issued before stay valid until they expire.
 *
 * Reuse detection: presenting a refresh token that was already rotated means two parties hold
 * the same token (one of them may have stolen it). The answer is 401 and every token issued
 * from it by rotation (its descendants, following `replaced_by`) is revoked, so whoever holds
 * the newer token has to sign in again too; as every token of the family is then revoked, its
 * session tokens end as well. The user's other sessions (other devices) are not touched.
 *
 * The reuse grace (SEC-20, SEC-21): two tabs refreshing the very same token in the same instant,
 * or a retry whose first answer was lost, are not theft. Within `refreshReuseGraceSeconds` of its
 * rotation, a rotated token presented again answers the same successor: the very refresh token
 * its rotation issued (re-signed from its row, so the same bytes) and a session token of the same
 * family. As Auth0's reuse interval does, only the previous token gets this: when the successor
 * has itself been rotated already, the presented token is older than the previous one and counts
 * as a replay; a successor logged out is refused, never brought back. The state is the rows, so
 * it holds across instances, and the row lock makes the second of two racing refreshes wait for
 * the first and then read its successor.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database, Queryable } from '../db/client'
import { refreshTokens, users } from '../db/schema'
import { ACCOUNT_DEACTIVATED_MESSAGE, invalidRefreshToken } from './errors'
import type { LocalIdentityKeys } from './keys'
import type { RevocationNotice } from './revocationNotices'
import type { SessionFamilies } from './sessionFamilies'
import { createSessionRevocation } from './sessionRevocation'
import { signToken, toEpochSeconds, verifyToken } from './tokens'
import type { LocalTokenClaims } from './tokens'

export type UserRow = typeof users.$inferSelect
type RefreshTokenRow = typeof refreshTokens.$inferSelect

/** The user object of the Descope answers (and of `/v1/auth/me`). */
export interface DescopeUser {
  userId: string
  loginIds: string[]
  email: string
  name: string
  status: 'enabled'
}

/** What sign-up, sign-in, refresh and try-refresh answer (docs/local-identity.md). */
export interface JwtAnswer {
  sessionJwt: string
  refreshJwt: string
  /** Seconds since the epoch; the SDK refreshes 20 s before it. */
  sessionExpiration: number
  /** Seconds since the epoch: when the refresh token expires. */
  cookieExpiration: number
  /** Seconds: the refresh token's lifetime. */
  cookieMaxAge: number
  cookiePath: string
  cookieDomain: string
  /** The session token's claims; the SDK reads them from here, not from the token. */
  claims: LocalTokenClaims
  firstSeen: boolean
  user: DescopeUser
}

export interface SessionLifetimes {
  sessionTtlSeconds: number
  refreshTtlSeconds: number
  /** How long after its rotation a refresh token still answers its successor (SEC-20). */
  refreshReuseGraceSeconds?: number
}

/**
 * Okta's default grace period for refresh token rotation (its `leeway`, 0 to 60 s, 30 by default;
 * Auth0 leaves its reuse interval off by default, which is today's refusal).
 */
export const DEFAULT_REFRESH_REUSE_GRACE_SECONDS = 30

export const toDescopeUser = (user: UserRow): DescopeUser => ({
  userId: user.id,
  loginIds: [user.loginId],
  email: user.email,
  name: user.name,
  status: 'enabled',
})

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000)

type RotationOutcome =
  | { kind: 'rotated'; user: UserRow; newJti: string; familyId: string; issuedAt: Date }
  | { kind: 'refused'; message: string; revoked?: RevocationNotice }

export interface SessionStore {
  /** Stores a new refresh token for the user (inside the caller's transaction) and signs the pair. */
  issue(tx: Queryable, user: UserRow, firstSeen: boolean): Promise<JwtAnswer>
  /** Rotates a refresh token: the old one is revoked and replaced. Throws a 401 IdentityError. */
  rotate(refreshJwt: string): Promise<JwtAnswer>
  /** The user of a refresh token that is valid, unexpired and not revoked. Throws a 401 IdentityError. */
  userOfActiveRefreshToken(refreshJwt: string): Promise<UserRow>
  /** The user of a valid session token whose family is live, or null. */
  userOfSessionToken(sessionJwt: string): Promise<UserRow | null>
  /**
   * Revokes the family of a refresh token (every token of its sign-in) and answers its user's
   * id; revoking it twice is not an error. Throws a 401 IdentityError for a bad token.
   */
  revoke(refreshJwt: string): Promise<string>
  /** Revokes every refresh token of the user: all their families. */
  revokeAll(userId: string): Promise<void>
}

export function createSessionStore(opts: {
  db: Database
  keys: LocalIdentityKeys
  lifetimes: SessionLifetimes
  now: () => Date
  families: SessionFamilies
}): SessionStore {
  const { db, keys, lifetimes, now, families } = opts
  const revocation = createSessionRevocation({ db, families, now })

  async function signPair(
    user: UserRow,
    refreshJti: string,
    familyId: string,
    issuedAt: Date,
    firstSeen: boolean,
  ): Promise<JwtAnswer> {
    const refreshExpiresAt = addSeconds(issuedAt, lifetimes.refreshTtlSeconds)
    const session = await signToken(keys, {
      type: 'session',
      userId: user.id,
      jti: randomUUID(),
      issuedAt,
      expiresAt: addSeconds(issuedAt, lifetimes.sessionTtlSeconds),
      familyId,
    })
    const refresh = await signToken(keys, {
      type: 'refresh',
      userId: user.id,
      jti: refreshJti,
      issuedAt,
      expiresAt: refreshExpiresAt,
    })
    return {
      sessionJwt: session.jwt,
      refreshJwt: refresh.jwt,
      sessionExpiration: session.claims.exp,
      cookieExpiration: toEpochSeconds(refreshExpiresAt),
      cookieMaxAge: lifetimes.refreshTtlSeconds,
      cookiePath: '/',
      cookieDomain: '',
      claims: session.claims,
      firstSeen,
      user: toDescopeUser(user),
    }
  }

  async function verifiedRefreshClaims(refreshJwt: string): Promise<LocalTokenClaims> {
    const claims = await verifyToken(keys, refreshJwt, 'refresh', now())
    if (!claims)
      throw invalidRefreshToken('The refresh token is invalid or expired; sign in again.')
    return claims
  }

  async function findUser(q: Queryable, userId: string): Promise<UserRow | undefined> {
    const [user] = await q.select().from(users).where(eq(users.id, userId))
    return user
  }

  /** Why a refresh is refused for an account that is gone or deactivated (RL-5). */
  const refusedAccount = (user: UserRow | undefined): RotationOutcome => ({
    kind: 'refused',
    message: user ? ACCOUNT_DEACTIVATED_MESSAGE : 'The user no longer exists.',
  })

  const graceMs = (lifetimes.refreshReuseGraceSeconds ?? DEFAULT_REFRESH_REUSE_GRACE_SECONDS) * 1000

  /**
   * SEC-20: the answer to a rotated token presented again within the grace, or null when it is a
   * replay after all (past the grace, or its successor is no longer the live head of the chain).
   */
  async function reuseWithinGrace(
    tx: Queryable,
    row: RefreshTokenRow,
    at: Date,
  ): Promise<RotationOutcome | null> {
    // A rotation stamps the token revoked and its successor in one update: revokedAt is when.
    if (!row.revokedAt || !row.replacedBy) return null
    if (at.getTime() - row.revokedAt.getTime() >= graceMs) return null
    const [successor] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.id, row.replacedBy))
    if (!successor || successor.replacedBy) return null
    if (successor.revokedAt)
      return { kind: 'refused', message: 'The refresh token was revoked; sign in again.' }
    if (successor.expiresAt.getTime() <= at.getTime()) return null
    const user = await findUser(tx, successor.userId)
    if (!user?.active) return refusedAccount(user)
    return {
      kind: 'rotated',
      user,
      newJti: successor.id,
      familyId: successor.familyId,
      issuedAt: successor.createdAt,
    }
  }

  return {
    async issue(tx, user, firstSeen) {
      const issuedAt = now()
      const jti = randomUUID()
      // A sign-in starts a family, named by its first token.
      await tx.insert(refreshTokens).values({
        id: jti,
        userId: user.id,
        familyId: jti,
        expiresAt: addSeconds(issuedAt, lifetimes.refreshTtlSeconds),
        createdAt: issuedAt,
      })
      return signPair(user, jti, jti, issuedAt, firstSeen)
    },

    async rotate(refreshJwt) {
      const claims = await verifiedRefreshClaims(refreshJwt)
      const outcome = await db.transaction(async (tx): Promise<RotationOutcome> => {
        const [row] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.id, claims.jti))
          .for('update')
        if (!row || row.userId !== claims.sub)
          return { kind: 'refused', message: 'The refresh token is unknown; sign in again.' }
        const at = now()
        if (row.revokedAt) {
          const reuse = row.replacedBy ? await reuseWithinGrace(tx, row, at) : null
          if (reuse) return reuse
          if (row.replacedBy) {
            // Committed even though the answer is a refusal: that is the point of reuse detection.
            return {
              kind: 'refused',
              message: 'The refresh token was already used; sign in again.',
              revoked: await revocation.chainFrom(tx, row, row.replacedBy, at),
            }
          }
          return { kind: 'refused', message: 'The refresh token was revoked; sign in again.' }
        }
        if (row.expiresAt.getTime() <= at.getTime())
          return { kind: 'refused', message: 'The refresh token expired; sign in again.' }
        const user = await findUser(tx, row.userId)
        if (!user?.active) return refusedAccount(user)
        const newJti = randomUUID()
        await tx.insert(refreshTokens).values({
          id: newJti,
          userId: user.id,
          familyId: row.familyId,
          expiresAt: addSeconds(at, lifetimes.refreshTtlSeconds),
          createdAt: at,
        })
        await tx
          .update(refreshTokens)
          .set({ revokedAt: at, replacedBy: newJti })
          .where(eq(refreshTokens.id, row.id))
        return { kind: 'rotated', user, newJti, familyId: row.familyId, issuedAt: at }
      })
      if (outcome.kind === 'refused') {
        if (outcome.revoked) revocation.known(outcome.revoked)
        throw invalidRefreshToken(outcome.message)
      }
      return signPair(outcome.user, outcome.newJti, outcome.familyId, outcome.issuedAt, false)
    },

    async userOfActiveRefreshToken(refreshJwt) {
      const claims = await verifiedRefreshClaims(refreshJwt)
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, claims.jti))
      if (
        !row ||
        row.userId !== claims.sub ||
        row.revokedAt ||
        row.expiresAt.getTime() <= now().getTime()
      ) {
        throw invalidRefreshToken('The refresh token is no longer valid; sign in again.')
      }
      const user = await findUser(db, row.userId)
      if (!user) throw invalidRefreshToken('The user no longer exists.')
      return user
    },

    async userOfSessionToken(sessionJwt) {
      const claims = await verifyToken(keys, sessionJwt, 'session', now())
      if (!claims?.sid || !(await families.isLive(claims.sub, claims.sid))) return null
      return (await findUser(db, claims.sub)) ?? null
    },

    async revoke(refreshJwt) {
      const claims = await verifiedRefreshClaims(refreshJwt)
      await revocation.family(claims.sub, claims.jti)
      return claims.sub
    },

    revokeAll: (userId) => revocation.all(userId),
  }
}
