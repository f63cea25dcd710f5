/**
 * What the account and audit trail tests share: the real app on a test database with a clock the
 * test moves (apiSessions.ts), a user of given roles (signed up, then given its roles in the
 * database, as an admin would), and an /api/v1 call with a session token.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { UserRole } from '../../../contract'
import type { Database } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { signUp, type ApiSession } from '../identity/apiSessions'

export interface ApiAnswer {
  status: number
  body: unknown
  headers: Record<string, unknown>
  text: string
}

/** An /api/v1 call through inject: `path` without the prefix. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  token: string | null,
  payload?: object,
): Promise<ApiAnswer> {
  const res = await app.inject({
    method,
    url: `/api/v1${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload }),
  })
  const text = res.body
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    body = null
  }
  return { status: res.statusCode, body, headers: res.headers, text }
}

/** Sets an account's roles straight in the database (the guard sees them within its second). */
export async function setRoles(db: Database, userId: string, roles: UserRole[]): Promise<void> {
  await db.update(users).set({ roles }).where(eq(users.id, userId))
}

/** A new account holding exactly `roles`. */
export async function userWith(
  app: FastifyInstance,
  db: Database,
  roles: UserRole[],
): Promise<ApiSession> {
  const session = await signUp(app)
  await setRoles(db, session.userId, roles)
  return session
}
