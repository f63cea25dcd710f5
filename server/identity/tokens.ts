/**
 * Local session and refresh JWTs (HS256, jose). Both carry `iss` (the local project id),
 * `sub` (user id), `iat`, `exp`, `jti` and a token type claim, so a refresh token can never
 * pass where a session token is required, and the reverse.
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
}

export interface IssueTokenInput {
  type: TokenType
  userId: string
  jti: string
  issuedAt: Date
  expiresAt: Date
}

export const toEpochSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

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
 * The token's claims when its signature, issuer, expiry (at `now`) and type are right;
 * otherwise null. Never throws for a bad token.
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
    return {
      iss: LOCAL_PROJECT_ID,
      sub: payload.sub,
      iat: payload.iat,
      exp: payload.exp,
      jti: payload.jti,
      typ: expectedType,
    }
  } catch {
    return null
  }
}
