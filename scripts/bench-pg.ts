/**
 * PostgreSQL benchmark: the real server (the app factory the tests use) on a throw-away
 * PostgreSQL cluster with the demo worklist plus N synthetic orders, against its floor measured
 * in the same run: the SQL the same work needs at the least, sent by a bare `pg` client.
 * - `GET /api/v1/orders/{id}` over HTTP / one statement building that order's JSON;
 * - `POST /api/v1/orders/{id}/messages` over HTTP (the local assistant answers) / one transaction
 *   that locks the order, inserts the two messages and sets the status.
 * Sequential requests after a warm-up; prints p50 and p95 of each and the ratio of the p50s, and
 * writes them as JSON. Asserts nothing about the numbers.
 *
 * Run: npx tsx scripts/bench-pg.ts [orders=10000] [requests=300] [--json FILE]
 */
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { createAssistant } from '../server/assistant'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { orders, patients, reports } from '../server/db/schema'
import { orderJson } from '../server/repo/mappers'
import { addSyntheticOrders, seedDemoData } from '../server/seed/seed'
import { startPostgresCluster } from '../tests/support/postgresCluster'

const args = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--json')
const jsonAt = process.argv.indexOf('--json')
const JSON_FILE = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined
const ORDERS = Number(args[0] ?? 10_000)
const REQUESTS = Number(args[1] ?? 300)

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

async function timed(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(30, n); i += 1) await run(i)
  const times: number[] = []
  for (let i = 0; i < n; i += 1) {
    const started = performance.now()
    await run(i)
    times.push(performance.now() - started)
  }
  return times
}

/** One request over a kept-alive connection; resolves with the status once the body is read. */
function send(
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

async function main() {
  const cluster = await startPostgresCluster()
  if (!cluster) throw new Error('This benchmark needs PostgreSQL (initdb, pg_ctl) on the machine.')
  const admin = new pg.Client({ connectionString: cluster.adminUrl })
  await admin.connect()
  await admin.query('CREATE DATABASE bench')
  await admin.end()
  const url = cluster.adminUrl.replace(/\/postgres$/, '/bench')
  const database = await openDatabase({ kind: 'postgres', url })
  const floor = new pg.Client({ connectionString: url })
  try {
    await seedDemoData(database.db, { now: new Date() })
    await addSyntheticOrders(database.db, ORDERS, { now: new Date() })
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: '/nonexistent' })
    const app = await buildApp({
      config,
      db: database.db,
      assistant: createAssistant(config.assistant),
      logger: false,
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const signUp = await fetch(`${base}/v1/auth/password/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        loginId: `pg-bench-${Date.now()}@hospital.test`,
        password: 'Pg-Bench-Password-7',
        user: { name: 'Dr Bench' },
      }),
    })
    const { sessionJwt } = (await signUp.json()) as { sessionJwt: string }
    const auth = { authorization: `Bearer ${sessionJwt}`, origin: base }
    const ids = (
      await database.db.select({ id: orders.id }).from(orders).orderBy(orders.seq).limit(REQUESTS)
    ).map((row) => row.id)
    const idAt = (i: number) => ids[i % ids.length] ?? ''
    await floor.connect()
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })

    // The floor's statement is the server's own JSON of one order (mappers.ts), by id.
    const oneOrder = database.db
      .select({ order: orderJson })
      .from(orders)
      .innerJoin(patients, eq(patients.id, orders.patientId))
      .leftJoin(reports, eq(reports.orderId, orders.id))
      .where(eq(orders.id, '$1'))
      .toSQL()
    if (oneOrder.params.length !== 1) throw new Error('the one-order statement takes one parameter')
    const getFloor = await timed(REQUESTS, (i) => floor.query(oneOrder.sql, [idAt(i)]))
    const getProduct = await timed(REQUESTS, async (i) => {
      const status = await send(agent, `${base}/api/v1/orders/${idAt(i)}`, {
        method: 'GET',
        headers: auth,
      })
      if (status !== 200) throw new Error(`GET /orders/{id} answered ${String(status)}`)
    })

    const content = 'Findings: small left pleural effusion. Impression: effusion.'
    const postFloor = await timed(REQUESTS, async (i) => {
      const id = idAt(i + 7)
      await floor.query('BEGIN')
      await floor.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [id])
      const insert =
        'INSERT INTO messages (id, order_id, user_id, role, content, input_type) VALUES ($1, $2, $3, $4, $5, $6)'
      await floor.query(insert, [randomUUID(), id, 'bench', 'user', content, 'text'])
      await floor.query(insert, [randomUUID(), id, 'bench', 'assistant', 'Noted.', 'text'])
      await floor.query("UPDATE orders SET status = 'in_progress' WHERE id = $1", [id])
      await floor.query('COMMIT')
    })
    const postProduct = await timed(REQUESTS, async (i) => {
      const status = await send(agent, `${base}/api/v1/orders/${idAt(i + 11)}/messages`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ content, input_type: 'text' }),
      })
      if (status !== 200) throw new Error(`POST /messages answered ${String(status)}`)
    })
    agent.destroy()
    await app.close()

    const row = (name: string, product: number[], floorTimes: number[]) => {
      const result = {
        name,
        productP50Ms: percentile(product, 50),
        productP95Ms: percentile(product, 95),
        floorP50Ms: percentile(floorTimes, 50),
        floorP95Ms: percentile(floorTimes, 95),
        ratio: percentile(product, 50) / percentile(floorTimes, 50),
      }
      console.log(
        `${name.padEnd(26)} product p50 ${result.productP50Ms.toFixed(2)} ms (p95 ${result.productP95Ms.toFixed(2)})  floor p50 ${result.floorP50Ms.toFixed(2)} ms (p95 ${result.floorP95Ms.toFixed(2)})  ${result.ratio.toFixed(2)}x`,
      )
      return result
    }
    console.log(`PostgreSQL, ${String(ORDERS)} synthetic orders, ${String(REQUESTS)} requests each`)
    const results = [
      row('GET /orders/{id}', getProduct, getFloor),
      row('POST /orders/{id}/messages', postProduct, postFloor),
    ]
    if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify({ orders: ORDERS, results }, null, 2))
  } finally {
    await floor.end().catch(() => undefined)
    await database.close()
    cluster.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
