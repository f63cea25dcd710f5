/**
 * The audit trail: who did what, when, to which study, from which address. Rows are appended in
 * the transaction of the act they record (so an act that rolls back leaves no event) and the
 * database refuses to change or delete them (migration 0003). An event never holds clinical
 * text or a token: `detail` carries codes only (section keys, a rating, a cause, an id).
 */
import { and, asc, eq, gte, type SQL } from 'drizzle-orm'
import { honestName, type AuditKind, type UserRole } from '../../contract'
import type { Database, Queryable } from '../db/client'
import { auditEvents, users } from '../db/schema'

export { AUDIT_KINDS, type AuditKind } from '../../contract'

/** Who acts in a request: the signed-in user, the name their session gives (if any), the address. */
export interface Actor {
  userId: string
  /** The display name the session carries (Descope cloud mode); local mode looks it up. */
  name?: string | undefined
  /** `request.ip`. */
  address?: string | undefined
  /**
   * The signed-in user's roles (RL-1), for the rules of a write that depend on them (RV-2: only a
   * radiologist changes a report awaiting review). Absent (a script, a test's direct call): no
   * role rule applies, as before roles existed.
   */
  roles?: readonly UserRole[] | undefined
}

export type AuditDetail = Record<string, string | number | boolean | null | string[]>

export interface AuditEventInput {
  kind: AuditKind
  userId: string | null
  orderId?: string | null
  address?: string | null
  detail?: AuditDetail | null
  at: Date
}

export async function recordAudit(q: Queryable, event: AuditEventInput): Promise<void> {
  await q.insert(auditEvents).values({
    kind: event.kind,
    userId: event.userId,
    orderId: event.orderId ?? null,
    address: event.address ?? null,
    detail: event.detail ?? null,
    createdAt: event.at,
  })
}

/** One event of an actor's request. */
export const auditOf = (
  actor: Actor,
  kind: AuditKind,
  orderId: string,
  at: Date,
  detail?: AuditDetail,
): AuditEventInput => ({
  kind,
  userId: actor.userId,
  orderId,
  address: actor.address ?? null,
  detail: detail ?? null,
  at,
})

/**
 * The name the record gives a user: the name their session carries, else the local user's name,
 * else their login id, else (a cloud user whose session says nothing more) their user id. A name
 * the server did not check itself (an identity provider's, an account older than the rule) is
 * written without what would make it read differently from what it holds (SEC-36).
 */
export async function displayName(q: Queryable, actor: Actor): Promise<string> {
  const fromSession = sessionName(actor)
  if (fromSession !== '') return fromSession
  const [user] = await q
    .select({ name: users.name, loginId: users.loginId })
    .from(users)
    .where(eq(users.id, actor.userId))
  return nameOf(actor, user)
}

/** `displayName` from the actor's local account as already read (null: there is none). */
export function nameOf(
  actor: Actor,
  user: { name: string; loginId: string } | null | undefined,
): string {
  const fromSession = sessionName(actor)
  if (fromSession !== '') return fromSession
  if (!user) return actor.userId
  const local = honestName(user.name)
  return local.trim() !== '' ? local : user.loginId
}

const sessionName = (actor: Actor) => (actor.name ? honestName(actor.name).trim() : '')

export interface AuditFilter {
  orderId?: string | undefined
  userId?: string | undefined
  since?: Date | undefined
}

export interface AuditEvent {
  seq: number
  at: string
  kind: string
  user_id: string | null
  order_id: string | null
  address: string | null
  detail: Record<string, unknown> | null
}

/** Events oldest first, filtered by order, user and time. */
export async function listAuditEvents(
  db: Database,
  filter: AuditFilter = {},
): Promise<AuditEvent[]> {
  const where: SQL[] = []
  if (filter.orderId !== undefined) where.push(eq(auditEvents.orderId, filter.orderId))
  if (filter.userId !== undefined) where.push(eq(auditEvents.userId, filter.userId))
  if (filter.since !== undefined) where.push(gte(auditEvents.createdAt, filter.since))
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(asc(auditEvents.seq))
  return rows.map((row) => ({
    seq: row.seq,
    at: row.createdAt.toISOString(),
    kind: row.kind,
    user_id: row.userId,
    order_id: row.orderId,
    address: row.address,
    detail: row.detail ?? null,
  }))
}
