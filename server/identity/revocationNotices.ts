/**
 * What every server instance hears when a sign-in ends (SEC-22..SEC-25): the session store sends a
 * notice on `readout_sessions` in the transaction that revoked the family, so PostgreSQL delivers
 * it at commit to every instance's LISTEN (server/db/notifications.ts; PGlite, one instance,
 * delivers its own). Each instance then forgets what it knew of the user's families and ends the
 * streams those families opened (server/events/streamSessions.ts).
 *
 * A notice names the user and the families ended (a logout, a replayed refresh token: one; a
 * logoutall: each of the user's), or the user alone when there are too many families to name in
 * one notification; then each instance asks the database about that user's open streams.
 */
import { sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'

export const SESSIONS_CHANNEL = 'readout_sessions'

export interface RevocationNotice {
  userId: string
  /** The families ended, or null: possibly every family of the user (ask the database). */
  familyIds: string[] | null
}

/**
 * More families than this are not named: a notification's payload is at most 8000 bytes, and
 * a family id (a UUID) with its quotes and comma takes 39.
 */
export const MAX_NAMED_FAMILIES = 100

/** The notice for the families ended, by name when there are few enough. */
export function noticeFor(userId: string, familyIds: Iterable<string>): RevocationNotice {
  const unique = [...new Set(familyIds)]
  return { userId, familyIds: unique.length > MAX_NAMED_FAMILIES ? null : unique }
}

/** Sends the notice to every instance when `q`'s transaction commits (at once outside one). */
export async function announceRevocation(q: Queryable, notice: RevocationNotice): Promise<void> {
  await q.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(notice)})`)
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

/** The notice a payload carries, or null for anything else (then the caller checks everything). */
export function parseRevocationNotice(payload: string | undefined): RevocationNotice | null {
  if (payload === undefined) return null
  try {
    const parsed: unknown = JSON.parse(payload)
    if (typeof parsed !== 'object' || parsed === null) return null
    const { userId, familyIds } = parsed as Record<string, unknown>
    if (!isText(userId)) return null
    if (familyIds === null) return { userId, familyIds: null }
    if (!Array.isArray(familyIds) || !familyIds.every(isText)) return null
    return { userId, familyIds }
  } catch {
    return null
  }
}
