/**
 * An in-memory version of the local identity endpoints (docs/local-identity.md), so the real
 * Descope SDK runs in component tests: the same paths, the same answer shapes, the same error
 * codes as server/identity (a failed sign-in is always 401 E062108, sign-up of a known login id
 * is 409 E062107, a short password 400 E011003, an unusable refresh token 401 E061301).
 */
import { http, HttpResponse } from 'msw'

export const TEST_PROJECT_ID = 'P-readout-local'
export const SESSION_TTL_SECONDS = 600
const REFRESH_TTL_SECONDS = 7 * 86_400
const PASSWORD_MIN_LENGTH = 8

export interface IdentityUser {
  userId: string
  loginId: string
  email: string
  name: string
  password: string
}

export interface IdentityRequest {
  path: string
  authorization: string | null
  body: unknown
}

export interface AuthInfo {
  sessionJwt: string
  refreshJwt: string
  sessionExpiration: number
  cookieExpiration: number
  cookieMaxAge: number
  cookiePath: string
  cookieDomain: string
  claims: Record<string, unknown>
  firstSeen: boolean
  user: ReturnType<typeof publicUser>
}

export interface IdentityBackend {
  users: Map<string, IdentityUser>
  /** Refresh tokens not yet rotated or revoked, with their user id. */
  refreshTokens: Map<string, string>
  /** Session tokens issued, with their user id. */
  sessionTokens: Map<string, string>
  requests: IdentityRequest[]
  addUser(email: string, password: string, name?: string): IdentityUser
  /** A fresh session for `user`, as sign-in, sign-up and refresh answer it. */
  issue(user: IdentityUser, firstSeen: boolean): AuthInfo
  /** Signs `email` in and stores the tokens where the SDK keeps them, as after an earlier visit. */
  rememberSession(email: string, password?: string): AuthInfo
  /** The session token most recently issued. */
  lastSessionToken(): string | undefined
  requestsTo(path: string): IdentityRequest[]
  reset(): void
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

let tokenSequence = 0

/** JWT-shaped so the SDK can decode it; the browser never checks signatures. */
function makeJwt(userId: string, kind: 'session' | 'refresh', ttlSeconds: number): string {
  const now = Math.floor(Date.now() / 1000)
  const payload = {
    iss: TEST_PROJECT_ID,
    sub: userId,
    iat: now,
    exp: now + ttlSeconds,
    typ: kind,
    jti: ++tokenSequence,
  }
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.test`
}

function publicUser(user: IdentityUser) {
  return {
    userId: user.userId,
    loginIds: [user.loginId],
    email: user.email,
    name: user.name,
    status: 'enabled',
  }
}

const descopeError = (
  status: number,
  errorCode: string,
  errorDescription: string,
  errorMessage: string,
) => HttpResponse.json({ errorCode, errorDescription, errorMessage }, { status })

/** `Authorization: Bearer <projectId>:<jwt>`: the JWT part, if any. */
function presentedToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? ''
  const credentials = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? ''
  const colon = credentials.indexOf(':')
  return colon < 0 ? null : credentials.slice(colon + 1) || null
}

function record(body: Record<string, unknown>, key: string): string {
  const value = body[key]
  return typeof value === 'string' ? value : ''
}

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text()
  if (!text) return {}
  const parsed: unknown = JSON.parse(text)
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
}

export function createIdentityBackend(): IdentityBackend {
  let userSequence = 0
  const identity: IdentityBackend = {
    users: new Map(),
    refreshTokens: new Map(),
    sessionTokens: new Map(),
    requests: [],
    addUser: (email, password, name = '') => {
      const user: IdentityUser = {
        userId: `U${String(++userSequence)}`,
        loginId: email.toLowerCase(),
        email,
        name,
        password,
      }
      identity.users.set(user.loginId, user)
      return user
    },
    rememberSession: (email, password = 'correct horse') => {
      const user = identity.users.get(email.toLowerCase()) ?? identity.addUser(email, password)
      const info = identity.issue(user, false)
      // What the SDK persists after a sign-in (web-js-sdk: DS, DSR, DSLI, dls_last_user_*).
      localStorage.setItem('DS', info.sessionJwt)
      localStorage.setItem('DSR', info.refreshJwt)
      localStorage.setItem('DSLI', String(info.sessionExpiration))
      localStorage.setItem('dls_last_user_login_id', user.loginId)
      return info
    },
    issue: (user, firstSeen) => {
      const now = Math.floor(Date.now() / 1000)
      const sessionJwt = makeJwt(user.userId, 'session', SESSION_TTL_SECONDS)
      const refreshJwt = makeJwt(user.userId, 'refresh', REFRESH_TTL_SECONDS)
      identity.sessionTokens.set(sessionJwt, user.userId)
      identity.refreshTokens.set(refreshJwt, user.userId)
      return {
        sessionJwt,
        refreshJwt,
        sessionExpiration: now + SESSION_TTL_SECONDS,
        cookieExpiration: now + REFRESH_TTL_SECONDS,
        cookieMaxAge: REFRESH_TTL_SECONDS,
        cookiePath: '/',
        cookieDomain: '',
        claims: {},
        firstSeen,
        user: publicUser(user),
      }
    },
    lastSessionToken: () => [...identity.sessionTokens.keys()].at(-1),
    requestsTo: (path) => identity.requests.filter((request) => request.path === path),
    reset: () => {
      identity.users.clear()
      identity.refreshTokens.clear()
      identity.sessionTokens.clear()
      identity.requests = []
    },
  }

  return identity
}

export function identityHandlers(identity: IdentityBackend) {
  const recorded = async (request: Request) => {
    const body = await jsonBody(request.clone())
    identity.requests.push({
      path: new URL(request.url).pathname,
      authorization: request.headers.get('authorization'),
      body,
    })
    return body
  }
  const userById = (userId: string | undefined) =>
    [...identity.users.values()].find((candidate) => candidate.userId === userId)

  const rotate = (request: Request) => {
    const token = presentedToken(request)
    const userId = token ? identity.refreshTokens.get(token) : undefined
    const user = userById(userId)
    if (!token || !user) {
      return descopeError(
        401,
        'E061301',
        'Refresh token is invalid',
        'The refresh token is missing, expired or revoked.',
      )
    }
    identity.refreshTokens.delete(token)
    return HttpResponse.json(identity.issue(user, false))
  }

  return [
    http.post('/v1/auth/password/signup', async ({ request }) => {
      const body = await recorded(request)
      const loginId = record(body, 'loginId').trim().toLowerCase()
      const password = record(body, 'password')
      if (password.length < PASSWORD_MIN_LENGTH) {
        return descopeError(
          400,
          'E011003',
          'Request is invalid',
          `password must be at least ${String(PASSWORD_MIN_LENGTH)} characters`,
        )
      }
      if (identity.users.has(loginId)) {
        return descopeError(
          409,
          'E062107',
          'User already exists',
          'A user with this login id already exists; sign in instead.',
        )
      }
      return HttpResponse.json(identity.issue(identity.addUser(loginId, password), true))
    }),
    http.post('/v1/auth/password/signin', async ({ request }) => {
      const body = await recorded(request)
      const user = identity.users.get(record(body, 'loginId').trim().toLowerCase())
      if (!user) {
        return descopeError(
          401,
          'E062108',
          'User not found',
          'No account exists for this login id yet.',
        )
      }
      if (user.password !== record(body, 'password')) {
        return descopeError(401, 'E062109', 'Invalid credentials', 'The password is wrong.')
      }
      return HttpResponse.json(identity.issue(user, false))
    }),
    http.post('/v1/auth/refresh', async ({ request }) => {
      await recorded(request)
      return rotate(request)
    }),
    http.post('/v1/auth/try-refresh', async ({ request }) => {
      await recorded(request)
      return rotate(request)
    }),
    http.get('/v1/auth/me', async ({ request }) => {
      await recorded(request)
      const token = presentedToken(request)
      const userId = token
        ? (identity.refreshTokens.get(token) ?? identity.sessionTokens.get(token))
        : undefined
      const user = userById(userId)
      if (!user) return descopeError(401, 'E061302', 'Session token is invalid', 'Sign in first.')
      return HttpResponse.json(publicUser(user))
    }),
    http.post('/v1/auth/logout', async ({ request }) => {
      await recorded(request)
      const token = presentedToken(request)
      if (token) identity.refreshTokens.delete(token)
      return HttpResponse.json({})
    }),
  ]
}
