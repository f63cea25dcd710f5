/**
 * Where the API layer gets the session token it sends as `Authorization: Bearer <token>`.
 *
 * The token is the Descope SDK's own: `getSessionToken()` reads what the SDK created by
 * `<AuthProvider>` stored (localStorage `DS`), and the SDK keeps it fresh by refreshing before
 * expiry. Nothing of ours caches it, so a refreshed or ended session is seen on the next request.
 */
import { getSessionToken } from '@descope/react-sdk'
import { storedSessionToken } from './storedSession'
import { tokenExpiry } from './tokenClaims'

export { tokenExpiry }

export interface SessionTokenSource {
  /** The current session JWT, or undefined when there is no session. */
  getSessionToken(): string | undefined
}

export const descopeSessionTokenSource: SessionTokenSource = {
  getSessionToken: () => {
    try {
      return getSessionToken() || undefined
    } catch {
      // Before <AuthProvider> has created the SDK, the placeholder SDK has no token store and
      // throws. The token the SDK will start from is the one it stored on an earlier visit: a
      // returning clinician's first requests leave with it before the first render (ID-3).
      return storedSessionToken()
    }
  },
}

/**
 * The session token the SDK holds (on arrival: the one it stored on an earlier visit), when it is
 * good for at least `marginMs` more by its own expiry; otherwise undefined. The server still has
 * the last word on it: this only says whether a call is worth starting before the SDK's refresh.
 */
export function freshSessionToken(
  source: SessionTokenSource,
  nowMs: number,
  marginMs: number,
): string | undefined {
  const token = source.getSessionToken()
  const expiry = token === undefined ? undefined : tokenExpiry(token)
  return expiry !== undefined && expiry - nowMs >= marginMs ? token : undefined
}
