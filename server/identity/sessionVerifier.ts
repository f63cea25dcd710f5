/**
 * What the `/api/v1` guard uses: a session JWT in, a user id and roles out (or null). Local mode
 * checks our own HS256 session tokens, then that their session family is still live (not logged
 * out, user not deleted nor deactivated) and reads the account's roles in the same query
 * (sessionFamilies.ts, which keeps each answer for up to a second; RL-2). Cloud mode
 * validates Descope's session tokens with `@descope/node-sdk`, which fetches the project's public
 * keys; that check is signature and expiry only, so there a session token outlives a logout
 * until it expires, and the roles are the token's `roles` claim mapped by DESCOPE_ROLE_MAP
 * (roles.ts, RL-3). Refresh tokens are refused in both modes: a stolen long-lived token must not
 * open the API.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { UserRole } from '../../contract'
import type { Queryable } from '../db/client'
import { loadOrCreateSigningKeys } from './keys'
import type { LocalIdentityKeys } from './keys'
import { DEFAULT_DESCOPE_ROLE_MAP, rolesFromDescopeClaims, type DescopeRoleMap } from './roles'
import { createSessionFamilies } from './sessionFamilies'
import type { SessionFamilies } from './sessionFamilies'
import { verifyToken } from './tokens'
import { createVerifiedTokens } from './verifiedTokens'

export interface VerifiedSession {
  userId: string
  /**
   * The user's display name when the session token carries one (a Descope session with a `name`,
   * `email` or login id claim); local mode leaves it to the `users` table.
   */
  name?: string | undefined
  /** RL-1: the account's roles (local: its row; Descope: the token's roles claim, mapped). */
  roles: UserRole[]
}

/** The first non-blank text among a Descope session's naming claims. */
function nameFromClaims(claims: Record<string, unknown>): string | undefined {
  const loginIds = claims.loginIds
  const candidates = [
    claims.name,
    claims.email,
    claims.loginId,
    claims.login_id,
    Array.isArray(loginIds) ? loginIds[0] : undefined,
  ]
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim()
  }
  return undefined
}

export interface SessionVerifier {
  verify(token: string): Promise<VerifiedSession | null>
}

export type SessionVerifierOptions =
  | {
      mode: 'local'
      /** Where the session families live, and the signing keys unless `keys` is given. */
      db: Queryable
      keys?: LocalIdentityKeys
      now?: () => Date
      /** The families' answers, shared with the identity routes so a logout here is seen at once. */
      families?: SessionFamilies
    }
  | {
      mode: 'descope'
      projectId: string
      baseUrl?: string | undefined
      /** DESCOPE_ROLE_MAP; each role from the Descope role of its own name when omitted. */
      roleMap?: DescopeRoleMap
    }

/** Descope marks its tokens with `drn`: `DS` for a session token, `DSR` for a refresh token. */
const DESCOPE_REFRESH_DRN = 'DSR'

const JWT_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

export async function createSessionVerifier(
  options: SessionVerifierOptions,
): Promise<SessionVerifier> {
  if (options.mode === 'local') {
    const keys = options.keys ?? (await loadOrCreateSigningKeys(options.db))
    const now = options.now ?? (() => new Date())
    const families = options.families ?? createSessionFamilies({ db: options.db, now })
    const verified = createVerifiedTokens()
    return {
      async verify(token) {
        if (!JWT_PATTERN.test(token)) return null
        const at = now()
        const claims = await verified.claims(token, at, () =>
          verifyToken(keys, token, 'session', at),
        )
        if (!claims?.sid) return null
        const account = await families.account(claims.sub, claims.sid)
        return account ? { userId: claims.sub, roles: account.roles } : null
      },
    }
  }

  // Loaded only in Descope mode: the SDK is most of a local-mode restart's module loading (OPS-3).
  const { default: DescopeClient } = await import('@descope/node-sdk')
  const client = DescopeClient({
    projectId: options.projectId,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
  })
  const roleMap = options.roleMap ?? DEFAULT_DESCOPE_ROLE_MAP
  return {
    async verify(token) {
      if (!JWT_PATTERN.test(token)) return null
      try {
        const { token: claims } = await client.validateSession(token)
        if (claims.drn === DESCOPE_REFRESH_DRN) return null
        if (typeof claims.sub !== 'string' || claims.sub === '') return null
        return {
          userId: claims.sub,
          name: nameFromClaims(claims),
          roles: rolesFromDescopeClaims(claims, roleMap),
        }
      } catch {
        // validateSession throws for every invalid token (signature, issuer, expiry, unknown key).
        return null
      }
    },
  }
}

/**
 * The session JWT of `Authorization: Bearer <jwt>`, or null. The identity endpoints' form
 * `Bearer <projectId>:<refreshJwt>` is deliberately not recognised here: `/api/v1` takes a
 * session token only.
 */
export function bearerToken(request: { headers: IncomingHttpHeaders }): string | null {
  const header = request.headers.authorization
  if (typeof header !== 'string') return null
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  const token = match?.[1]
  return token && JWT_PATTERN.test(token) ? token : null
}
