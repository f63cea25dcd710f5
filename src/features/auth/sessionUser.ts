/**
 * Who a session is for, read from what the identity SDK already holds: the session token's `sub`
 * claim (the user id the API authenticates with, in local and cloud mode alike), or the claims
 * the SDK received with it. Only the id leaves this module, never the token.
 */
import { tokenSubject } from '../../services/auth/tokenClaims'

export { tokenSubject }

/** The `sub` claim of a token payload or of the SDK's claims, when it is a non-empty string. */
function subjectOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('sub' in payload)) return null
  const { sub } = payload
  return typeof sub === 'string' && sub.length > 0 ? sub : null
}

/** The user id of the SDK's session: the token's subject, else the claims' (cookie-held tokens). */
export function sessionUserId(
  sessionToken: string | null | undefined,
  claims: Record<string, unknown> | null | undefined,
): string | null {
  const fromToken = tokenSubject(sessionToken)
  if (fromToken !== null) return fromToken
  return subjectOf(claims)
}
