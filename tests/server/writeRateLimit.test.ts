/**
 * SEC-7: /api/v1 writes are limited per signed-in user (here 10 a minute): over the limit the
 * answer is 429 in the contract's error shape with Retry-After, while another user's writes and
 * the same user's reads go on, and the next window lets writes through again. The chat message
 * counts its write in the statement that reads the study (server/routes/conversation.ts): it
 * shares the same count, across two server instances.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageListSchema, orderListSchema } from '../../contract'
import { users } from '../../server/db/schema'
import { skipDatabase } from '../support/testDatabase'
import {
  apiOver,
  burst,
  signUpOver,
  startServers,
  statuses,
  type Servers,
} from './identity/burstHarness'
import { PASSWORD, uniqueEmail } from './identity/identityHarness'

const MAX_WRITES = 10
const WRITES = 30

let servers: Servers
let base = ''
let offsetMs = 0

beforeAll(async () => {
  servers = await startServers(
    2,
    { WRITE_MAX_PER_USER_PER_MINUTE: String(MAX_WRITES) },
    { seed: true, now: () => new Date(Date.now() + offsetMs) },
  )
  base = servers.urls[0] ?? ''
})

afterAll(async () => {
  await servers.close()
})

async function tokenOfNewUser(): Promise<string> {
  const answer = await signUpOver(base, uniqueEmail('writer'), PASSWORD)
  expect(answer.status).toBe(200)
  // RL-6: with more than one account, clearing a study (these writers' write) is an admin's.
  const { userId } = answer.body?.user as { userId: string }
  await servers.db
    .update(users)
    .set({ roles: ['admin', 'radiologist'] })
    .where(eq(users.id, userId))
  return String(answer.body?.sessionJwt)
}

describe.skipIf(skipDatabase)('SEC-7 write limits per user', () => {
  it('SEC-7 writes over the per-user limit get 429 with Retry-After, while another user writes and the same user reads', async () => {
    const alice = await tokenOfNewUser()
    const bob = await tokenOfNewUser()
    const listed = await apiOver(base, 'GET', '/orders', alice)
    const ids = orderListSchema.parse(listed.body).map((order) => order.id)
    expect(ids.length).toBeGreaterThan(WRITES + 5)

    const clear = (token: string, id: string) => () =>
      apiOver(base, 'DELETE', `/orders/${id}/conversation`, token)
    const flood = burst(ids.slice(0, WRITES).map((id) => clear(alice, id)))
    const bobs = await Promise.all(ids.slice(WRITES, WRITES + 3).map((id) => clear(bob, id)()))
    const answers = await flood.answers

    const counts = statuses(answers)
    expect(counts.get(204) ?? 0).toBeLessThanOrEqual(MAX_WRITES)
    expect(counts.get(429) ?? 0).toBeGreaterThanOrEqual(WRITES - MAX_WRITES)
    expect((counts.get(204) ?? 0) + (counts.get(429) ?? 0)).toBe(WRITES)
    for (const answer of answers.filter(({ status }) => status === 429)) {
      expect(answer.body?.error).toBe('rate_limited')
      expect(answer.body?.message).toMatch(
        /^Too many changes in a short time; try again in \d+ seconds\.$/,
      )
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60)
    }
    expect(bobs.map(({ status }) => status)).toEqual([204, 204, 204])
    expect((await apiOver(base, 'GET', '/orders', alice)).status).toBe(200)

    // A minute later the next window lets Alice write again.
    offsetMs += 61_000
    expect((await clear(alice, ids[0] ?? '')()).status).toBe(204)
  })

  it('SEC-7 chat messages share the limit: a burst over two instances lets no more through, and a refused message stores nothing', async () => {
    const carol = await tokenOfNewUser()
    const listed = await apiOver(base, 'GET', '/orders', carol)
    const ids = orderListSchema.parse(listed.body).map((order) => order.id)
    // Another kind of write takes the window's first slot.
    expect(
      (await apiOver(base, 'DELETE', `/orders/${ids[0] ?? ''}/conversation`, carol)).status,
    ).toBe(204)
    const question = { content: 'What is the indication?', input_type: 'text' }
    const targets = ids.slice(1, WRITES + 1)
    const flood = burst(
      targets.map(
        (id, i) => () =>
          apiOver(servers.urls[i % 2] ?? base, 'POST', `/orders/${id}/messages`, carol, question),
      ),
    )
    const answers = await flood.answers
    const counts = statuses(answers)
    expect(counts.get(200)).toBe(MAX_WRITES - 1)
    expect(counts.get(429)).toBe(WRITES - (MAX_WRITES - 1))
    for (const answer of answers.filter(({ status }) => status === 429)) {
      expect(answer.body?.error).toBe('rate_limited')
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
    }
    const stored = await Promise.all(
      targets.map(async (id) => {
        const listedMessages = await apiOver(base, 'GET', `/orders/${id}/messages`, carol)
        return messageListSchema.parse(listedMessages.body).filter((m) => m.role === 'user').length
      }),
    )
    expect(stored.reduce((sum, n) => sum + n, 0)).toBe(MAX_WRITES - 1)
    // Over the limit, a message is refused before anything else, a study that is not there too.
    const missing = '/orders/no-such-study/messages'
    expect((await apiOver(base, 'POST', missing, carol, question)).status).toBe(429)

    offsetMs += 61_000
    expect((await apiOver(base, 'POST', missing, carol, question)).status).toBe(404)
    const next = await apiOver(base, 'POST', `/orders/${ids[0] ?? ''}/messages`, carol, question)
    expect(next.status).toBe(200)
  })
})
