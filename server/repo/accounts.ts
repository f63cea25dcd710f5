/**
 * The local accounts an admin manages (RL-1, RL-5, ADM-1..ADM-3): who they are, their roles,
 * whether they are active. Every change takes the accounts' advisory lock for its transaction,
 * so two changes (or two first sign-ups) never both read the same "before": the first account
 * alone becomes an admin, and the last active admin cannot be removed by two admins at once.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import type { AdminUser, UserRole } from '../../contract'
import type { Database, Queryable, Tx } from '../db/client'
import { auditEvents, users } from '../db/schema'
import { Conflict, Forbidden, NotFound } from '../domain/errors'
import { accountRoles } from '../identity/roles'
import { recordAudit, type Actor, type AuditDetail, type AuditKind } from './audit'

/** RL-1: the first account of a server holds both. */
const FIRST_ACCOUNT_ROLES: UserRole[] = ['admin', 'radiologist']

/** Serializes account changes and sign-ups for the rest of the transaction. */
const lockAccounts = (tx: Tx) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('readout_accounts', 0))`)

/**
 * The roles of an account about to be created in `tx` (RL-1): the first account's when there is
 * none yet, else the column's default (undefined). Holds the accounts' lock until `tx` ends, so
 * two first sign-ups at once cannot both find the table empty.
 */
export async function rolesOfNewAccount(tx: Tx): Promise<UserRole[] | undefined> {
  await lockAccounts(tx)
  const [any] = await tx.select({ id: users.id }).from(users).limit(1)
  return any ? undefined : [...FIRST_ACCOUNT_ROLES]
}

type UserRow = typeof users.$inferSelect

const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: accountRoles(row.roles),
  active: row.active,
  created_at: row.createdAt.toISOString(),
})

/** ADM-1: every account, oldest first. */
export async function listAccounts(db: Queryable): Promise<AdminUser[]> {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.id))
  return rows.map(toAdminUser)
}

/** RL-6: whether some account besides `userId` is active (local identity). */
export async function anotherActiveAccount(db: Queryable, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.active, true), ne(users.id, userId)))
    .limit(1)
  return other !== undefined
}

/** RL-6: whether the audit trail names a user besides `userId` (Descope: no account table). */
export async function anotherUserAudited(db: Queryable, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: auditEvents.userId })
    .from(auditEvents)
    .where(ne(auditEvents.userId, userId))
    .limit(1)
  return other !== undefined
}

export interface AccountChange {
  targetId: string
  roles?: UserRole[] | undefined
  active?: boolean | undefined
}

const sameRoles = (a: readonly UserRole[], b: readonly UserRole[]) =>
  a.length === b.length && a.every((role) => b.includes(role))

/**
 * RL-5, ADM-2, ADM-3: changes an account's roles and whether it is active, with their audit
 * events, in one transaction; `endSessions` runs in it when the account is deactivated (its
 * answer is handed back, for the caller to act on once committed).
 */
export async function updateAccount<T>(
  db: Database,
  actor: Actor,
  change: AccountChange,
  at: Date,
  endSessions: (tx: Tx, userId: string) => Promise<T>,
): Promise<{ user: AdminUser; ended: T | null }> {
  return db.transaction(async (tx) => {
    await lockAccounts(tx)
    const [self] = await tx.select().from(users).where(eq(users.id, actor.userId))
    // The guard's roles may be a second old: an admin demoted meanwhile changes nothing.
    if (!self?.active || !accountRoles(self.roles).includes('admin'))
      throw new Forbidden('Only an administrator can change accounts.')
    const [target] = await tx.select().from(users).where(eq(users.id, change.targetId))
    if (!target) throw new NotFound('The account')
    const rolesBefore = accountRoles(target.roles)
    const rolesAfter = change.roles ? accountRoles(change.roles) : rolesBefore
    const active = change.active ?? target.active
    if (!active && target.id === actor.userId)
      throw new Conflict('You cannot deactivate your own account.', 'own_account')
    if (rolesBefore.includes('admin') && target.active && !(active && rolesAfter.includes('admin')))
      await refuseLastAdmin(tx, target.id)

    const event = (kind: AuditKind, detail: AuditDetail) =>
      recordAudit(tx, {
        kind,
        userId: actor.userId,
        address: actor.address ?? null,
        detail: { target_user_id: target.id, ...detail },
        at,
      })
    const rolesChanged = !sameRoles(rolesBefore, rolesAfter)
    if (rolesChanged || active !== target.active) {
      await tx.update(users).set({ roles: rolesAfter, active }).where(eq(users.id, target.id))
    }
    if (rolesChanged)
      await event('roles_changed', { roles_before: rolesBefore, roles_after: rolesAfter })
    let ended: T | null = null
    if (active !== target.active) {
      await event(active ? 'account_reactivated' : 'account_deactivated', {})
      if (!active) ended = await endSessions(tx, target.id)
    }
    return { user: toAdminUser({ ...target, roles: rolesAfter, active }), ended }
  })
}

/** 409 `last_admin` unless an active admin other than `userId` remains. */
async function refuseLastAdmin(tx: Tx, userId: string): Promise<void> {
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(eq(users.active, true), ne(users.id, userId), sql`${users.roles} @> '["admin"]'::jsonb`),
    )
  if ((others?.n ?? 0) === 0)
    throw new Conflict(
      'This is the last active administrator: make another account an administrator first.',
      'last_admin',
    )
}
