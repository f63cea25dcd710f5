/**
 * The MLLP listener's limits, over real TCP on loopback, on PGlite and PostgreSQL: a message
 * beyond HL7_MAX_MESSAGE_BYTES is refused and its connection closed, never buffered without
 * bound; idle connections close after HL7_IDLE_TIMEOUT_S; beyond HL7_MAX_CONNECTIONS connections
 * close at once, and HTTP keeps answering. ACKs are read by npm `hl7v2`.
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { frame, MllpDecoder } from '../../../server/integration/hl7/mllp'
import { eventually } from '../../support/mllpPeer'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { orderByAccession, orm } from './support'
import { converse, readAck, withHeader, withListener, type Conversation } from './wire'

describe('INT-48 the limits’ settings', () => {
  it('INT-48 default to 1 MB a message, 60 s idle and 64 connections, and can be set', () => {
    expect(loadConfig({}).hl7).toMatchObject({
      maxMessageBytes: 1024 * 1024,
      idleTimeoutMs: 60_000,
      maxConnections: 64,
    })
    const set = loadConfig({
      HL7_MAX_MESSAGE_BYTES: '4096',
      HL7_IDLE_TIMEOUT_S: '5',
      HL7_MAX_CONNECTIONS: '8',
    }).hl7
    expect(set).toMatchObject({ maxMessageBytes: 4096, idleTimeoutMs: 5000, maxConnections: 8 })
  })

  it('INT-48 the decoder never holds more than the limit of a frame that does not end', () => {
    const limit = 64 * 1024
    const decoder = new MllpDecoder(limit)
    const events = decoder.push(Buffer.from('\x0bMSH|^~\\&|RIS'))
    const chunk = Buffer.alloc(16 * 1024, 'x')
    let most = 0
    for (let i = 0; i < 200; i += 1) {
      events.push(...decoder.push(chunk))
      most = Math.max(most, decoder.bufferedBytes)
    }
    expect(most).toBeLessThanOrEqual(limit + chunk.length)
    expect(events.filter((e) => e.kind === 'too-large')).toHaveLength(1)
    const [tooLarge] = events.filter((e) => e.kind === 'too-large')
    expect(tooLarge?.kind === 'too-large' && tooLarge.head.toString().startsWith('MSH|')).toBe(true)
    // A whole frame beyond the limit in one chunk is refused too; the next one is whole.
    const next = decoder.push(
      Buffer.concat([frame(Buffer.alloc(limit + 1, 'y')), frame(Buffer.from('MSH|ok'))]),
    )
    expect(next.map((e) => e.kind)).toEqual(['too-large', 'frame'])
  })
})

describe.skipIf(skipDatabase)('INT-48 message size and idle connections over MLLP', () => {
  const listener = withListener({ HL7_MAX_MESSAGE_BYTES: '4096', HL7_IDLE_TIMEOUT_S: '1' })

  it('INT-48 a message beyond the limit is answered AR (CR in enhanced mode) with ERR 102, its connection closed, nothing stored', async () => {
    const big = 'x'.repeat(10_000)
    for (const [header, code] of [
      [{}, 'AR'],
      [{ accept: 'AL', application: 'AL' }, 'CR'],
    ] as const) {
      const accession = `INT48-${code}`
      const controlId = `INT48-${code}-CTRL`
      const peer = await converse(listener.port())
      peer.send(withHeader(orm({ accession, controlId, indication: big }), header))
      const [ack] = (await peer.until(1)).map(readAck)
      expect(ack).toMatchObject({ code, acknowledges: controlId })
      expect(ack?.errors).toContainEqual({ location: 'MSH^1', code: '102' })
      await peer.closed
      expect(await orderByAccession(listener.app().db, accession)).toBeUndefined()
    }
  })

  it('INT-48 a frame beyond the limit with no MSH is refused AR by us, and the connection closed', async () => {
    const peer = await converse(listener.port())
    peer.send('y'.repeat(10_000))
    const [ack] = (await peer.until(1)).map(readAck)
    expect(ack).toMatchObject({ code: 'AR', acknowledges: '' })
    await peer.closed
  })

  it('INT-49 an idle connection closes after HL7_IDLE_TIMEOUT_S, also after a message was answered', async () => {
    const silent = await converse(listener.port())
    const started = Date.now()
    await silent.closed
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    const answered = await converse(listener.port())
    answered.send(orm({ accession: 'INT49-ACC' }))
    expect(readAck((await answered.until(1))[0] ?? '').code).toBe('AA')
    await answered.closed
  })
})

describe.skipIf(skipDatabase)('INT-50 connections at once', () => {
  let t: TestApp
  let port: number
  let base: string

  beforeAll(async () => {
    t = await startTestApp({ env: { HL7_LISTEN_PORT: '0' } })
    port = t.app.hl7.port() ?? 0
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  it('INT-50 beyond HL7_MAX_CONNECTIONS (64) idle connections close at once, the held ones still answer, and HTTP keeps answering', async () => {
    const held: Conversation[] = []
    for (let i = 0; i < 64; i += 1) held.push(await converse(port))
    // 1,100 more, a hundred at a time: each is closed by the server at once.
    for (let batch = 0; batch < 11; batch += 1) {
      const beyond = await Promise.all(Array.from({ length: 100 }, () => converse(port)))
      await Promise.all(beyond.map((peer) => peer.closed))
    }
    expect(held.filter((peer) => peer.socket.destroyed)).toHaveLength(0)
    const health = await fetch(`${base}/healthz`)
    expect(health.status).toBe(200)
    const [first, second] = held
    second?.send(orm({ accession: 'INT50-HELD' }))
    expect(readAck((await second?.until(1))?.[0] ?? '').code).toBe('AA')
    // One held connection gone: a new one is served.
    first?.close()
    await eventually(async () => {
      const peer = await converse(port)
      peer.send(orm({ accession: `INT50-${Date.now()}` }))
      const answered = await Promise.race([
        peer.until(1, 5_000).then(
          () => true,
          () => false,
        ),
        peer.closed.then(() => false),
      ])
      peer.close()
      return answered
    })
    for (const peer of held) peer.close()
  })
})
