/**
 * SEC-9 and IMP-16 over a real socket: the gate tells a client that has gone (its connection
 * closed) from a request whose body has been read. Node 20.19+ destroys a consumed request
 * stream, and a gate that read `request.raw.destroyed` refused every POST it guarded with 503
 * `busy`, while every test through `app.inject` (no socket) passed.
 */
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { draftImpressionAnswerSchema, orderListSchema } from '../../contract'
import { createHeavyGate, heavyRoute, type HeavyGate } from '../../server/http/heavyGate'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const addressOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`

describe('SEC-9 the gate over a real socket', () => {
  let app: FastifyInstance
  let gate: HeavyGate
  let base: string
  let holdFirst: () => void = () => undefined
  let admitted = 0
  let connectionsClosed = 0

  beforeAll(async () => {
    gate = createHeavyGate({ concurrency: 1, queue: 4, maxWaitMs: 60_000 })
    app = Fastify()
    app.post('/heavy', { preHandler: heavyRoute(gate) }, async (request) => {
      admitted += 1
      if ((request.body as { hold?: boolean }).hold) {
        await new Promise<void>((resolve) => {
          holdFirst = resolve
        })
      }
      return { ok: true }
    })
    app.server.on('connection', (socket) => {
      socket.once('close', () => {
        connectionsClosed += 1
      })
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    base = addressOf(app)
  })
  afterEach(() => {
    holdFirst()
  })
  afterAll(async () => {
    app.server.closeAllConnections()
    await app.close()
  })

  const post = (body: unknown, signal?: AbortSignal) =>
    fetch(`${base}/heavy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    })

  it('SEC-9 a POST whose body has been read is answered, one after another, and gives its slot back', async () => {
    for (let i = 0; i < 3; i += 1) {
      const answer = await post({ hold: false })
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ ok: true })
    }
    await expect.poll(() => gate.load()).toEqual({ running: 0, waiting: 0 })
  })

  it('SEC-9 a client whose connection closes while it waits gives its slot back; the next is answered', async () => {
    const before = admitted
    const first = post({ hold: true })
    await expect.poll(() => admitted).toBe(before + 1)
    const leaving = new AbortController()
    const waiting = post({ hold: false }, leaving.signal).catch((error: unknown) => error)
    await expect.poll(() => gate.load().waiting).toBe(1)
    const closedBefore = connectionsClosed
    leaving.abort()
    expect(await waiting).toMatchObject({ name: 'AbortError' })
    // The server has seen the connection close before the slot frees up.
    await expect.poll(() => connectionsClosed).toBe(closedBefore + 1)
    holdFirst()
    expect((await first).status).toBe(200)
    // The one who left was admitted, found nobody to answer, and gave the slot straight back.
    await expect.poll(() => gate.load()).toEqual({ running: 0, waiting: 0 })
    expect(admitted).toBe(before + 1)
    expect((await post({ hold: false })).status).toBe(200)
  })
})

describe.skipIf(skipDatabase)('IMP-16 Draft impression over a real socket', () => {
  let t: TestApp
  let base: string
  let token: string

  beforeAll(async () => {
    t = await startTestApp()
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    base = addressOf(t.app)
    token = (await t.signUp()).token
  })
  afterAll(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  it('IMP-16 a clinician drafting again and again over HTTP gets a draft every time, never 503', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const orders = orderListSchema.parse(
      await (await fetch(`${base}/api/v1/orders`, { headers })).json(),
    )
    const order = orders.find((o) => o.report === null)
    if (!order) throw new Error('the demo worklist has no study without a report')
    const sections = {
      history: 'Cough.',
      technique: 'PA and lateral views.',
      comparison: 'None.',
      findings: 'Small left pleural effusion. The lungs are otherwise clear.',
      impression: '',
    }
    for (let i = 0; i < 4; i += 1) {
      const answer = await fetch(`${base}/api/v1/orders/${order.id}/report/impression-draft`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ sections }),
      })
      expect(answer.status).toBe(200)
      const draft = draftImpressionAnswerSchema.parse(await answer.json())
      expect(draft.impression.toLowerCase()).toContain('effusion')
    }
  })
})
