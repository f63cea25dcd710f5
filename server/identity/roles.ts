/**
 * An account's roles as the guard reads them (RL-1..RL-4). Local identity: the `users.roles`
 * column, read with the session family check (sessionFamilies.ts). Descope: the session token's
 * top-level `roles` claim (the project's roles; roles given in a tenant, under
 * `tenants.<id>.roles`, are not read), mapped to ours by DESCOPE_ROLE_MAP (docs/settings.md).
 */
import { z } from 'zod'
import { ROLES, type UserRole } from '../../contract'

/** The roles of a local account's row: known ones only, each once, in ROLES' order. */
export function accountRoles(value: unknown): UserRole[] {
  if (!Array.isArray(value)) return []
  return ROLES.filter((role) => value.includes(role))
}

/** Which Descope role names give each of our roles (compared without regard to case). */
export type DescopeRoleMap = Record<UserRole, readonly string[]>

/** Unset: each of our roles from the Descope role of the same name. */
export const DEFAULT_DESCOPE_ROLE_MAP: DescopeRoleMap = {
  radiologist: ['radiologist'],
  trainee: ['trainee'],
  admin: ['admin'],
}

/**
 * A token with none of the mapped roles is a radiologist (RL-3): every Descope user can follow
 * the spec's journey, as every new local account can.
 */
const WITHOUT_A_MAPPED_ROLE: readonly UserRole[] = ['radiologist']

/**
 * `radiologist=Radiologist|Attending,trainee=Resident|Fellow,admin=Admin`: the roles it names are
 * given by those Descope roles only; a role it does not name is given by none.
 */
export function parseDescopeRoleMap(text: string): DescopeRoleMap | string {
  const map: Record<UserRole, string[]> = { radiologist: [], trainee: [], admin: [] }
  for (const entry of text.split(',')) {
    if (entry.trim() === '') continue
    const [role, names, ...rest] = entry.split('=').map((part) => part.trim())
    if (rest.length > 0 || names === undefined)
      return `must be role=DescopeRole|OtherRole entries separated by commas, not "${entry.trim()}"`
    const ours = ROLES.find((known) => known === role)
    if (!ours) return `names an unknown role "${role ?? ''}" (known: ${ROLES.join(', ')})`
    const theirs = names.split('|').map((name) => name.trim())
    if (theirs.some((name) => name === '')) return `gives "${ours}" an empty Descope role name`
    map[ours].push(...theirs)
  }
  if (ROLES.every((role) => map[role].length === 0)) return 'must map at least one role'
  return map
}

/** DESCOPE_ROLE_MAP of the environment (server/config.ts spreads it into its schema). */
export const descopeRoleMapEnv = {
  DESCOPE_ROLE_MAP: z
    .string()
    .optional()
    .transform((value, ctx): DescopeRoleMap => {
      if (value === undefined || value.trim() === '') return DEFAULT_DESCOPE_ROLE_MAP
      const parsed = parseDescopeRoleMap(value)
      if (typeof parsed !== 'string') return parsed
      ctx.addIssue({ code: 'custom', message: parsed })
      return z.NEVER
    }),
}

/** Our roles for a Descope session's claims (RL-3). */
export function rolesFromDescopeClaims(
  claims: Record<string, unknown>,
  map: DescopeRoleMap,
): UserRole[] {
  const claimed = Array.isArray(claims.roles)
    ? claims.roles.filter((name): name is string => typeof name === 'string')
    : []
  const held = new Set(claimed.map((name) => name.trim().toLowerCase()))
  const roles = ROLES.filter((role) => map[role].some((name) => held.has(name.toLowerCase())))
  return roles.length > 0 ? roles : [...WITHOUT_A_MAPPED_ROLE]
}
