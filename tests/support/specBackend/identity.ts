/**
 * The identity subset of docs/local-identity.md, in memory: what the Descope browser SDK sends
 * to /v1/auth/... for password sign-up and sign-in and for keeping a session, and the answers
 * it reads back. Tokens look like JWTs (header.payload.signature, base64url, with sub, iat and
 * exp) but are not signed: the SDK never checks a signature, and this backend knows every
 * token it issued.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { HttpError, bearer, readJsonObject, sendJson } from './http'
import type { SpecBackendState, TokenRecord, UserRecord } from './state'
import type { JsonObject } from './variants'

/** Session tokens live 10 minutes: the SDK refreshes 20 s before expiry and needs well over 40 s. */
export const SESSION_TTL_S = 600
export const REFRESH_TTL_S = 7 * 24 * 3600

const ERRORS = {
  badCredentials: { code: 'E062108', description: 'Bad credentials' },
  userExists: { code: 'E062107', description: 'User already exists' },
  invalidRequest: { code: 'E011003', description: 'Request is invalid' },
  unauthorized: { code: 'E061301', description: 'Unauthorized' },
  notFound: { code: 'E011004', description: 'Not found' },
} as const

function identityError(status: number, error: keyof typeof ERRORS, message: string): HttpError {
  const { code, description } = ERRORS[error]
  return new HttpError(status, {
    errorCode: code,
    errorDescription: description,
    errorMessage: message,
  })
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

function issue(
  state: SpecBackendState,
  kind: TokenRecord['kind'],
  user: UserRecord,
  projectId: string,
): TokenRecord {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + (kind === 'session' ? SESSION_TTL_S : REFRESH_TTL_S)
  const header = { alg: 'HS256', typ: 'JWT', kid: 'spec-backend' }
  const payload = {
    sub: user.userId,
    iss: projectId,
    iat,
    exp,
    drn: kind === 'session' ? 'DS' : 'DSR',
    jti: randomBytes(8).toString('hex'),
  }
  const token = [
    base64url(JSON.stringify(header)),
    base64url(JSON.stringify(payload)),
    base64url(randomBytes(32)),
  ].join('.')
  const record: TokenRecord = {
    token,
    kind,
    userId: user.userId,
    expiresAt: exp * 1000,
    revoked: false,
  }
  state.tokens.set(token, record)
  return record
}

/** A live token of `kind`, or null. */
export function liveToken(
  state: SpecBackendState,
  token: string | null,
  kind: TokenRecord['kind'],
): TokenRecord | null {
  if (token === null) return null
  const record = state.tokens.get(token)
  if (!record || record.kind !== kind || record.revoked || record.expiresAt <= Date.now()) {
    return null
  }
  return record
}

function userObject(user: UserRecord): JsonObject {
  return {
    userId: user.userId,
    loginIds: [user.loginId],
    email: user.loginId,
    name: user.name,
    verifiedEmail: false,
    status: 'enabled',
  }
}

function jwtAnswer(
  state: SpecBackendState,
  user: UserRecord,
  projectId: string,
  refresh: TokenRecord,
  firstSeen: boolean,
): JsonObject {
  const session = issue(state, 'session', user, projectId)
  return {
    sessionJwt: session.token,
    refreshJwt: refresh.token,
    sessionExpiration: Math.floor(session.expiresAt / 1000),
    cookieExpiration: Math.floor(refresh.expiresAt / 1000),
    cookieMaxAge: Math.floor((refresh.expiresAt - Date.now()) / 1000),
    cookiePath: '/',
    cookieDomain: '',
    claims: {},
    firstSeen,
    user: userObject(user),
  }
}

/** `Bearer <projectId>` or `Bearer <projectId>:<refreshJwt>`. */
function credentials(req: IncomingMessage): { projectId: string; refreshJwt: string | null } {
  const value = bearer(req) ?? ''
  const colon = value.indexOf(':')
  if (colon < 0) return { projectId: value, refreshJwt: null }
  return { projectId: value.slice(0, colon), refreshJwt: value.slice(colon + 1) || null }
}

function text(body: Record<string, unknown>, key: string): string {
  const value = body[key]
  return typeof value === 'string' ? value.trim() : ''
}

/** The user a request's refresh token belongs to; a 401 in the SDK's format otherwise. */
function refreshHolder(state: SpecBackendState, req: IncomingMessage) {
  const { projectId, refreshJwt } = credentials(req)
  const refresh = liveToken(state, refreshJwt, 'refresh')
  const user = refresh
    ? [...state.users.values()].find((u) => u.userId === refresh.userId)
    : undefined
  if (!refresh || !user)
    throw identityError(401, 'unauthorized', 'Refresh token is missing or expired')
  return { projectId, refresh, user }
}

/** Handles /v1/auth/...; false when the path is not one of its calls. */
export async function handleIdentity(
  state: SpecBackendState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  const method = req.method ?? 'GET'
  const invalid = (message: string) => identityError(400, 'invalidRequest', message)
  const route = `${method} ${path}`

  switch (route) {
    case 'POST /v1/auth/password/signup': {
      const body = await readJsonObject(req, invalid)
      const loginId = text(body, 'loginId')
      const password = typeof body.password === 'string' ? body.password : ''
      if (loginId === '') throw invalid('loginId is required')
      if (password.length < 6) throw invalid('password must be at least 6 characters')
      if (state.users.has(loginId.toLowerCase())) {
        throw identityError(409, 'userExists', 'User already exists')
      }
      const given = (body.user ?? {}) as Record<string, unknown>
      const user: UserRecord = {
        userId: `U${randomBytes(12).toString('hex')}`,
        numericId: state.nextUserId++,
        loginId,
        password,
        name: text(given, 'name') || loginId.split('@')[0] || loginId,
      }
      state.users.set(loginId.toLowerCase(), user)
      const { projectId } = credentials(req)
      sendJson(
        res,
        200,
        jwtAnswer(state, user, projectId, issue(state, 'refresh', user, projectId), true),
      )
      return true
    }
    case 'POST /v1/auth/password/signin': {
      const body = await readJsonObject(req, invalid)
      const loginId = text(body, 'loginId')
      if (loginId === '') throw invalid('loginId is required')
      const user = state.users.get(loginId.toLowerCase())
      // Unknown login id or wrong password: the same answer, so the form tries sign-up next.
      if (!user || user.password !== body.password) {
        throw identityError(401, 'badCredentials', 'Invalid login id or password')
      }
      const { projectId } = credentials(req)
      sendJson(
        res,
        200,
        jwtAnswer(state, user, projectId, issue(state, 'refresh', user, projectId), false),
      )
      return true
    }
    case 'POST /v1/auth/refresh':
    case 'POST /v1/auth/try-refresh': {
      await readJsonObject(req, invalid)
      const { projectId, refresh, user } = refreshHolder(state, req)
      sendJson(res, 200, jwtAnswer(state, user, projectId, refresh, false))
      return true
    }
    case 'GET /v1/auth/me': {
      const { user } = refreshHolder(state, req)
      sendJson(res, 200, userObject(user))
      return true
    }
    case 'POST /v1/auth/logout': {
      await readJsonObject(req, invalid)
      const { refreshJwt } = credentials(req)
      const refresh = liveToken(state, refreshJwt, 'refresh')
      if (refresh) {
        // Logging out ends the refresh token and every session of that user.
        for (const token of state.tokens.values()) {
          if (token.userId === refresh.userId) token.revoked = true
        }
      }
      sendJson(res, 200, {})
      return true
    }
    default:
      if (path.startsWith('/v1/')) {
        throw identityError(404, 'notFound', `${route} is not served here`)
      }
      return false
  }
}

/** The user behind an `Authorization: Bearer <session token>`, or null. */
export function sessionUser(state: SpecBackendState, req: IncomingMessage): UserRecord | null {
  const session = liveToken(state, bearer(req), 'session')
  if (!session) return null
  return [...state.users.values()].find((user) => user.userId === session.userId) ?? null
}
