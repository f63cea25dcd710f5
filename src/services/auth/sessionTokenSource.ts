/**
 * Where the API layer gets the session token it sends as `Authorization: Bearer <token>`.
 *
 * The token is the Descope SDK's own: `getSessionToken()` reads what the SDK created by
 * `<AuthProvider>` stored (localStorage `DS`), and the SDK keeps it fresh by refreshing before
 * expiry. Nothing of ours caches it, so a refreshed or ended session is seen on the next request.
 */
import { getSessionToken } from '@descope/react-sdk'

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
      // throws; that simply means there is no session yet.
      return undefined
    }
  },
}
