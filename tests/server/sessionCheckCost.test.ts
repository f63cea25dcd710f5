/**
 * SEC-4: what the session family check costs. However many requests arrive at once, an instance
 * asks the database about a session family at most once per second; the requests share the
 * question under way.
 */
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { OpenDatabase } from '../../server/db/client'
import { orders, refreshTokens } from '../../server/db/schema'
import { createSessionFamilies, type SessionFamilies } from '../../server/identity/sessionFamilies'
import { seedDemoData } from '../../server/seed/seed'
import { buildInstance, signUp } from './identity/apiSessions'
import { createTestClock } from './identity/identityHarness'
import { openTestDatabase } from '../support/testDatabase'

const clock = createTestClock()
let database: OpenDatabase
let app: FastifyInstance
let families: SessionFamilies
/** How many requests reached the family check. */
let checks = 0

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemoData(database.db, { now: new Date('2026-11-20T08:00:00Z') })
  families = createSessionFamilies({ db: database.db, now: clock.now })
  app = await buildInstance(database.db, clock, {
    ...families,
    // The guard asks for the family's account (its roles come with the answer, RL-2).
    account(userId, familyId) {
      checks += 1
      return families.account(userId, familyId)
    },
    get lookups() {
      return families.lookups
    },
  })
})

afterAll(async () => {
  await app.close()
  await database.close()
})

/**
 * Runs `work` while refresh_tokens is locked against reads, so every family check it starts
 * waits in the database until `work` calls `release`.
 */
async function whileFamiliesLocked<T>(work: (release: () => void) => Promise<T>): Promise<T> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let locked = () => {}
  const isLocked = new Promise<void>((resolve) => (locked = resolve))
  const holder = database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${refreshTokens} in access exclusive mode`)
    locked()
    await released
  })
  await Promise.race([isLocked, holder])
  try {
    return await work(release)
  } finally {
    release()
    await holder
  }
}

describe('SEC-4 the cost of the check', () => {
  it('SEC-4 50 parallel requests ask the database once per session family per second', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const get = (token: string) =>
      // One study, not the worklist: the worklist's own gate (SEC-9) would refuse part of a crowd.
      fetch(`${base}/api/v1/orders/${orderId}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then(async (res) => {
        await res.arrayBuffer()
        return res.status
      })
    /** 50 requests at once, all of them at the family check before the database answers one. */
    const burst = (tokens: string[]) =>
      whileFamiliesLocked(async (release) => {
        const from = checks
        const answers = Promise.all(
          Array.from({ length: 50 }, (_, i) => get(tokens[i % tokens.length] ?? '')),
        )
        await vi.waitFor(
          () => {
            expect(checks - from).toBe(50)
          },
          { timeout: 30_000, interval: 20 },
        )
        release()
        return new Set(await answers)
      })
    const [study] = await database.db.select({ id: orders.id }).from(orders).limit(1)
    const orderId = study?.id ?? ''
    const one = await signUp(app)
    const other = await signUp(app)
    clock.advanceSeconds(1)

    const before = families.lookups
    expect(await burst([one.sessionJwt])).toEqual(new Set([200]))
    expect(families.lookups - before).toBe(1)

    clock.advanceSeconds(1)
    expect(await burst([one.sessionJwt, other.sessionJwt])).toEqual(new Set([200]))
    expect(families.lookups - before).toBe(3)

    // Within the same second, nothing more is asked.
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(other.sessionJwt)))
    expect(new Set(answers)).toEqual(new Set([200]))
    expect(families.lookups - before).toBe(3)
  })
})
