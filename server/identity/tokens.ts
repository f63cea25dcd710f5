/**
 * Local session and refresh JWTs (HS256, jose). Both carry `iss` (the local project id),
 * `sub` (user id), `iat`, `exp`, `jti` and a token type claim, so a refresh token can never
 * pass where a session token is required, and the reverse. A session token also carries `sid`,
 * the session family it was issued from (sessions.ts), so ending the family ends it.
 */
import { SignJWT, jwtVerify } from 'jose'
import type { JWTPayload } from 'jose'
import type { LocalIdentityKeys } from './keys'

/** The project id of the local identity: the `iss` of its tokens and the SPA's project id. */
export const LOCAL_PROJECT_ID = 'P-readout-local'

/**
 * Name of the token type claim. `typ` in the payload is what Keycloak uses for the same
 * purpose; the JOSE header's own `typ` stays `JWT`.
 */
export const TOKEN_TYPE_CLAIM = 'typ'
export type TokenType = 'session' | 'refresh'

/** Name of the session family claim of a session token (the name OpenID Connect uses for a session id). */
export const SESSION_FAMILY_CLAIM = 'sid'

const ALGORITHM = 'HS256'
/** Seconds of clock skew tolerated between server instances, as Descope's node SDK does. */
const CLOCK_TOLERANCE_SECONDS = 5

export interface LocalTokenClaims {
  iss: string
  sub: string
  iat: number
  exp: number
  jti: string
  typ: TokenType
  /** The session family; every session token has one, refresh tokens have none (their row does). */
  sid?: string
}

export interface IssueTokenInput {
  type: TokenType
  userId: string
  jti: string
  issuedAt: Date
  expiresAt: Date
  familyId?: string
}

export const toEpochSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

/**
 * The time checks `verifyToken` makes (jose's expiry with the clock tolerance, and no `iat` from
 * the future), for claims whose signature was checked earlier.
 */
export function withinLifetime(claims: Pick<LocalTokenClaims, 'iat' | 'exp'>, now: Date): boolean {
  const at = toEpochSeconds(now)
  return claims.exp > at - CLOCK_TOLERANCE_SECONDS && claims.iat <= at + CLOCK_TOLERANCE_SECONDS
}

export async function signToken(
  keys: LocalIdentityKeys,
  input: IssueTokenInput,
): Promise<{ jwt: string; claims: LocalTokenClaims }> {
  const claims: LocalTokenClaims = {
    iss: LOCAL_PROJECT_ID,
    sub: input.userId,
    iat: toEpochSeconds(input.issuedAt),
    exp: toEpochSeconds(input.expiresAt),
    jti: input.jti,
    typ: input.type,
    ...(input.familyId === undefined ? {} : { sid: input.familyId }),
  }
  const jwt = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .sign(keys.secret)
  return { jwt, claims }
}

function isLocalClaims(payload: JWTPayload): payload is JWTPayload & LocalTokenClaims {
  return (
    typeof payload.sub === 'string' &&
    payload.sub !== '' &&
    typeof payload.jti === 'string' &&
    payload.jti !== '' &&
    typeof payload.iat === 'number' &&
    typeof payload.exp === 'number'
  )
}

/**
 * The token's claims when its signature, issuer, expiry (at `now`) and type are right, it was
 * not issued after `now` (beyond the clock tolerance) and, for a session token, it names its
 * session family; otherwise null. Never throws for a bad token.
 */
export async function verifyToken(
  keys: LocalIdentityKeys,
  jwt: string,
  expectedType: TokenType,
  now: Date,
): Promise<LocalTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(jwt, keys.secret, {
      algorithms: [ALGORITHM],
      issuer: LOCAL_PROJECT_ID,
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'iat', 'exp', 'jti', TOKEN_TYPE_CLAIM],
    })
    if (payload[TOKEN_TYPE_CLAIM] !== expectedType || !isLocalClaims(payload)) return null
    // jose checks `iat` only against a maximum age; a token from the future is refused here.
    if (!withinLifetime(payload, now)) return null
    const sid = payload[SESSION_FAMILY_CLAIM]
    const family = typeof sid === 'string' && sid !== '' ? sid : undefined
    // Session tokens issued before session families existed carry no `sid`: refused, so their
    // holder signs in (or refreshes) once and gets one that logging out can end.
    if (expectedType === 'session' && family === undefined) return null
    return {
      iss: LOCAL_PROJECT_ID,
      sub: payload.sub,
      iat: payload.iat,
      exp: payload.exp,
      jti: payload.jti,
      typ: expectedType,
      ...(expectedType === 'session' && family !== undefined ? { sid: family } : {}),
    }
  } catch {
    return null
  }
}
