/**
 * The live worklist's benchmark (issue 16): two server instances on one throw-away PostgreSQL
 * cluster, 200 clients holding `GET /api/v1/events` open on instance A, and writes (a claim, then
 * its release) made through instance B. For each write:
 * - to the first client: from the write's request to the event at the first of A's clients (the
 *   time from a write on one instance to the event on another);
 * - to all clients: to the event at the last of the 200 (the fan-out);
 * - the write's own answer, for scale.
 * Each against its floor, measured in the same run on the same machine and database: the same
 * work done the least way by bare clients (benchEventsFloor.ts: a `pg` write with NOTIFY, a
 * LISTEN, one read of the order's JSON, a bare `http` server writing it to 200 open responses).
 * Prints p50 and p99 and writes JSON; asserts nothing about the numbers. The streaming clients
 * both sides hold open, and the p50 / p99: benchEventStreams.ts.
 *
 * Run: npx tsx scripts/bench-events.ts [clients=200] [writes=200] [--json FILE]
 */
import { writeFileSync } from 'node:fs'
import { Agent } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { createLocalAssistant } from '../server/assistant/local'
import { openDatabase } from '../server/db/client'
import { startPostgresCluster } from '../tests/support/postgresCluster'
import { Arrivals, openStream, spread, waitUntil } from './benchEventStreams'
import { floor } from './benchEventsFloor'
import { benchArgs, send, startBenchServer } from './benchHttp'

const { positional, json: JSON_FILE } = benchArgs()
const CLIENTS = Number(positional[0] ?? 200)
const WRITES = Number(positional[1] ?? 200)
const WARM_UP = 10

async function product(adminUrl: string) {
  const url = adminUrl.replace(/\/postgres$/, '/bench_events')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query('CREATE DATABASE bench_events')
  await admin.end()
  const a = await openDatabase({ kind: 'postgres', url })
  // Instance A: the clients' server (its own LISTEN connection).
  const serverA = await startBenchServer(a.db, 1000, {}, a.listen)
  // Instance B: another process would do the same; its own pool and LISTEN connection.
  const b = await openDatabase({ kind: 'postgres', url })
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    STATIC_DIR: '/nonexistent',
    WRITE_MAX_PER_USER_PER_MINUTE: '100000',
  })
  const appB = await buildApp({
    config,
    db: b.db,
    listen: b.listen,
    assistant: createLocalAssistant(),
    logger: false,
  })
  await appB.listen({ host: '127.0.0.1', port: 0 })
  const baseB = `http://127.0.0.1:${String((appB.server.address() as AddressInfo).port)}`
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS + 16 })
  const arrivals = new Arrivals()
  const stops: (() => void)[] = []
  try {
    let ready = 0
    for (let i = 0; i < CLIENTS; i += 1) {
      stops.push(
        await openStream(`${serverA.base}/api/v1/events`, serverA.auth, agent, (type, data) => {
          if (type === 'ready') ready += 1
          if (type !== 'order.claimed' && type !== 'order.released') return
          const { order_id: orderId } = JSON.parse(data) as { order_id: string }
          arrivals.arrived(`${type}:${orderId}`)
        }),
      )
    }
    await waitUntil(() => ready >= CLIENTS, `${String(CLIENTS)} streams to say ready`)
    const ids = await serverA.orderIds(WRITES + WARM_UP)
    const first: number[] = []
    const all: number[] = []
    const answer: number[] = []
    let eventBytes = 0
    for (let i = 0; i < WRITES + WARM_UP; i += 1) {
      const id = ids[i] ?? ''
      for (const [method, type] of [
        ['POST', 'order.claimed'],
        ['DELETE', 'order.released'],
      ] as const) {
        const heard = arrivals.expect(`${type}:${id}`, CLIENTS)
        const start = performance.now()
        const status = await send(agent, `${baseB}/api/v1/orders/${id}/claim`, {
          method,
          // The same clinician's token; the origin B answers to.
          headers: { ...serverA.auth, origin: baseB },
        })
        const answered = performance.now()
        if (status !== 200 && status !== 204)
          throw new Error(`${method} claim answered ${String(status)}`)
        const times = await heard
        if (i < WARM_UP) continue
        answer.push(answered - start)
        first.push(Math.min(...times) - start)
        all.push(Math.max(...times) - start)
      }
      if (i === 0) {
        const order = await fetch(`${serverA.base}/api/v1/orders/${id}`, { headers: serverA.auth })
        // The order's JSON and the frame around it (`id:`, `event:`, `data: {order_id, order}`).
        eventBytes = Buffer.byteLength(await order.text()) + 80
      }
    }
    return { first: spread(first), all: spread(all), answer: spread(answer), eventBytes, url, ids }
  } finally {
    for (const stop of stops) stop()
    agent.destroy()
    await appB.close()
    await serverA.close()
    await b.close()
    await a.close()
  }
}

async function main() {
  const cluster = await startPostgresCluster()
  if (!cluster) throw new Error('This benchmark needs PostgreSQL (initdb, pg_ctl) on the machine.')
  try {
    const { url, ids, ...measured } = await product(cluster.adminUrl)
    const bare = await floor(url, ids, { clients: CLIENTS, warmUp: WARM_UP })
    const ms = (n: number) => `${n.toFixed(2)} ms`
    const ratios = {
      first: measured.first.p50 / bare.first.p50,
      all: measured.all.p50 / bare.all.p50,
    }
    console.log(
      `${String(CLIENTS)} clients on instance A, ${String(WRITES * 2)} writes (claim, release) through instance B, event ~${String(measured.eventBytes)} B`,
    )
    console.log(
      `write on B -> event at A's first client: p50 ${ms(measured.first.p50)}, p99 ${ms(measured.first.p99)}; bare floor p50 ${ms(bare.first.p50)}, p99 ${ms(bare.first.p99)}: ${ratios.first.toFixed(1)}x`,
    )
    console.log(
      `write on B -> event at all ${String(CLIENTS)} clients: p50 ${ms(measured.all.p50)}, p99 ${ms(measured.all.p99)}; bare floor p50 ${ms(bare.all.p50)}, p99 ${ms(bare.all.p99)}: ${ratios.all.toFixed(1)}x`,
    )
    console.log(
      `the write's own answer (HTTP, on B): p50 ${ms(measured.answer.p50)}, p99 ${ms(measured.answer.p99)}`,
    )
    if (JSON_FILE) {
      writeFileSync(
        JSON_FILE,
        `${JSON.stringify(
          { clients: CLIENTS, writes: WRITES * 2, product: measured, floor: bare, ratios },
          null,
          2,
        )}\n`,
      )
      console.log(`JSON written to ${JSON_FILE}`)
    }
  } finally {
    cluster.stop()
  }
}

await main()
