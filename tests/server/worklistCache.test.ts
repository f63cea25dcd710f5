/**
 * SC-1 SC-2: the whole worklist (GET /orders without parameters) is what a department works on,
 * built once per version of the data and compressed once per encoding. Every write that changes
 * what it holds, on any instance over the same database, is in the next answer; an unchanged list
 * answers 304 to its ETag; a crowd of clients through a listening server costs one build.
 */
import { withoutNotifications } from '../../server/db/notifications'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema, type Order } from '../../contract'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase, type OpenDatabase } from '../../server/db/client'
import { createLocalAssistant } from '../../server/assistant/local'
import { createWorklistCache, type WorklistCache } from '../../server/usecases/worklistCache'
import { onPostgres, skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const sections = {
  history: 'Fall.',
  technique: 'Two views.',
  comparison: 'None.',
  findings: 'No fracture.',
  impression: 'Normal.',
}
const DAY = 86_400_000

describe.skipIf(skipDatabase)('the whole worklist', () => {
  let t: TestApp
  let clock = new Date('2026-11-25T08:00:00Z')
  let cache: WorklistCache | undefined
  let token: string
  /** A second instance over the same database (its own pool on PostgreSQL) with its own cache. */
  let second: { inject: TestApp['app']['inject']; close(): Promise<void> }

  beforeAll(async () => {
    t = await startTestApp({
      now: () => clock,
      worklistCache: (gate, db) => {
        cache = createWorklistCache({ db, now: () => clock, finalDays: 3, gate })
        return cache
      },
    })
    token = (await t.signUp()).token
    const database: OpenDatabase = onPostgres
      ? await openDatabase({ kind: 'postgres', url: t.databaseUrl ?? '' })
      : {
          db: t.db,
          kind: 'memory',
          listen: withoutNotifications,
          close: () => Promise.resolve(),
        }
    const app = await buildApp({
      config: loadConfig({ HOST: '127.0.0.1', STATIC_DIR: '/nonexistent' }),
      db: database.db,
      assistant: createLocalAssistant(),
      logger: false,
      now: () => clock,
    })
    second = {
      inject: app.inject.bind(app),
      async close() {
        await app.close()
        await database.close()
      },
    }
  })
  afterAll(async () => {
    await second.close()
    await t.close()
  })

  const list = async (headers: Record<string, string> = {}, on = t.app.inject.bind(t.app)) => {
    const res = await on({
      method: 'GET',
      url: '/api/v1/orders',
      headers: { authorization: `Bearer ${token}`, ...headers },
    })
    return res
  }
  const orders = async (on?: TestApp['app']['inject']) =>
    orderListSchema.parse((await list({}, on)).json())
  const one = async (id: string) => (await t.api('GET', `/orders/${id}`, { token })).json<Order>()

  it('SC-2 answers 304 to its own ETag, and the same bytes in br and gzip', async () => {
    const first = await list()
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/"orders-\d+-/)
    expect(first.headers.vary).toMatch(/accept-encoding/i)
    expect(first.headers['cache-control']).toBe('no-store')
    const again = await list({ 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect((await list({ 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304)
    const br = await list({ 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body)
    const gz = await list({ 'accept-encoding': 'gzip, deflate' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(first.body)
  })

  it('SC-2 every write that changes an order is in the next answer, on both instances; a rating is not a change', async () => {
    const ids = (await orders()).map((o) => o.id)
    await orders(second.inject) // the second instance has its own answer cached
    const writes: [string, () => Promise<unknown>][] = [
      ['save', () => t.api('PUT', `/orders/${ids[0]}/report`, { token, body: { sections } })],
      ['finalize', () => t.api('POST', `/orders/${ids[0]}/report/finalize`, { token })],
      [
        'addendum',
        () => t.api('POST', `/orders/${ids[0]}/report/addenda`, { token, body: { text: 'Add.' } }),
      ],
      [
        'message',
        () => t.api('POST', `/orders/${ids[1]}/messages`, { token, body: { content: 'Hi.' } }),
      ],
      ['clear', () => t.api('DELETE', `/orders/${ids[1]}/conversation`, { token })],
    ]
    for (const [name, write] of writes) {
      const before = (await list()).headers.etag
      await write()
      const after = await list()
      expect(after.headers.etag, name).not.toBe(before)
      for (const on of [t.app.inject.bind(t.app), second.inject]) {
        const listed = await orders(on)
        for (const id of ids.slice(0, 2)) {
          expect(
            listed.find((o) => o.id === id),
            name,
          ).toEqual(await one(id))
        }
      }
    }
    await t.api('POST', `/orders/${ids[2]}/messages`, { token, body: { content: 'Again.' } })
    const reply = (await t.api('GET', `/orders/${ids[2]}/messages`, { token }))
      .json<{ id: string; role: string }[]>()
      .find((m) => m.role === 'assistant')
    const etag = (await list()).headers.etag as string
    const built = cache?.builds() ?? 0
    await t.api('PATCH', `/orders/${ids[2]}/messages/${reply?.id ?? ''}/rating`, {
      token,
      body: { rating: 'up' },
    })
    expect((await list({ 'if-none-match': etag })).statusCode).toBe(304)
    expect(cache?.builds()).toBe(built)
  })

  it('SC-1 a signed study stays on the worklist for WORKLIST_FINAL_DAYS, then is found by search', async () => {
    const listed = await orders()
    const id = listed[5]!.id
    await t.api('PUT', `/orders/${id}/report`, { token, body: { sections } })
    await t.api('POST', `/orders/${id}/report/finalize`, { token })
    const etag = (await list()).headers.etag
    clock = new Date(clock.getTime() + 3 * DAY - 60_000)
    token = (await t.signUp()).token
    expect((await orders()).some((o) => o.id === id)).toBe(true)
    clock = new Date(clock.getTime() + 2 * 60_000)
    token = (await t.signUp()).token
    const later = await list()
    expect(later.headers.etag).not.toBe(etag)
    const now = orderListSchema.parse(later.json())
    expect(now.some((o) => o.id === id)).toBe(false)
    // Unsigned orders stay, whatever their age; the study is still found, and still one GET away.
    expect(now.filter((o) => !o.report?.is_final).length).toBe(
      listed.filter((o) => !o.report?.is_final && o.id !== id).length,
    )
    const accession = listed[5]!.accession_number
    const found = (await t.api('GET', `/orders?q=${accession}`, { token })).json<{
      items: Order[]
    }>()
    expect(found.items.map((o) => o.id)).toEqual([id])
    expect((await t.api('GET', `/orders/${id}`, { token })).statusCode).toBe(200)
  })

  it('SC-2 fifty clients asking at once through a listening server get one build and the same bytes', async () => {
    await t.api('PUT', `/orders/${(await orders())[7]!.id}/report`, { token, body: { sections } })
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const built = cache?.builds() ?? 0
    const bodies = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const res = await fetch(`${base}/api/v1/orders`, {
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
        })
        expect(res.status).toBe(200)
        return res.text()
      }),
    )
    t.app.server.closeAllConnections()
    expect(new Set(bodies).size).toBe(1)
    expect(cache?.builds()).toBe(built + 1)
  })
})
