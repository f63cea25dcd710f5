/** The roles an account has after one checkbox changes (ADM-12: the whole list is sent). */
import { ROLES, type UserRole } from '../../../../contract'

export function rolesAfter(
  roles: readonly UserRole[],
  toggled: UserRole,
  checked: boolean,
): UserRole[] {
  return ROLES.filter((role) => (role === toggled ? checked : roles.includes(role)))
}
