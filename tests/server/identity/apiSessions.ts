/**
 * The real app (identity routes and /api/v1) on a test database and a clock the test moves, with
 * the calls the SEC-4 tests make: sign up, sign in, refresh and log out as the SDK does, and an
 * /api/v1 read with a session token. Several apps over one database stand for several instances.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { createLocalAssistant } from '../../../server/assistant/local'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import type { Database } from '../../../server/db/client'
import type { SessionFamilies } from '../../../server/identity/sessionFamilies'
import { PASSWORD, sdkAuthorization } from './identityHarness'
import type { TestClock } from './identityHarness'

export interface ApiSession {
  loginId: string
  userId: string
  sessionJwt: string
  refreshJwt: string
}

/** One instance of the server; `sessionFamilies` replaces its own family checks. */
export async function buildInstance(
  db: Database,
  clock: TestClock,
  sessionFamilies?: SessionFamilies,
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig({ HOST: '127.0.0.1', STATIC_DIR: '/nonexistent' }),
    db,
    assistant: createLocalAssistant(),
    logger: false,
    now: clock.now,
    ...(sessionFamilies ? { sessionFamilies } : {}),
  })
  await app.ready()
  return app
}

/** An identity call that must answer 200 (a `/v1/auth` path, the refresh token as the SDK sends it). */
export async function identity(
  app: FastifyInstance,
  path: string,
  payload: object,
  refreshJwt?: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/v1/auth${path}`,
    headers: sdkAuthorization(refreshJwt),
    payload,
  })
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode} ${res.body}`)
  return res.json<{ sessionJwt: string; refreshJwt: string; user: { userId: string } }>()
}

export async function signUp(app: FastifyInstance): Promise<ApiSession> {
  const loginId = `revoke-${randomUUID()}@hospital.test`
  const body = await identity(app, '/password/signup', { loginId, password: PASSWORD })
  return { loginId, userId: body.user.userId, ...body }
}

/** Another sign-in of the same user: another device. */
export async function signIn(app: FastifyInstance, loginId: string): Promise<ApiSession> {
  const body = await identity(app, '/password/signin', { loginId, password: PASSWORD })
  return { loginId, userId: body.user.userId, ...body }
}

/** The status of `GET /api/v1/orders` with the session token. */
export async function orders(app: FastifyInstance, sessionJwt: string): Promise<number> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/orders',
    headers: { authorization: `Bearer ${sessionJwt}` },
  })
  return res.statusCode
}
