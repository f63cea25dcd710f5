/**
 * The live worklist's benchmark (issue 16): two server instances on one throw-away PostgreSQL
 * cluster, 200 clients holding `GET /api/v1/events` open on instance A, and writes (a claim, then
 * its release) made through instance B. For each write:
 * - to the first client: from the write's request to the event at the first of A's clients (the
 *   time from a write on one instance to the event on another);
 * - to all clients: to the event at the last of the 200 (the fan-out);
 * - the write's own answer, for scale.
 * Each against its floor, measured in the same run on the same machine:
 * - NOTIFY: one bare `pg` connection's NOTIFY reaching another's LISTEN (what crossing
 *   instances costs at the least);
 * - fan-out: a bare `http` server writing one event of the same size to 200 open responses,
 *   until the last of 200 clients has it.
 * Prints p50 and p99 and writes JSON; asserts nothing about the numbers.
 *
 * Run: npx tsx scripts/bench-events.ts [clients=200] [writes=200] [--json FILE]
 */
import { writeFileSync } from 'node:fs'
import { Agent, createServer, request as httpRequest, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { createLocalAssistant } from '../server/assistant/local'
import { openDatabase } from '../server/db/client'
import { startPostgresCluster } from '../tests/support/postgresCluster'
import { benchArgs, percentile, send, startBenchServer } from './benchHttp'

const { positional, json: JSON_FILE } = benchArgs()
const CLIENTS = Number(positional[0] ?? 200)
const WRITES = Number(positional[1] ?? 200)
const WARM_UP = 10

interface Spread {
  p50: number
  p99: number
}
const spread = (values: number[]): Spread => ({
  p50: percentile(values, 50),
  p99: percentile(values, 99),
})

/**
 * One streaming client: reads the body as it comes and calls `onEvent` with each event's type
 * and data. Resolves once the stream has opened.
 */
function openStream(
  url: string,
  headers: Record<string, string>,
  agent: Agent,
  onEvent: (type: string, data: string) => void,
): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET events answered ${String(res.statusCode)}`))
        return
      }
      res.setEncoding('utf8')
      let buffered = ''
      res.on('data', (chunk: string) => {
        buffered += chunk
        for (let end = buffered.indexOf('\n\n'); end !== -1; end = buffered.indexOf('\n\n')) {
          const frame = buffered.slice(0, end)
          buffered = buffered.slice(end + 2)
          let type = 'message'
          let data = ''
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) type = line.slice(7)
            else if (line.startsWith('data: ')) data = line.slice(6)
          }
          if (data !== '' || type !== 'message') onEvent(type, data)
        }
      })
      resolve(() => {
        req.destroy()
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** Waits for `count` arrivals of the events `matches` marks, answering their arrival times. */
class Arrivals {
  private waiting: { key: string; count: number; times: number[]; done: () => void }[] = []

  expect(key: string, count: number): Promise<number[]> {
    return new Promise((resolve) => {
      const entry = {
        key,
        count,
        times: [] as number[],
        done: () => {
          resolve(entry.times)
        },
      }
      this.waiting.push(entry)
    })
  }

  arrived(key: string): void {
    const now = performance.now()
    for (const entry of this.waiting) {
      if (entry.key !== key) continue
      entry.times.push(now)
      if (entry.times.length === entry.count) {
        this.waiting = this.waiting.filter((other) => other !== entry)
        entry.done()
      }
    }
  }
}

async function product(adminUrl: string) {
  const url = adminUrl.replace(/\/postgres$/, '/bench_events')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query('CREATE DATABASE bench_events')
  await admin.end()
  const a = await openDatabase({ kind: 'postgres', url })
  // Instance A: the clients' server (its own LISTEN connection).
  const serverA = await startBenchServer(a.db, 1000)
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
    while (ready < CLIENTS) await new Promise((resolve) => setTimeout(resolve, 10))
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
          headers: serverA.auth,
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
        eventBytes = (await order.text()).length + 80
      }
    }
    return { first: spread(first), all: spread(all), answer: spread(answer), eventBytes }
  } finally {
    for (const stop of stops) stop()
    agent.destroy()
    await appB.close()
    await serverA.close()
    await b.close()
    await a.close()
  }
}

/** Bare NOTIFY from one connection to another's LISTEN. */
async function notifyFloor(adminUrl: string): Promise<Spread> {
  const listener = new pg.Client({ connectionString: adminUrl })
  const notifier = new pg.Client({ connectionString: adminUrl })
  await listener.connect()
  await notifier.connect()
  try {
    await listener.query('LISTEN bench_floor')
    let heard: (() => void) | null = null
    listener.on('notification', () => heard?.())
    const times: number[] = []
    for (let i = 0; i < WRITES * 2 + WARM_UP; i += 1) {
      const arrived = new Promise<void>((resolve) => {
        heard = resolve
      })
      const start = performance.now()
      await notifier.query(`NOTIFY bench_floor, '${String(i)}'`)
      await arrived
      if (i >= WARM_UP) times.push(performance.now() - start)
    }
    return spread(times)
  } finally {
    await listener.end()
    await notifier.end()
  }
}

/** A bare http server writing one event of `bytes` to `CLIENTS` open responses. */
async function fanOutFloor(bytes: number): Promise<Spread> {
  const responses: ServerResponse[] = []
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(': open\n\n')
    responses.push(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS + 16 })
  const arrivals = new Arrivals()
  const stops: (() => void)[] = []
  try {
    for (let i = 0; i < CLIENTS; i += 1) {
      stops.push(
        await openStream(`${base}/`, {}, agent, (type, data) => {
          arrivals.arrived(`${type}:${data.slice(0, 12)}`)
        }),
      )
    }
    while (responses.length < CLIENTS) await new Promise((resolve) => setTimeout(resolve, 10))
    const times: number[] = []
    const padding = 'x'.repeat(Math.max(0, bytes - 40))
    for (let i = 0; i < WRITES * 2 + WARM_UP; i += 1) {
      const key = String(i).padStart(12, '0')
      const heard = arrivals.expect(`order.claimed:${key}`, CLIENTS)
      const start = performance.now()
      const frame = `id: ${String(i)}\nevent: order.claimed\ndata: ${key}${padding}\n\n`
      for (const res of responses) res.write(frame)
      const arrived = await heard
      if (i >= WARM_UP) times.push(Math.max(...arrived) - start)
    }
    return spread(times)
  } finally {
    for (const stop of stops) stop()
    agent.destroy()
    for (const res of responses) res.destroy()
    await new Promise((resolve) => server.close(resolve))
  }
}

async function main() {
  const cluster = await startPostgresCluster()
  if (!cluster) throw new Error('This benchmark needs PostgreSQL (initdb, pg_ctl) on the machine.')
  try {
    const measured = await product(cluster.adminUrl)
    const notify = await notifyFloor(cluster.adminUrl)
    const fanOut = await fanOutFloor(measured.eventBytes)
    const ms = (n: number) => `${n.toFixed(2)} ms`
    const ratios = {
      firstP50: measured.first.p50 / notify.p50,
      allP50: measured.all.p50 / fanOut.p50,
    }
    console.log(
      `${String(CLIENTS)} clients on instance A, ${String(WRITES * 2)} writes (claim, release) through instance B, event ~${String(measured.eventBytes)} B`,
    )
    console.log(
      `write on B -> event at A's first client: p50 ${ms(measured.first.p50)}, p99 ${ms(measured.first.p99)} (NOTIFY floor p50 ${ms(notify.p50)}, p99 ${ms(notify.p99)}): ${ratios.firstP50.toFixed(1)}x`,
    )
    console.log(
      `write on B -> event at all ${String(CLIENTS)} clients: p50 ${ms(measured.all.p50)}, p99 ${ms(measured.all.p99)} (bare fan-out floor p50 ${ms(fanOut.p50)}, p99 ${ms(fanOut.p99)}): ${ratios.allP50.toFixed(1)}x`,
    )
    console.log(
      `the write's own answer: p50 ${ms(measured.answer.p50)}, p99 ${ms(measured.answer.p99)}`,
    )
    if (JSON_FILE) {
      writeFileSync(
        JSON_FILE,
        JSON.stringify(
          {
            clients: CLIENTS,
            writes: WRITES * 2,
            product: measured,
            floor: { notify, fanOut },
            ratios,
          },
          null,
          2,
        ),
      )
    }
  } finally {
    cluster.stop()
  }
}

await main()
