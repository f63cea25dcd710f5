/**
 * SIGTERM to the real server process (OPS-15, OPS-16), with live streams open, a request in
 * flight (its body still coming) and a result on its way to a slow HL7 receiver: new connections
 * are refused at once, the streams end with the retry hint, the request is answered, the result
 * is acknowledged and recorded once, the process exits 0 within ten seconds, and the data folder
 * opens again. And a receiver that never answers: the delivery is given back unrecorded, and the
 * next start sends it at once. The compiled server, as `npm start` runs it; PGlite only (the
 * process is the embedded database's one owner).
 */
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STREAM_EVENTS } from '../../../contract'
import { openDatabase } from '../../../server/db/client'
import { hl7Outbox } from '../../../server/db/schema'
import { createSseReader, type SseEvent } from '../../../src/services/events/sseFrames'
import { buildServerForTest, type BuiltServer } from '../../support/builtServer'
import { eventually, framed, onFrames } from '../../support/mllpPeer'
import { onPostgres } from '../../support/testDatabase'
import { sections } from '../hl7/support'
import { startServerProcess, type ServerProcess } from './serverProcess'

const PASSWORD = 'Vq7!tundra-Quartz-41-lamp'
const running = new Set<ServerProcess>()
const folders: string[] = []
let built: BuiltServer | undefined
beforeAll(async () => {
  if (!onPostgres) built = await buildServerForTest()
})
afterAll(() => {
  for (const server of running) server.kill()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  built?.remove()
})
/** The compiled server, as `npm start` runs it, on `dataDir`. */
const start = (dataDir: string, env: Record<string, string>) =>
  startServerProcess(built?.entry ?? '', dataDir, env)

/** A results receiver that answers AA after `delayMs`, or never (`silent`). */
async function slowReceiver(delayMs: number) {
  const received: string[] = []
  const state = { silent: false }
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined)
    onFrames(socket, (message) => {
      received.push(message)
      if (state.silent) return
      const id = (message.split('\r')[0] ?? '').split('|')[9] ?? ''
      setTimeout(() => {
        socket.write(
          framed(`MSH|^~\\&|RIS|HOSP|READOUT|RAD|20261126000000||ACK|A${id}|P|2.5.1\rMSA|AA|${id}`),
        )
      }, delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve))
  const { port } = server.address() as net.AddressInfo
  return { port, received, state, close: () => new Promise((resolve) => server.close(resolve)) }
}

/** A live stream read to its end: its events, and when the server ended it. */
async function openEndingStream(base: string, token: string) {
  const res = await fetch(`${base}/api/v1/events`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.status).toBe(200)
  const events: SseEvent[] = []
  const raw: string[] = []
  const reader = createSseReader()
  const decoder = new TextDecoder()
  const body = res.body?.getReader()
  const ended = (async () => {
    for (;;) {
      const chunk = await body?.read()
      if (!chunk || chunk.done) return
      const text = decoder.decode(chunk.value, { stream: true })
      raw.push(text)
      events.push(...reader.push(text))
    }
  })()
  await eventually(() => Promise.resolve(events.some((e) => e.type === STREAM_EVENTS.ready)))
  return { events, ended, raw: () => raw.join('') }
}

async function signUp(base: string): Promise<string> {
  const res = await fetch(`${base}/v1/auth/password/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      loginId: `ops-${Date.now()}@hospital.test`,
      password: PASSWORD,
      user: { name: 'Dr Shutdown' },
    }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { sessionJwt: string }).sessionJwt
}

async function call(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, json: (await res.json()) as unknown }
}

/** Two unsigned orders: one to sign, one for the request held in flight. */
async function unsignedOrders(base: string, token: string): Promise<string[]> {
  const list = (await call(base, token, 'GET', '/orders')).json as {
    id: string
    report: unknown
  }[]
  return list.filter((order) => !order.report).map((order) => order.id)
}

/** Saves and signs `orderId`: its result is queued and the worker woken. */
async function sign(base: string, token: string, orderId: string) {
  const body = { sections: sections('No focal consolidation.') }
  expect((await call(base, token, 'PUT', `/orders/${orderId}/report`, body)).status).toBe(200)
  expect((await call(base, token, 'POST', `/orders/${orderId}/report/finalize`)).status).toBe(200)
}

async function outboxRowsOf(dataDir: string, orderId: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir })
  try {
    return await database.db.select().from(hl7Outbox).where(eq(hl7Outbox.orderId, orderId))
  } finally {
    await database.close()
  }
}

const newFolder = () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'readout-shutdown-'))
  folders.push(folder)
  return folder
}

describe.skipIf(onPostgres)('SIGTERM', () => {
  it('OPS-15 OPS-16 streams end with a retry hint, the request in flight and the result under way finish, exit 0 within 10 s', async () => {
    const receiver = await slowReceiver(2_000)
    const dataDir = newFolder()
    const server = await start(dataDir, {
      HL7_SEND_TO: `127.0.0.1:${receiver.port}`,
      HL7_ACK_TIMEOUT_MS: '20000',
    })
    running.add(server)
    const { base } = server
    const token = await signUp(base)
    const [signed = '', held = ''] = await unsignedOrders(base, token)
    const streams = [await openEndingStream(base, token), await openEndingStream(base, token)]

    // A request in flight: its headers are in, half its body is still to come.
    const body = JSON.stringify({ sections: sections('Held in flight.') })
    const request = http.request(`${base}/api/v1/orders/${held}/report`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        origin: base,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-request-id': 'held-in-flight',
      },
    })
    const answered = new Promise<number>((resolve, reject) => {
      request.on('response', (res) => {
        res.resume()
        res.on('end', () => {
          resolve(res.statusCode ?? 0)
        })
      })
      request.on('error', reject)
    })
    request.write(body.slice(0, 20))
    await eventually(() =>
      Promise.resolve(/"reqId":"held-in-flight"[^\n]*incoming request/.test(server.output())),
    )

    // A result on the wire to a receiver that answers in two seconds.
    await sign(base, token, signed)
    await eventually(() => Promise.resolve(receiver.received.length === 1))

    const signalled = Date.now()
    server.child.kill('SIGTERM')
    await Promise.all(streams.map((stream) => stream.ended))
    for (const stream of streams) {
      expect(stream.events.map((event) => event.type).at(-1)).toBe(STREAM_EVENTS.goingAway)
      expect(stream.raw()).toMatch(/retry: \d+\nevent: going_away\n/)
    }
    // The listening socket is closed: a new connection is refused, so a proxy goes elsewhere.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow()
    request.end(body.slice(20))
    expect(await answered).toBe(200)

    const code = await server.exited
    const took = Date.now() - signalled
    running.delete(server)
    console.log(`SIGTERM to exit: ${took} ms`)
    expect(code, server.output().slice(-3000)).toBe(0)
    expect(took).toBeLessThan(10_000)
    expect(server.output()).toMatch(/closed cleanly/)

    // Sent once, acknowledged and recorded; the folder opens again.
    expect(receiver.received).toHaveLength(1)
    const [row] = await outboxRowsOf(dataDir, signed)
    expect(row?.ackedAt).not.toBeNull()
    expect(row?.attempts).toBe(1)
    await receiver.close()
  })

  it('OPS-16 a result the receiver does not answer in time is given back at shutdown and sent at the next start', async () => {
    const receiver = await slowReceiver(0)
    receiver.state.silent = true
    const dataDir = newFolder()
    const env = { HL7_SEND_TO: `127.0.0.1:${receiver.port}`, HL7_ACK_TIMEOUT_MS: '60000' }
    const first = await start(dataDir, env)
    running.add(first)
    const token = await signUp(first.base)
    const [orderId = ''] = await unsignedOrders(first.base, token)
    await sign(first.base, token, orderId)
    await eventually(() => Promise.resolve(receiver.received.length === 1))

    const signalled = Date.now()
    first.child.kill('SIGTERM')
    const code = await first.exited
    running.delete(first)
    expect(code, first.output().slice(-3000)).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(10_000)
    const [left] = await outboxRowsOf(dataDir, orderId)
    expect(left?.ackedAt).toBeNull()
    // Given back: due now, not at the end of a lease of two acknowledgement timeouts.
    expect(left?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now())

    receiver.state.silent = false
    const second = await start(dataDir, env)
    running.add(second)
    await eventually(() => Promise.resolve(receiver.received.length === 2), 60_000)
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
    running.delete(second)
    const [sent] = await outboxRowsOf(dataDir, orderId)
    expect(sent?.ackedAt).not.toBeNull()
    expect(new Set(receiver.received).size).toBe(1)
    await receiver.close()
  })
})
