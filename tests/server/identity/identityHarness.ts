/**
 * A minimal server for the identity tests: Fastify with the local identity routes over a
 * migrated PGlite, a clock the test moves, and helpers that call the endpoints the way the
 * Descope SDK does (`Authorization: Bearer <projectId>:<refreshJwt>`).
 */
import Fastify from 'fastify'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { openDatabase } from '../../../server/db/client'
import type { Database, DatabaseTarget, OpenDatabase } from '../../../server/db/client'
import { loadOrCreateSigningKeys } from '../../../server/identity/keys'
import type { LocalIdentityKeys } from '../../../server/identity/keys'
import { localIdentityRoutes } from '../../../server/identity/localIdentity'
import type { LocalIdentityConfig } from '../../../server/identity/localIdentity'
import type { SignInRateLimitConfig } from '../../../server/identity/signInRateLimit'
import { LOCAL_PROJECT_ID } from '../../../server/identity/tokens'
import { openTestDatabase } from '../../support/testDatabase'

export const PASSWORD = 'correct horse battery'

export interface TestClock {
  now: () => Date
  advanceSeconds(seconds: number): void
}

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advanceSeconds(seconds) {
      current += seconds * 1000
    },
  }
}

export const defaultIdentityConfig: LocalIdentityConfig = {
  allowSignup: true,
  sessionTtlSeconds: 600,
  refreshTtlSeconds: 7 * 86_400,
}

const GENEROUS_PASSWORD_LIMITS = {
  hashQueue: { concurrency: 2, queue: 10_000, maxWaitMs: 120_000 },
  signUpBucket: { burst: 100_000, perMinute: 1 },
}

export async function buildIdentityApp(opts: {
  db: Database
  keys: LocalIdentityKeys
  clock: TestClock
  config?: Partial<LocalIdentityConfig>
  rateLimit?: SignInRateLimitConfig
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false })
  await app.register(localIdentityRoutes, {
    db: opts.db,
    keys: opts.keys,
    config: { ...defaultIdentityConfig, ...opts.config },
    now: opts.clock.now,
    ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
    // Many sign-ups from inject's one address; SEC-12 and SEC-13 have tests of their own.
    passwords: GENEROUS_PASSWORD_LIMITS,
  })
  await app.ready()
  return app
}

export interface IdentityHarness {
  app: FastifyInstance
  database: OpenDatabase
  keys: LocalIdentityKeys
  clock: TestClock
  close(): Promise<void>
}

export async function startIdentity(
  opts: {
    target?: DatabaseTarget
    config?: Partial<LocalIdentityConfig>
    rateLimit?: SignInRateLimitConfig
  } = {},
): Promise<IdentityHarness> {
  // PGlite in memory in the `server` project, a fresh PostgreSQL database in `server-pg`.
  const database = opts.target ? await openDatabase(opts.target) : await openTestDatabase()
  const keys = await loadOrCreateSigningKeys(database.db)
  const clock = createTestClock()
  const app = await buildIdentityApp({
    db: database.db,
    keys,
    clock,
    ...(opts.config ? { config: opts.config } : {}),
    ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
  })
  return {
    app,
    database,
    keys,
    clock,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

let emailCounter = 0
/** A login id no other test of the file uses, so tests can share one database. */
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1
  return `${prefix}.${emailCounter}.${Date.now().toString(36)}@example.org`
}

export interface JwtAnswerBody {
  sessionJwt: string
  refreshJwt: string
  sessionExpiration: number
  cookieExpiration: number
  cookieMaxAge: number
  cookiePath: string
  cookieDomain: string
  claims: Record<string, unknown>
  firstSeen: boolean
  user: { userId: string; loginIds: string[]; email: string; name: string; status: string }
}

export interface DescopeErrorBody {
  errorCode: string
  errorDescription: string
  errorMessage: string
}

export const sdkAuthorization = (jwt?: string) => ({
  authorization: jwt ? `Bearer ${LOCAL_PROJECT_ID}:${jwt}` : `Bearer ${LOCAL_PROJECT_ID}`,
})

export function signUp(
  app: FastifyInstance,
  body: Record<string, unknown>,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/v1/auth/password/signup',
    headers: sdkAuthorization(),
    payload: body,
    remoteAddress,
  })
}

export function signIn(
  app: FastifyInstance,
  loginId: string,
  password: string,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/v1/auth/password/signin',
    headers: sdkAuthorization(),
    payload: { loginId, password, loginOptions: {} },
    remoteAddress,
  })
}

export function postWithToken(
  app: FastifyInstance,
  path: string,
  jwt?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: path, headers: sdkAuthorization(jwt), payload: {} })
}

export function me(app: FastifyInstance, jwt?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/v1/auth/me', headers: sdkAuthorization(jwt) })
}

/** Signs up a fresh user and returns the answer, failing the test when sign-up does not work. */
export async function signedUpUser(
  app: FastifyInstance,
  name = 'Dana Scully',
): Promise<JwtAnswerBody & { loginId: string }> {
  const loginId = uniqueEmail()
  const response = await signUp(app, {
    loginId,
    password: PASSWORD,
    user: { name },
    loginOptions: {},
  })
  if (response.statusCode !== 200)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`)
  return { ...response.json<JwtAnswerBody>(), loginId }
}
