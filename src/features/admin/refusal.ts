/**
 * What the Admin page says when the server refuses (ADM-13, ADM-14): the server's own words when
 * its answer gives them (a 409's `message`: the last admin, an identity provider's accounts), else
 * the product's 'API Error: ...' line.
 */
import { isApiError } from '../../services/api/baseApi'

/** The 409 of a backend whose accounts an identity provider manages (Descope mode). */
export const MANAGED_BY_IDENTITY_PROVIDER = 'managed_by_identity_provider'

function conflictOf(error: unknown): { error?: unknown; message?: unknown } | null {
  if (!isApiError(error) || typeof error.conflict !== 'object' || error.conflict === null)
    return null
  return error.conflict
}

export function refusalMessage(error: unknown): string {
  const message = conflictOf(error)?.message
  if (typeof message === 'string' && message.trim() !== '') return message
  return isApiError(error) ? error.message : 'The change could not be made.'
}

export function isManagedElsewhere(error: unknown): boolean {
  return conflictOf(error)?.error === MANAGED_BY_IDENTITY_PROVIDER
}
