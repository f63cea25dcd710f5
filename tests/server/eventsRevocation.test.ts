/**
 * SEC-22..SEC-25: an open live-event stream ends with its sign-in. Instance A handles the
 * identity calls and the colleague's writes; the reader's streams are on instance B. On
 * PostgreSQL, B is a second server over the same database with its own pool and LISTEN, both on
 * real sockets; on PGlite (one instance by design) B is A. Nothing sleeps: each test waits for
 * the stream's end, or for a colleague's stream to see the event, with a deadline.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema } from '../../contract'
import { buildApp } from '../../server/app'
import { createLocalAssistant } from '../../server/assistant/local'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database, type OpenDatabase } from '../../server/db/client'
import { withoutNotifications, type ListenFn } from '../../server/db/notifications'
import { STREAM_SESSION_CHECK_MS } from '../../server/events/streamSessions'
import type { SseEvent } from '../../src/services/events/sseFrames'
import { normalSections } from '../support/sections'
import { openStream, type TestStream } from '../support/sse'
import { startTestApp, type TestApp } from '../support/testApp'
import { onPostgres, skipDatabase } from '../support/testDatabase'
import { sdkAuthorization } from './identity/identityHarness'

/** Resolves when `promise` does, or fails the test once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what}: not within ${ms} ms`))
    }, ms)
  })
  return Promise.race([promise, deadline]).finally(() => {
    clearTimeout(timer)
  })
}

/** A revocation notice travels through PostgreSQL to the other instance well within this. */
const PROMPTLY_MS = 3_000

const ready = (event: SseEvent) => event.type === 'ready'

describe.skipIf(skipDatabase)('SEC-22 a stream ends with its sign-in', () => {
  let t: TestApp
  let second: OpenDatabase | undefined
  let b: FastifyInstance
  /** A third instance that hears no notifications: only its safety net can end its streams. */
  let deaf: FastifyInstance
  const base = new Map<FastifyInstance, string>()
  const streams: TestStream[] = []
  let ids: string[]
  let next = 0

  const listening = async (app: FastifyInstance) => {
    await app.listen({ host: '127.0.0.1', port: 0 })
    base.set(app, `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`)
    return app
  }
  const instance = async (db: Database, listen: ListenFn) =>
    listening(
      await buildApp({
        config: loadConfig({ HOST: '127.0.0.1', STATIC_DIR: '/nonexistent' }),
        db,
        listen,
        assistant: createLocalAssistant(),
        logger: false,
      }),
    )

  beforeAll(async () => {
    t = await startTestApp()
    await listening(t.app)
    const colleague = await t.signUp(undefined, 'Dr Colleague')
    ids = orderListSchema
      .parse((await t.api('GET', '/orders', { token: colleague.token })).json())
      .filter((order) => !order.report?.is_final)
      .map((order) => order.id)
    if (onPostgres) {
      second = await openDatabase({ kind: 'postgres', url: t.databaseUrl ?? '' })
      b = await instance(second.db, second.listen)
    } else {
      b = t.app
    }
    deaf = await instance(second?.db ?? t.db, withoutNotifications)
  })

  afterAll(async () => {
    for (const stream of streams) stream.close()
    for (const app of new Set([b, deaf])) if (app !== t.app) await app.close()
    await second?.close()
    t.app.server.closeAllConnections()
    await t.close()
  })

  const open = async (app: FastifyInstance, token: string) => {
    const stream = await openStream(base.get(app)!, token)
    expect(stream.status).toBe(200)
    streams.push(stream)
    await stream.next(ready)
    return stream
  }

  const auth = async (path: string, refreshJwt: string) => {
    const res = await fetch(`${base.get(t.app)}/v1/auth${path}`, {
      method: 'POST',
      headers: { ...sdkAuthorization(refreshJwt), 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(200)
    return (await res.json()) as { sessionJwt: string; refreshJwt: string }
  }

  /** Another sign-in of the same user: another device. */
  const signInAgain = async (loginId: string) => {
    const res = await fetch(`${base.get(t.app)}/v1/auth/password/signin`, {
      method: 'POST',
      headers: { ...sdkAuthorization(), 'content-type': 'application/json' },
      body: JSON.stringify({ loginId, password: 'correct horse battery' }),
    })
    expect(res.status).toBe(200)
    return (await res.json()) as { sessionJwt: string; refreshJwt: string }
  }

  /**
   * A colleague claims a study and saves a draft through instance A, and sees it on a stream of
   * their own on `watchOn`: by then every stream of that instance has been offered it.
   */
  const colleagueSavesDraft = async (watchOn: FastifyInstance) => {
    const colleague = await t.signUp(undefined, 'Dr Colleague')
    const watcher = await open(watchOn, colleague.token)
    const id = ids[next++]!
    const saved = (event: SseEvent) =>
      event.type === 'report.saved' &&
      (JSON.parse(event.data) as { order_id: string }).order_id === id
    expect(
      (await t.api('POST', `/orders/${id}/claim`, { token: colleague.token })).statusCode,
    ).toBe(200)
    const put = await t.api('PUT', `/orders/${id}/report`, {
      token: colleague.token,
      body: { sections: normalSections },
    })
    expect(put.statusCode).toBe(200)
    await watcher.next(saved)
    return saved
  }

  it('SEC-22 after Log out on one instance, the reader’s stream on another ends at once and never delivers a colleague’s draft saved after', async () => {
    const reader = await t.signUp(`reader-${Date.now()}@hospital.test`, 'Dr Reader')
    const stream = await open(b, reader.token)

    await auth('/logout', reader.refreshJwt)
    await within(stream.ended, PROMPTLY_MS, 'the stream ends')

    const saved = await colleagueSavesDraft(b)
    expect(stream.events.filter(saved)).toEqual([])
  })

  it('SEC-22 a stream opened with a session token from before a refresh ends when the sign-in logs out', async () => {
    const reader = await t.signUp(undefined, 'Dr Reader')
    const stream = await open(b, reader.token)
    const refreshed = await auth('/refresh', reader.refreshJwt)

    await auth('/logout', refreshed.refreshJwt)
    await within(stream.ended, PROMPTLY_MS, 'the stream ends')
  })

  it("SEC-23 logoutall ends every stream of the user on every instance, and no one else's", async () => {
    const loginId = `devices-${Date.now()}@hospital.test`
    const laptop = await t.signUp(loginId, 'Dr Reader')
    const tablet = await signInAgain(loginId)
    const bystander = await t.signUp(undefined, 'Dr Bystander')
    const mine = [
      await open(b, laptop.token),
      await open(t.app, laptop.token),
      await open(b, tablet.sessionJwt),
    ]
    const theirs = await open(b, bystander.token)

    await auth('/logoutall', tablet.refreshJwt)
    await within(Promise.all(mine.map((stream) => stream.ended)), PROMPTLY_MS, 'the streams end')

    const saved = await colleagueSavesDraft(b)
    for (const stream of mine) expect(stream.events.filter(saved)).toEqual([])
    await theirs.next(saved)
  })

  it('SEC-25 an instance that missed the notice ends the stream by its own check within seconds', async () => {
    const reader = await t.signUp(undefined, 'Dr Reader')
    const stream = await open(deaf, reader.token)

    await auth('/logout', reader.refreshJwt)
    await within(stream.ended, 2 * STREAM_SESSION_CHECK_MS + PROMPTLY_MS, 'the safety net ends it')
  })
})
