/**
 * SEC-9: whole-list builds go through a gate. Through a listening server: while the database
 * holds the patient list still, a crowd of clients gets its answers (a few built, a bounded number
 * waiting, the rest a 503 with Retry-After at once) and the health check keeps answering. The
 * gate itself is checked alone with a fake clock.
 */
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createHeavyGate, RETRY_AFTER_SECONDS } from '../../server/http/heavyGate'
import { onPostgres, skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

describe('SEC-9 the heavy-answer gate', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('SEC-9 admits up to its concurrency, queues up to its queue, refuses the rest at once', async () => {
    const gate = createHeavyGate({ concurrency: 2, queue: 1, maxWaitMs: 10_000 })
    const first = await gate.acquire()
    await gate.acquire()
    let queuedAdmitted = false
    const queued = gate.acquire().then((release) => {
      queuedAdmitted = true
      return release
    })
    await expect(gate.acquire()).rejects.toMatchObject({ statusCode: 503, error: 'busy' })
    expect(gate.load()).toEqual({ running: 2, waiting: 1 })
    first()
    first() // a second release of the same slot changes nothing
    const release = await queued
    expect(queuedAdmitted).toBe(true)
    expect(gate.load()).toEqual({ running: 2, waiting: 0 })
    release()
    expect(gate.load()).toEqual({ running: 1, waiting: 0 })
  })

  it('SEC-9 a request that waits past the limit is refused and leaves the queue', async () => {
    vi.useFakeTimers()
    const gate = createHeavyGate({ concurrency: 1, queue: 4, maxWaitMs: 5_000 })
    await gate.acquire()
    const waiting = gate.acquire()
    const outcome = waiting.then(
      () => 'admitted',
      (error: unknown) => error,
    )
    expect(gate.load()).toEqual({ running: 1, waiting: 1 })
    await vi.advanceTimersByTimeAsync(5_000)
    expect(await outcome).toMatchObject({ statusCode: 503 })
    expect(gate.load()).toEqual({ running: 1, waiting: 0 })
  })
})

describe.skipIf(skipDatabase)('SEC-9 a crowd asking for a list built per request', () => {
  let t: TestApp
  let base: string
  let token: string
  const fixed = new Date()

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        HEAVY_ANSWERS_CONCURRENCY: '2',
        HEAVY_ANSWERS_QUEUE: '3',
        HEAVY_ANSWERS_MAX_WAIT_MS: '120000',
      },
      // A still clock: nothing the session guard remembers goes stale while the lists are held.
      now: () => fixed,
    })
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    token = (await t.signUp()).token
    expect((await fetch(`${base}/api/v1/patients`, { headers: auth() })).status).toBe(200)
  })
  afterAll(async () => {
    // fetch keeps its connections alive; closing waits for none of them.
    t.app.server.closeAllConnections()
    await t.close()
  })

  const auth = () => ({ authorization: `Bearer ${token}` })

  it('SEC-9 two lists are built, three wait, seven get 503 with Retry-After at once, and the server stays responsive', async () => {
    let letGo: () => void = () => undefined
    const released = new Promise<void>((resolve) => {
      letGo = resolve
    })
    let locked: () => void = () => undefined
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve
    })
    // The database holds the patient list still: on PostgreSQL a lock on its table, on PGlite (one
    // connection) any open transaction.
    const holder = t.db.transaction(async (tx) => {
      if (onPostgres) await tx.execute(sql`lock table patients in access exclusive mode`)
      else await tx.execute(sql`select 1`)
      locked()
      await released
    })
    await isLocked

    const answers: { status: number; retryAfter: string | null }[] = []
    // The patient list is built for every request (the worklist is built once per version of the
    // data, so a crowd asking for an unchanged one never reaches the gate: worklistCache.test.ts).
    const crowd = Array.from({ length: 12 }, () =>
      fetch(`${base}/api/v1/patients`, { headers: auth() }).then(async (res) => {
        await res.arrayBuffer()
        answers.push({ status: res.status, retryAfter: res.headers.get('retry-after') })
      }),
    )
    // The refusals come while the lists are still held.
    await expect.poll(() => answers.length, { timeout: 60_000, interval: 50 }).toBe(7)
    expect(answers.every((a) => a.status === 503)).toBe(true)
    expect(answers.every((a) => a.retryAfter === String(RETRY_AFTER_SECONDS))).toBe(true)
    expect((await fetch(`${base}/healthz`)).status).toBe(200)

    letGo()
    await holder
    await Promise.all(crowd)
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5)
    // Every slot was given back: the next request is built at once.
    expect((await fetch(`${base}/api/v1/patients`, { headers: auth() })).status).toBe(200)
  })
})
