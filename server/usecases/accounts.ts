/**
 * Who the signed-in user is (RL-6, GET /me) and the accounts an admin manages (RL-5,
 * ADM-1..ADM-3). With Descope the identity provider holds the accounts and their roles, so the
 * account routes answer 409 `managed_by_identity_provider` there.
 */
import type { AdminUser, UpdateUserRequest, UserRole, WhoAmI } from '../../contract'
import { Conflict, Forbidden } from '../domain/errors'
import type { SessionFamilies } from '../identity/sessionFamilies'
import type { SessionRevocation } from '../identity/sessionRevocation'
import * as accounts from '../repo/accounts'
import { displayName, type Actor } from '../repo/audit'
import type { UseCaseContext } from './context'

export interface AccountsContext extends UseCaseContext {
  /** Whose accounts these are: ours (local identity) or Descope's. */
  identity: 'local' | 'descope'
  /** The session families' answers, forgotten at once when this instance changes an account. */
  families: SessionFamilies
  revocation: SessionRevocation
}

/** What the identity routes answer in Descope mode. */
const managedByDescope = () =>
  new Conflict('Accounts and roles are managed in Descope.', 'managed_by_identity_provider')

/**
 * RL-6: Clear All Studies is an admin's once the server has more than one account (local: active
 * accounts; Descope, which has no account table here: users in the audit trail). With a single
 * account it stays as the spec describes.
 */
export async function mayClearAll(
  { db, identity }: Pick<AccountsContext, 'db' | 'identity'>,
  userId: string,
  roles: readonly UserRole[],
): Promise<boolean> {
  if (roles.includes('admin')) return true
  return identity === 'local'
    ? !(await accounts.anotherActiveAccount(db, userId))
    : !(await accounts.anotherUserAudited(db, userId))
}

/** RL-6: GET /me. */
export async function whoAmI(
  ctx: Pick<AccountsContext, 'db' | 'identity'>,
  actor: Actor,
  roles: UserRole[],
): Promise<WhoAmI> {
  return {
    user_id: actor.userId,
    name: await displayName(ctx.db, actor),
    roles,
    clear_all: await mayClearAll(ctx, actor.userId, roles),
  }
}

/** RL-6: refuses Clear All Studies to whom it is not offered. */
export async function assertMayClearAll(
  ctx: Pick<AccountsContext, 'db' | 'identity'>,
  userId: string,
  roles: readonly UserRole[],
): Promise<void> {
  if (!(await mayClearAll(ctx, userId, roles)))
    throw new Forbidden('With more than one account, only an administrator can clear all studies.')
}

/** ADM-1: GET /admin/users. */
export async function listUsers(ctx: AccountsContext): Promise<{ items: AdminUser[] }> {
  if (ctx.identity !== 'local') throw managedByDescope()
  return { items: await accounts.listAccounts(ctx.db) }
}

/**
 * RL-5, ADM-2, ADM-3: PATCH /admin/users/{id}. A deactivation ends every session of the account
 * in its transaction, so its requests answer 401 and its live streams end, on every instance
 * (sessionRevocation.ts); a role change is seen here at once and elsewhere within a second.
 */
export async function updateUser(
  ctx: AccountsContext,
  actor: Actor,
  targetId: string,
  change: UpdateUserRequest,
): Promise<AdminUser> {
  if (ctx.identity !== 'local') throw managedByDescope()
  const { user, ended } = await accounts.updateAccount(
    ctx.db,
    actor,
    { targetId, roles: change.roles, active: change.active },
    ctx.now(),
    (tx, userId) => ctx.revocation.allWithin(tx, userId),
  )
  if (ended) ctx.revocation.known(ended)
  else ctx.families.forgetUser(targetId)
  return user
}
