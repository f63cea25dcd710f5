/**
 * Real servers on loopback sockets for the limit tests (SEC-1, SEC-7): many requests sent at once
 * with fetch, the way a guesser's script would, so the server really handles them in parallel.
 * TRUST_PROXY=loopback lets a request name its client address in X-Forwarded-For, so one test
 * plays a guesser elsewhere and the real user at the usual workstation.
 */
import type { FastifyInstance } from 'fastify'
import { createLocalAssistant } from '../../../server/assistant/local'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import { openDatabase } from '../../../server/db/client'
import type { Database } from '../../../server/db/client'
import { LOCAL_PROJECT_ID } from '../../../server/identity/tokens'
import { seedDemoData } from '../../../server/seed/seed'
import { openTestDatabase } from '../../support/testDatabase'

export interface Answer {
  status: number
  retryAfter: string | null
  body: Record<string, unknown> | null
}

export interface Servers {
  /** Base URLs of the listening servers, all on the same database. */
  urls: string[]
  db: Database
  close(): Promise<void>
}

/**
 * `count` server instances (each its own buildApp) on one database: on PostgreSQL each has its
 * own connection pool, as separate processes would; PGlite in memory can only be shared.
 */
export async function startServers(
  count: number,
  env: Record<string, string> = {},
  opts: { seed?: boolean; now?: () => Date } = {},
): Promise<Servers> {
  const database = await openTestDatabase()
  if (opts.seed) await seedDemoData(database.db, { now: new Date('2026-11-20T08:00:00Z') })
  const config = loadConfig({
    HOST: '127.0.0.1',
    STATIC_DIR: '/nonexistent',
    TRUST_PROXY: 'loopback',
    ...env,
  })
  const pools = [] as { close(): Promise<void> }[]
  const apps: FastifyInstance[] = []
  const urls: string[] = []
  for (let index = 0; index < count; index += 1) {
    let db = database.db
    if (index > 0 && database.url) {
      const pool = await openDatabase({ kind: 'postgres', url: database.url })
      pools.push(pool)
      db = pool.db
    }
    const app = await buildApp({
      config,
      db,
      assistant: createLocalAssistant(),
      logger: false,
      ...(opts.now ? { now: opts.now } : {}),
    })
    apps.push(app)
    urls.push(await app.listen({ host: '127.0.0.1', port: 0 }))
  }
  return {
    urls,
    db: database.db,
    async close() {
      for (const app of apps) await app.close()
      for (const pool of pools) await pool.close()
      await database.close()
    },
  }
}

async function send(
  url: string,
  init: { method: string; body?: unknown; from?: string; token?: string },
): Promise<Answer> {
  const headers: Record<string, string> = {
    authorization: init.token ? `Bearer ${init.token}` : `Bearer ${LOCAL_PROJECT_ID}`,
  }
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  if (init.from) headers['x-forwarded-for'] = init.from
  const response = await fetch(url, {
    method: init.method,
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const text = await response.text()
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  }
}

/** A sign-in as the SDK sends it; `from` is the client address the proxy reports. */
export const signInOver = (base: string, loginId: string, password: string, from?: string) =>
  send(`${base}/v1/auth/password/signin`, {
    method: 'POST',
    body: { loginId, password, loginOptions: {} },
    ...(from ? { from } : {}),
  })

export const signUpOver = (base: string, loginId: string, password: string, from?: string) =>
  send(`${base}/v1/auth/password/signup`, {
    method: 'POST',
    body: { loginId, password, user: { name: 'Dr Burst' }, loginOptions: {} },
    ...(from ? { from } : {}),
  })

/** An /api/v1 call with a session token (and a JSON body). */
export const apiOver = (
  base: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
) => send(`${base}/api/v1${path}`, { method, token, ...(body === undefined ? {} : { body }) })

/**
 * Starts every request at once. `firstRefused` settles when the first 429 has arrived (or when
 * all answers are in, so a server that never refuses does not hang the test).
 */
export function burst(requests: (() => Promise<Answer>)[]): {
  answers: Promise<Answer[]>
  firstRefused: Promise<void>
} {
  let refused: () => void = () => undefined
  const firstRefused = new Promise<void>((resolve) => {
    refused = resolve
  })
  const answers = Promise.all(
    requests.map(async (request) => {
      const answer = await request()
      if (answer.status === 429) refused()
      return answer
    }),
  )
  void answers.then(refused, refused)
  return { answers, firstRefused }
}

export const statuses = (answers: Answer[]) => {
  const counts = new Map<number, number>()
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1)
  return counts
}
