/**
 * Session tokens whose signature this process has checked. A client sends the same session token
 * with every request for minutes; its HMAC is computed once, and the time checks (expiry, `iat`)
 * are made again at every use, so an answer from here is the answer `verifyToken` would give.
 * Bounded: past `limit` tokens the oldest is forgotten (and checked again if it comes back).
 */
import { withinLifetime, type LocalTokenClaims } from './tokens'

export const VERIFIED_TOKENS_LIMIT = 10_000

export interface VerifiedTokens {
  /** The token's claims: remembered ones still within their lifetime, else `verify()`'s answer. */
  claims(
    token: string,
    now: Date,
    verify: () => Promise<LocalTokenClaims | null>,
  ): Promise<LocalTokenClaims | null>
}

export function createVerifiedTokens(limit = VERIFIED_TOKENS_LIMIT): VerifiedTokens {
  const known = new Map<string, LocalTokenClaims>()
  return {
    async claims(token, now, verify) {
      const remembered = known.get(token)
      if (remembered && withinLifetime(remembered, now)) return remembered
      known.delete(token)
      const claims = await verify()
      if (claims) {
        if (known.size >= limit) {
          const oldest = known.keys().next()
          if (!oldest.done) known.delete(oldest.value)
        }
        known.set(token, claims)
      }
      return claims
    },
  }
}
