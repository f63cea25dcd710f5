/**
 * The real server app on a fresh test database, driven through Fastify's inject (no socket).
 * `signUp` goes through the local identity endpoints exactly as the browser SDK does.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { createLocalAssistant } from '../../server/assistant/local'
import type { Assistant } from '../../server/assistant/types'
import { buildApp, type AppDeps } from '../../server/app'
import { loadConfig, type ServerConfig } from '../../server/config'
import type { Database } from '../../server/db/client'
import { seedDemoData } from '../../server/seed/seed'
import { openTestDatabase } from './testDatabase'

export interface TestApp {
  app: FastifyInstance
  db: Database
  config: ServerConfig
  /** On PostgreSQL, the database's URL: a second pool on it is a second server instance. */
  databaseUrl?: string
  /** A new local account (display name 'Dr Test' unless `name` is given) and its tokens. */
  signUp(
    email?: string,
    name?: string,
  ): Promise<{ token: string; refreshJwt: string; userId: string }>
  /** An /api/v1 call; `token` null sends no Authorization header. */
  api(
    method: InjectOptions['method'],
    path: string,
    opts?: { token?: string | null; body?: unknown },
  ): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

let counter = 0

/** Password limits no test meets unless it sets its own (tests/server/identity/passwordFlood.test.ts). */
export const TEST_PASSWORD_LIMITS = {
  PASSWORD_HASH_QUEUE: '10000',
  PASSWORD_HASH_MAX_WAIT_MS: '120000',
  SIGNUP_BURST_PER_ADDRESS: '100000',
}

export async function startTestApp(
  opts: {
    env?: Record<string, string>
    seed?: boolean
    assistant?: Assistant
    now?: () => Date
    fetch?: typeof fetch
    /** The server's log, for tests that read it; none by default. */
    logger?: AppDeps['logger']
    /** The whole worklist's cache, for tests that count its builds. */
    worklistCache?: AppDeps['worklistCache']
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase()
  const config = loadConfig({
    HOST: '127.0.0.1',
    STATIC_DIR: '/nonexistent',
    // Tests sign many users up at once from one address; SEC-12 and SEC-13 have tests of their own.
    ...TEST_PASSWORD_LIMITS,
    ...opts.env,
  })
  if (opts.seed !== false)
    await seedDemoData(database.db, { now: new Date('2026-11-20T08:00:00Z') })
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    assistant: opts.assistant ?? createLocalAssistant(),
    logger: opts.logger ?? false,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.worklistCache ? { worklistCache: opts.worklistCache } : {}),
  })
  await app.ready()
  let defaultToken: string | null = null

  const signUp: TestApp['signUp'] = async (email, name = 'Dr Test') => {
    counter += 1
    const loginId = email ?? `reader${counter}-${Date.now()}@hospital.test`
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/password/signup',
      payload: { loginId, password: 'correct horse battery', user: { name } },
    })
    if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
    const body = res.json<{ sessionJwt: string; refreshJwt: string; user: { userId: string } }>()
    defaultToken ??= body.sessionJwt
    return { token: body.sessionJwt, refreshJwt: body.refreshJwt, userId: body.user.userId }
  }

  return {
    app,
    db: database.db,
    config,
    ...(database.url ? { databaseUrl: database.url } : {}),
    signUp,
    async api(method, path, { token, body } = {}) {
      const bearer = token === undefined ? (defaultToken ?? (await signUp()).token) : token
      return app.inject({
        method,
        url: `/api/v1${path}`,
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      })
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}
