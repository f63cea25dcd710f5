/**
 * Ending sign-ins (SEC-4, SEC-22..SEC-25): logging out ends one session family, logoutall every
 * family of the user, and a replayed refresh token (SEC-21) the rest of its chain. Each does its
 * update and sends its notice (revocationNotices.ts) in one transaction, so every instance hears
 * of exactly what committed; then this instance takes the notice at once (sessionFamilies.ts),
 * without waiting for its own notification, so its guard and its open streams refuse the family
 * before the answer leaves.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database, Tx } from '../db/client'
import { refreshTokens } from '../db/schema'
import { announceRevocation, noticeFor, type RevocationNotice } from './revocationNotices'
import type { SessionFamilies } from './sessionFamilies'

export interface SessionRevocation {
  /** Ends the family of the user's refresh token `jti` (nothing when there is no such token). */
  family(userId: string, jti: string): Promise<void>
  /** Ends every family of the user. */
  all(userId: string): Promise<void>
  /**
   * Inside the caller's transaction: ends every family of the user (a deactivation, RL-5) and
   * sends the notice at commit. Answers the notice (null: nothing was live), for `known` once the
   * transaction committed.
   */
  allWithin(tx: Tx, userId: string): Promise<RevocationNotice | null>
  /**
   * Inside the caller's transaction: ends every token issued from `successorId` by rotation, and
   * sends the notice at commit. Answers the notice, for `known` once the transaction committed.
   */
  chainFrom(
    tx: Tx,
    token: { userId: string; familyId: string },
    successorId: string,
    at: Date,
  ): Promise<RevocationNotice>
  /** This instance learns of a revocation that committed. */
  known(notice: RevocationNotice): void
}

export function createSessionRevocation(opts: {
  db: Database
  families: SessionFamilies
  now: () => Date
}): SessionRevocation {
  const { db, families, now } = opts

  async function allWithin(tx: Tx, userId: string): Promise<RevocationNotice | null> {
    const ended = await tx
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
      .returning({ familyId: refreshTokens.familyId })
    if (ended.length === 0) return null
    const revoked = noticeFor(
      userId,
      ended.map((row) => row.familyId),
    )
    await announceRevocation(tx, revoked)
    return revoked
  }

  return {
    async family(userId, jti) {
      const notice = await db.transaction(async (tx) => {
        const [token] = await tx
          .select({ familyId: refreshTokens.familyId })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.id, jti), eq(refreshTokens.userId, userId)))
        if (!token) return null
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now() })
          .where(
            and(
              eq(refreshTokens.familyId, token.familyId),
              eq(refreshTokens.userId, userId),
              isNull(refreshTokens.revokedAt),
            ),
          )
        // Announced even when it was ended before: a second 'Log out' costs one notification.
        const revoked = noticeFor(userId, [token.familyId])
        await announceRevocation(tx, revoked)
        return revoked
      })
      if (notice) families.revoked(notice)
      else families.forgetUser(userId)
    },

    async all(userId) {
      const notice = await db.transaction((tx) => allWithin(tx, userId))
      if (notice) families.revoked(notice)
      else families.forgetUser(userId)
    },

    allWithin,

    async chainFrom(tx, token, successorId, at) {
      await tx.execute(sql`
        with recursive chain(id, replaced_by) as (
          select id, replaced_by from ${refreshTokens} where id = ${successorId}
          union
          select t.id, t.replaced_by from ${refreshTokens} t join chain c on t.id = c.replaced_by
        )
        update ${refreshTokens} set revoked_at = ${at.toISOString()}::timestamptz
        where id in (select id from chain) and revoked_at is null`)
      const notice = noticeFor(token.userId, [token.familyId])
      await announceRevocation(tx, notice)
      return notice
    },

    known: (notice) => {
      families.revoked(notice)
    },
  }
}
