/**
 * The live worklist (issue 16): GET /api/v1/events through real HTTP, on PGlite and PostgreSQL.
 * Every change to an order reaches an open stream with the order as it is now; a stream that
 * comes back with Last-Event-ID gets what it missed; one the log cannot serve is told to reset;
 * on PostgreSQL a change made through one server instance reaches a stream on another.
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { orderListSchema, ORDER_EVENT_TYPES, orderSchema } from '../../contract'
import { buildApp } from '../../server/app'
import { createLocalAssistant } from '../../server/assistant/local'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { openStream, type TestStream } from '../support/sse'
import { normalSections } from '../support/sections'
import { startTestApp, type TestApp } from '../support/testApp'
import { onPostgres, skipDatabase } from '../support/testDatabase'

const sections = normalSections

interface EventData {
  order_id: string
  order: unknown
}

const dataOf = (event: { data: string }) => JSON.parse(event.data) as EventData

describe.skipIf(skipDatabase)('the live worklist', () => {
  let t: TestApp
  let base: string
  let token: string
  let ids: string[]
  const streams: TestStream[] = []

  const open = async (lastEventId?: string, as: string | null = token) => {
    const stream = await openStream(base, as, lastEventId)
    streams.push(stream)
    return stream
  }

  beforeAll(async () => {
    t = await startTestApp()
    token = (await t.signUp(undefined, 'Dr Live')).token
    ids = orderListSchema
      .parse((await t.api('GET', '/orders', { token })).json())
      .filter((o) => !o.report?.is_final)
      .map((o) => o.id)
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const stream of streams) stream.close()
    t.app.server.closeAllConnections()
    await t.close()
  })

  it('EV-1 a stream needs a session, and opens with ready', async () => {
    const refused = await openStream(base, null)
    expect(refused.status).toBe(401)
    const stream = await open()
    expect(stream.status).toBe(200)
    const ready = await stream.next((event) => event.type === 'ready')
    const { version } = JSON.parse(ready.data) as { version: number }
    expect(ready.lastEventId).toBe(String(version))
  })

  it('EV-2 CR-21 each change to an order (a communication recorded too) reaches the stream with the order as it is now', async () => {
    const stream = await open()
    await stream.next((event) => event.type === 'ready')
    const id = ids[0]!
    const of = (type: string) => (event: { type: string; data: string }) =>
      event.type === type && dataOf(event).order_id === id

    await t.api('POST', `/orders/${id}/claim`, { token })
    const claimed = dataOf(await stream.next(of('order.claimed')))
    expect(orderSchema.parse(claimed.order).claimed_by?.name).toBe('Dr Live')

    await t.api('PUT', `/orders/${id}/report`, { token, body: { sections } })
    const saved = dataOf(await stream.next(of('report.saved')))
    expect(orderSchema.parse(saved.order).report?.sections.impression).toBe('Normal.')

    const told = await t.api('POST', `/orders/${id}/report/communications`, {
      token,
      body: {
        recipient: 'Dr. Grace Hopper',
        role: 'Referring physician',
        method: 'phone',
        communicated_at: new Date().toISOString(),
        read_back: true,
      },
    })
    expect(told.statusCode).toBe(201)
    const communicated = dataOf(await stream.next(of('report.communication')))
    expect(
      orderSchema.parse(communicated.order).report?.communications?.map((c) => c.recipient),
    ).toEqual(['Dr. Grace Hopper'])

    await t.api('POST', `/orders/${id}/report/finalize`, { token })
    await stream.next(of('report.finalized'))
    // Signing ends the claim (CLM-12), and the stream says so.
    const released = dataOf(await stream.next(of('order.released')))
    expect(orderSchema.parse(released.order).claimed_by).toBeNull()
    await t.api('POST', `/orders/${id}/report/addenda`, { token, body: { text: 'Later.' } })
    const added = dataOf(await stream.next(of('report.addendum')))
    expect(orderSchema.parse(added.order).report?.addenda?.map((a) => a.text)).toEqual(['Later.'])

    const other = ids[1]!
    await t.api('POST', `/orders/${other}/messages`, {
      token,
      body: { content: 'Findings: none.' },
    })
    await stream.next((event) => event.type === 'order.status' && dataOf(event).order_id === other)
    await t.api('DELETE', `/orders/${other}/conversation`, { token })
    await stream.next(
      (event) => event.type === 'conversation.cleared' && dataOf(event).order_id === other,
    )
    for (const event of stream.events)
      expect([...ORDER_EVENT_TYPES, 'ready', 'reset']).toContain(event.type)
  })

  it('EV-9 a chat message reaches the stream as one conversation.message per exchange, naming no text', async () => {
    const stream = await open()
    await stream.next((event) => event.type === 'ready')
    const id = ids[5]!
    const of = (event: { type: string; data: string }) =>
      event.type === 'conversation.message' && dataOf(event).order_id === id

    const sent = await t.api('POST', `/orders/${id}/messages`, {
      token,
      body: { content: 'Any effusion?' },
    })
    expect(sent.statusCode).toBe(200)
    const event = await stream.next(of)
    expect(orderSchema.parse(dataOf(event).order).id).toBe(id)
    expect(event.data).not.toContain('effusion')
    // The question and its reply are one statement's rows: one event, not one per message.
    await t.api('PUT', `/orders/${id}/report`, { token, body: { sections } })
    await stream.next((e) => e.type === 'report.saved' && dataOf(e).order_id === id)
    expect(stream.events.filter(of)).toHaveLength(1)
  })

  it('EV-11 a signed study is no longer in progress: its order turns final and leaves status=in_progress', async () => {
    const stream = await open()
    await stream.next((event) => event.type === 'ready')
    const id = ids[6]!
    await t.api('POST', `/orders/${id}/messages`, { token, body: { content: 'Findings: none.' } })
    await t.api('PUT', `/orders/${id}/report`, { token, body: { sections } })
    const active = () =>
      t
        .api('GET', '/orders?limit=500&status=in_progress', { token })
        .then((res) => res.json<{ items: { id: string }[] }>().items.map((o) => o.id))
    expect(await active()).toContain(id)

    expect((await t.api('POST', `/orders/${id}/report/finalize`, { token })).statusCode).toBe(200)
    const finalized = dataOf(
      await stream.next((e) => e.type === 'report.finalized' && dataOf(e).order_id === id),
    )
    expect(orderSchema.parse(finalized.order).status).toBe('final')
    expect(await active()).not.toContain(id)
    // A later message does not put it back in progress.
    await t.api('POST', `/orders/${id}/messages`, { token, body: { content: 'Thanks.' } })
    const order = orderSchema.parse((await t.api('GET', `/orders/${id}`, { token })).json())
    expect(order.status).toBe('final')
  })

  it('EV-3 a stream that comes back with Last-Event-ID gets what it missed, in order, then ready', async () => {
    const first = await open()
    const ready = await first.next((event) => event.type === 'ready')
    first.close()
    const [a, b] = [ids[2]!, ids[3]!]
    await t.api('POST', `/orders/${a}/claim`, { token })
    await t.api('POST', `/orders/${b}/claim`, { token })
    await t.api('DELETE', `/orders/${a}/claim`, { token })

    // What it missed comes first from the log, then (what this server had not yet read when the
    // stream came back) live: in order either way, each once.
    const ofAB = (event: { type: string; data: string }) =>
      event.type.startsWith('order.') && [a, b].includes(dataOf(event).order_id)
    const again = await open(ready.lastEventId)
    // Whether the release comes before ready (replayed) or after it (live), both arrive.
    const releasedA = (event: { type: string; data: string }) =>
      event.type === 'order.released' && dataOf(event).order_id === a
    await vi.waitFor(
      () => {
        expect(again.events.some(releasedA)).toBe(true)
        expect(again.events.some((event) => event.type === 'ready')).toBe(true)
      },
      { timeout: 30_000 },
    )
    const missed = again.events.filter(ofAB).map((event) => [event.type, dataOf(event).order_id])
    expect(missed).toEqual([
      ['order.claimed', a],
      ['order.claimed', b],
      ['order.released', a],
    ])
    // From the middle of what was missed: only what came after.
    const middle = again.events.find(ofAB)!.lastEventId
    const resumed = await open(middle)
    await resumed.next(releasedA)
    expect(resumed.events.filter(ofAB).map((event) => event.type)).toEqual([
      'order.claimed',
      'order.released',
    ])
  })

  it('EV-4 a Last-Event-ID the log cannot serve gets reset first', async () => {
    for (const id of ['garbage', '99999999999']) {
      const stream = await open(id)
      const first = await stream.next(() => true)
      expect(first.type).toBe('reset')
      await stream.next((event) => event.type === 'ready')
    }
  })

  it.runIf(onPostgres)(
    'EV-5 EV-9 a change made through another server instance on the same PostgreSQL reaches the stream, a chat message too',
    async () => {
      const database = await openDatabase({ kind: 'postgres', url: t.databaseUrl ?? '' })
      const other = await buildApp({
        config: loadConfig({ HOST: '127.0.0.1', STATIC_DIR: '/nonexistent' }),
        db: database.db,
        listen: database.listen,
        assistant: createLocalAssistant(),
        logger: false,
      })
      try {
        const stream = await open()
        await stream.next((event) => event.type === 'ready')
        const id = ids[4]!
        const res = await other.inject({
          method: 'POST',
          url: `/api/v1/orders/${id}/claim`,
          headers: { authorization: `Bearer ${token}` },
        })
        expect(res.statusCode).toBe(200)
        const event = await stream.next(
          (e) => e.type === 'order.claimed' && dataOf(e).order_id === id,
        )
        expect(orderSchema.parse(dataOf(event).order).claimed_by?.name).toBe('Dr Live')

        // EV-9: a colleague's message, sent through the other instance, reaches this stream.
        const message = await other.inject({
          method: 'POST',
          url: `/api/v1/orders/${id}/messages`,
          headers: { authorization: `Bearer ${token}` },
          payload: { content: 'Any prior imaging?' },
        })
        expect(message.statusCode).toBe(200)
        await stream.next((e) => e.type === 'conversation.message' && dataOf(e).order_id === id)
      } finally {
        await other.close()
        await database.close()
      }
    },
  )
})
