/**
 * /metrics after a journey through the real app over real sockets (OPS-10): a sign-up, the
 * worklist, a claim, a saved report, a live stream, an HL7 order over MLLP, a result queued to a
 * receiver that never answers, failed and locked-out sign-ins. The scrape is read by a strict
 * reading of Prometheus' text format (./exposition.ts), and each family the operators' docs name
 * has values. On PGlite and PostgreSQL (the pool's family is PostgreSQL's only).
 */
import net from 'node:net'
import { isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hl7Outbox } from '../../../server/db/schema'
import { ackOf, eventually, sendFrame, startTestReceiver } from '../../support/mllpPeer'
import { startSocketServer, type SocketServer } from '../../support/socketServer'
import { openStream, type TestStream } from '../../support/sse'
import { onPostgres, skipDatabase } from '../../support/testDatabase'
import { orm, sections } from '../hl7/support'
import { parseExposition, samplesOf, type Exposition } from './exposition'

const signIn = (base: string, loginId: string) =>
  fetch(`${base}/v1/auth/password/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ loginId, password: 'not the password at all' }),
  })

describe.skipIf(skipDatabase)('/metrics after a journey', () => {
  let server: SocketServer
  let receiver: Awaited<ReturnType<typeof startTestReceiver>>
  let stream: TestStream
  let mllp: net.Socket
  let orderId = ''
  let scraped: Exposition
  let contentType = ''

  beforeAll(async () => {
    receiver = await startTestReceiver('silent')
    server = await startSocketServer({
      env: {
        HL7_LISTEN_PORT: '0',
        HL7_SEND_TO: `127.0.0.1:${receiver.port}`,
        HL7_ACK_TIMEOUT_MS: '300',
        // One attempt, then a long wait: the result stays in the outbox for the scrape.
        HL7_RETRY_MIN_MS: '600000',
        HL7_RETRY_MAX_MS: '600000',
        HL7_OUTBOX_POLL_MS: '50',
        SIGNIN_MAX_FAILURES_PER_LOGIN: '1',
      },
    })
    const user = await server.signUp('Dr Metrics')
    const order = (await server.worklist()).find((o) => !o.report)
    orderId = order?.id ?? ''
    expect((await server.call('claimOrder', { params: { id: orderId } })).status).toBe(200)
    const saved = await server.call('saveReport', {
      params: { id: orderId },
      body: { sections: sections('No focal consolidation.') },
    })
    expect(saved.status).toBe(200)
    stream = await openStream(server.base, user.token)
    await stream.next((event) => event.type === 'ready')
    const port = server.t.app.hl7.port() ?? 0
    expect(ackOf(await sendFrame(port, orm())).code).toBe('AA')
    expect((await server.call('finalizeReport', { params: { id: orderId } })).status).toBe(200)
    await receiver.until((r) => r.received.length === 1)
    await eventually(async () => {
      const [row] = await server.t.db.select().from(hl7Outbox).where(isNull(hl7Outbox.ackedAt))
      return row?.lastError === 'timeout'
    })
    const loginId = `nobody-${Date.now()}@hospital.test`
    expect((await signIn(server.base, loginId)).status).toBe(401)
    expect((await signIn(server.base, loginId)).status).toBe(429)
    // An MLLP connection open while the scrape is taken.
    mllp = net.connect({ host: '127.0.0.1', port })
    await new Promise((resolve) => mllp.once('connect', resolve))
    await eventually(() => Promise.resolve(server.t.app.hl7.connections() === 1))

    const res = await fetch(`${server.base}/metrics`)
    expect(res.status).toBe(200)
    contentType = res.headers.get('content-type') ?? ''
    scraped = parseExposition(await res.text())
  })
  afterAll(async () => {
    mllp.destroy()
    stream.close()
    await server.close()
    await receiver.down()
  })

  const value = (name: string, labels: Record<string, string> = {}) => {
    const found = samplesOf(scraped, name, labels)
    expect(found, `${name} ${JSON.stringify(labels)}`).toHaveLength(1)
    return found[0]?.value ?? Number.NaN
  }

  it("OPS-10 is Prometheus' text format, each of our families typed as its name says", () => {
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/)
    // prom-client's process figures keep their own names (nodejs_active_resources_total is a gauge).
    const ours = [...scraped.types].filter(([name]) => name.startsWith('readout_'))
    expect(ours.length).toBeGreaterThanOrEqual(13)
    for (const [name, type] of ours) {
      if (name.endsWith('_total')) expect(type, name).toBe('counter')
      if (name.endsWith('_seconds') && type !== 'gauge') expect(type, name).toBe('histogram')
    }
  })

  it('OPS-10 requests by route pattern, method and status, with a duration histogram', () => {
    const claim = { route: '/api/v1/orders/:id/claim', method: 'POST', status_code: '200' }
    expect(value('readout_http_requests_total', claim)).toBe(1)
    const worklist = { route: '/api/v1/orders', method: 'GET', status_code: '200' }
    expect(value('readout_http_requests_total', worklist)).toBeGreaterThanOrEqual(1)
    const signUps = { route: '/v1/auth/password/signup', method: 'POST', status_code: '200' }
    expect(value('readout_http_requests_total', signUps)).toBe(1)
    expect(value('readout_http_request_duration_seconds_count', claim)).toBe(1)
    expect(value('readout_http_request_duration_seconds_sum', claim)).toBeGreaterThan(0)
    expect(value('readout_http_request_duration_seconds_bucket', { ...claim, le: '+Inf' })).toBe(1)
    // A route's pattern, never its URL: no order id, no query, in any label.
    const labels = scraped.samples.flatMap((sample) => Object.values(sample.labels))
    expect(labels.filter((label) => label.includes(orderId))).toEqual([])
  })

  it('OPS-10 open event streams, sign-in failures and lockouts', () => {
    expect(value('readout_event_streams_open')).toBe(1)
    expect(value('readout_signin_failures_total')).toBe(1)
    expect(value('readout_signin_lockouts_total')).toBe(1)
  })

  it('OPS-10 HL7: messages in by type and code, results out by outcome, errors, connections', () => {
    expect(value('readout_hl7_messages_received_total', { type: 'ORM', ack: 'AA' })).toBe(1)
    expect(value('readout_hl7_results_sent_total', { kind: 'final', outcome: 'timeout' })).toBe(1)
    expect(value('readout_hl7_errors_total', { stage: 'listener' })).toBe(0)
    expect(value('readout_hl7_connections_open')).toBe(1)
  })

  it('OPS-10 the outbox: its depth and the age of its oldest unacknowledged result', () => {
    expect(value('readout_hl7_outbox_pending')).toBe(1)
    expect(value('readout_hl7_outbox_oldest_pending_age_seconds')).toBeGreaterThan(0)
  })

  it("OPS-10 the process's own figures, and the database pool on PostgreSQL", () => {
    expect(value('process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0)
    const pool = samplesOf(scraped, 'readout_db_pool_connections')
    if (!onPostgres) {
      expect(pool).toEqual([])
      return
    }
    expect(value('readout_db_pool_connections', { state: 'total' })).toBeGreaterThan(0)
    expect(value('readout_db_pool_connections', { state: 'max' })).toBe(10)
    expect(value('readout_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0)
  })
})
