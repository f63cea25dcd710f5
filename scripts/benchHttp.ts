/**
 * What the server benchmarks share: the app on a database of either kind with the demo worklist
 * and N synthetic orders, listening on loopback with a signed-up clinician; requests over kept-alive
 * connections; sequential timings after a warm-up, and a crowd of concurrent clients for a while.
 */
import type { AddressInfo } from 'node:net'
import { Agent, request as httpRequest } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import { createAssistant } from '../server/assistant'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import type { Database } from '../server/db/client'
import type { ListenFn } from '../server/db/notifications'
import { eq } from 'drizzle-orm'
import { orders, patients, reports } from '../server/db/schema'
import { orderJson } from '../server/repo/mappers'
import { addSyntheticOrders, seedDemoData } from '../server/seed/seed'

/** `--json FILE` and the positional arguments of a benchmark's command line. */
export function benchArgs(argv = process.argv.slice(2)): { positional: string[]; json?: string } {
  const at = argv.indexOf('--json')
  const json = at >= 0 ? argv[at + 1] : undefined
  const positional = argv.filter((arg, i) => !arg.startsWith('--') && argv[i - 1] !== '--json')
  return json ? { positional, json } : { positional }
}

export { percentile } from './benchStats'

/** `n` runs one after another after a warm-up; the time of each, in ms. */
export async function timed(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(30, n); i += 1) await run(i)
  const times: number[] = []
  for (let i = 0; i < n; i += 1) {
    const started = performance.now()
    await run(i)
    times.push(performance.now() - started)
  }
  return times
}

/**
 * `n` runs of `product` and of `floor`, alternating one of each, after a warm-up of both: what
 * the machine does meanwhile (a CPU waking up, another process) falls on both alike. The time of
 * each run, in ms.
 */
export async function timedPair(
  n: number,
  product: (i: number) => Promise<unknown>,
  floor: (i: number) => Promise<unknown>,
): Promise<{ product: number[]; floor: number[] }> {
  for (let i = 0; i < Math.min(30, n); i += 1) {
    await product(i)
    await floor(i)
  }
  const times = { product: [] as number[], floor: [] as number[] }
  const once = async (run: (i: number) => Promise<unknown>, into: number[], i: number) => {
    const started = performance.now()
    await run(i)
    into.push(performance.now() - started)
  }
  for (let i = 0; i < n; i += 1) {
    // Which goes first alternates too, so neither always follows the other's wake-up.
    if (i % 2 === 0) {
      await once(product, times.product, i)
      await once(floor, times.floor, i)
    } else {
      await once(floor, times.floor, i)
      await once(product, times.product, i)
    }
  }
  return times
}

/** `clients` loops running `run` until `seconds` have passed; completed runs per second. */
export async function crowdRate(
  clients: number,
  seconds: number,
  run: (client: number, i: number) => Promise<unknown>,
): Promise<number> {
  const started = performance.now()
  const deadline = started + seconds * 1000
  let done = 0
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < deadline; i += 1) {
        await run(client, i)
        done += 1
      }
    }),
  )
  return done / ((performance.now() - started) / 1000)
}

/** One request; resolves with the status once the body is read. */
export function send(
  agent: Agent,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, method: init.method, headers: init.headers }, (res) => {
      res.resume()
      res.on('end', () => {
        resolve(res.statusCode ?? 0)
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(init.body)
  })
}

export interface BenchServer {
  app: FastifyInstance
  base: string
  /** Headers of the signed-in clinician's API calls. */
  auth: Record<string, string>
  /** The first `n` order ids in insertion order. */
  orderIds(n: number): Promise<string[]>
  agent: Agent
  close(): Promise<void>
}

/** The app on `db` (seeded here) with `orderCount` synthetic orders, listening on loopback. */
export async function startBenchServer(
  db: Database,
  orderCount: number,
  env: Record<string, string> = {},
  listen?: ListenFn,
): Promise<BenchServer> {
  await seedDemoData(db, { now: new Date() })
  await addSyntheticOrders(db, orderCount, { now: new Date() })
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    STATIC_DIR: '/nonexistent',
    // The benchmarks write as fast as they can, as one clinician.
    WRITE_MAX_PER_USER_PER_MINUTE: '100000',
    ...env,
  })
  const app = await buildApp({
    config,
    db,
    ...(listen ? { listen } : {}),
    assistant: createAssistant(config.assistant),
    logger: false,
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`
  const signUp = await fetch(`${base}/v1/auth/password/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      loginId: `bench-${String(Date.now())}@hospital.test`,
      password: 'Server-Bench-Password-7',
      user: { name: 'Dr Bench' },
    }),
  })
  const { sessionJwt } = (await signUp.json()) as { sessionJwt: string }
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  return {
    app,
    base,
    auth: { authorization: `Bearer ${sessionJwt}`, origin: base },
    agent,
    async orderIds(n) {
      const rows = await db.select({ id: orders.id }).from(orders).orderBy(orders.seq).limit(n)
      return rows.map((row) => row.id)
    },
    async close() {
      agent.destroy()
      await app.close()
    },
  }
}

/**
 * The server's own statement for one order's JSON (mappers.ts), by id (`$1`): what the floors of
 * the database benchmarks send from a bare `pg` client.
 */
export function oneOrderSql(db: Database): string {
  return db
    .select({ order: orderJson })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .leftJoin(reports, eq(reports.orderId, orders.id))
    .where(eq(orders.id, '$1'))
    .toSQL().sql
}
