/**
 * Who may read the FHIR server (INT-88..INT-91): a clinician with the session token the SPA uses,
 * or a read-only system client of SMART Backend Services. A client registered in FHIR_CLIENTS
 * posts a client assertion (a JWT it signed with RS384 or ES384; iss = sub = its client_id, aud =
 * the token endpoint's URL, exp at most five minutes ahead, a jti never sent before) to the token
 * endpoint and gets an access token for five minutes, with the read scopes it asked for and may
 * have (`system/*.read`, `system/Patient.rs` ...). Writes are never granted.
 */
import { createLocalJWKSet, decodeJwt, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import type { Database } from '../../db/client'
import type { SessionVerifier } from '../../identity/sessionVerifier'
import { claimAssertionId, fhirTokenSecret } from '../../usecases/fhirAccess'
import type { FhirClient } from './settings'

export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
const ISSUER = 'urn:readout:fhir'
export const ACCESS_TOKEN_SECONDS = 300
/** An assertion may live five minutes; a clock a minute off is tolerated. */
const MAX_ASSERTION_SECONDS = 300
const CLOCK_TOLERANCE_SECONDS = 60

export type Permission = 'r' | 's'

/** What a request may read: everything (a clinician), or a client's granted scopes. */
export type FhirAccess =
  { kind: 'clinician'; userId: string } | { kind: 'system'; clientId: string; grants: Grant[] }

interface Grant {
  type: string
  permissions: Set<Permission>
}

/** `system/<type>.<read|rs|r|s>` as a grant; null for anything else (writes included). */
function parseScope(scope: string, resourceTypes: readonly string[]): Grant | null {
  const match = /^system\/([A-Za-z]+|\*)\.([a-z]+)$/.exec(scope)
  if (!match) return null
  const [, type = '', action = ''] = match
  if (type !== '*' && !resourceTypes.includes(type)) return null
  if (action === 'read') return { type, permissions: new Set(['r', 's']) }
  // SMART v2's permissions, in the order c, r, u, d, s: only r and s are read-only.
  if (!/^r?s?$/.test(action) || action === '') return null
  return { type, permissions: new Set((action.match(/[rs]/g) ?? []) as Permission[]) }
}

const covers = (held: Grant, asked: Grant) =>
  (held.type === '*' || held.type === asked.type) &&
  [...asked.permissions].every((permission) => held.permissions.has(permission))

/** Whether `access` may read (`r`) or search (`s`) resources of `type`. */
export function mayRead(access: FhirAccess, type: string, permission: Permission): boolean {
  if (access.kind === 'clinician') return true
  return access.grants.some((grant) => covers(grant, { type, permissions: new Set([permission]) }))
}

/** An OAuth error answer of the token endpoint (RFC 6749 §5.2). */
export class TokenError extends Error {
  constructor(
    readonly statusCode: 400 | 401,
    readonly error: string,
    description: string,
  ) {
    super(description)
  }
}

export interface TokenRequest {
  grant_type?: string | undefined
  client_assertion_type?: string | undefined
  client_assertion?: string | undefined
  scope?: string | undefined
}

export interface FhirAuth {
  /** The access a bearer token gives, or null. */
  authenticate(token: string): Promise<FhirAccess | null>
  /** The token endpoint: an access token for a valid client assertion, or a TokenError. */
  issue(
    request: TokenRequest,
    tokenUrl: string,
  ): Promise<{ access_token: string; token_type: 'bearer'; expires_in: number; scope: string }>
}

export function createFhirAuth(deps: {
  db: Database
  clients: FhirClient[]
  verifier: SessionVerifier
  now: () => Date
  resourceTypes: readonly string[]
}): FhirAuth {
  const { db, verifier, now, resourceTypes } = deps
  let secret: Promise<Uint8Array> | null = null
  // Read once; a failed read is tried again by the next request.
  const key = () =>
    (secret ??= fhirTokenSecret(db).catch((error: unknown) => {
      secret = null
      throw error
    }))
  const clients = new Map(
    deps.clients.map((client) => [
      client.clientId,
      { client, keys: createLocalJWKSet(client.jwks) },
    ]),
  )
  const seconds = () => Math.floor(now().getTime() / 1000)

  async function checkAssertion(assertion: string, tokenUrl: string) {
    let claims: JWTPayload
    try {
      claims = decodeJwt(assertion)
    } catch {
      throw new TokenError(400, 'invalid_request', 'client_assertion is not a JWT.')
    }
    const registered = typeof claims.iss === 'string' ? clients.get(claims.iss) : undefined
    if (!registered) throw new TokenError(401, 'invalid_client', 'Unknown client.')
    const { client } = registered
    try {
      const { payload } = await jwtVerify(assertion, registered.keys, {
        algorithms: ['RS384', 'ES384'],
        issuer: client.clientId,
        subject: client.clientId,
        audience: tokenUrl,
        requiredClaims: ['exp', 'jti'],
        currentDate: now(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      })
      claims = payload
    } catch {
      throw new TokenError(401, 'invalid_client', 'The client assertion could not be verified.')
    }
    if ((claims.exp ?? 0) > seconds() + MAX_ASSERTION_SECONDS + CLOCK_TOLERANCE_SECONDS)
      throw new TokenError(
        401,
        'invalid_client',
        'The client assertion lives longer than five minutes.',
      )
    const windowSeconds = MAX_ASSERTION_SECONDS + 2 * CLOCK_TOLERANCE_SECONDS
    if (
      typeof claims.jti !== 'string' ||
      !(await claimAssertionId(db, client.clientId, claims.jti, now(), windowSeconds))
    )
      throw new TokenError(401, 'invalid_client', 'The client assertion was used before.')
    return client
  }

  return {
    async authenticate(token) {
      let claims: JWTPayload
      try {
        claims = decodeJwt(token)
      } catch {
        return null
      }
      if (claims.iss !== ISSUER) {
        const session = await verifier.verify(token)
        return session ? { kind: 'clinician', userId: session.userId } : null
      }
      try {
        const { payload } = await jwtVerify(token, await key(), {
          issuer: ISSUER,
          audience: ISSUER,
          algorithms: ['HS256'],
          currentDate: now(),
        })
        if (typeof payload.sub !== 'string' || typeof payload.scope !== 'string') return null
        const grants = payload.scope
          .split(' ')
          .map((scope) => parseScope(scope, resourceTypes))
          .filter((grant): grant is Grant => grant !== null)
        return { kind: 'system', clientId: payload.sub, grants }
      } catch {
        return null
      }
    },

    async issue(request, tokenUrl) {
      if (request.grant_type !== 'client_credentials')
        throw new TokenError(400, 'unsupported_grant_type', 'Only client_credentials is granted.')
      if (request.client_assertion_type !== ASSERTION_TYPE || !request.client_assertion)
        throw new TokenError(
          400,
          'invalid_request',
          `A client_assertion of ${ASSERTION_TYPE} is required.`,
        )
      const client = await checkAssertion(request.client_assertion, tokenUrl)
      const held = client.scopes
        .map((scope) => parseScope(scope, resourceTypes))
        .filter((grant): grant is Grant => grant !== null)
      const granted = (request.scope ?? '').split(/\s+/).filter((scope) => {
        const asked = parseScope(scope, resourceTypes)
        return asked !== null && held.some((grant) => covers(grant, asked))
      })
      if (granted.length === 0)
        throw new TokenError(
          400,
          'invalid_scope',
          'None of the scopes asked for is a read scope this client may have.',
        )
      const scope = [...new Set(granted)].join(' ')
      const accessToken = await new SignJWT({ scope })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(ISSUER)
        .setSubject(client.clientId)
        .setIssuedAt(seconds())
        .setExpirationTime(seconds() + ACCESS_TOKEN_SECONDS)
        .sign(await key())
      return {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: ACCESS_TOKEN_SECONDS,
        scope,
      }
    },
  }
}
