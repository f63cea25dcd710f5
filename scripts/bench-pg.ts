/**
 * Database benchmark: the real server (the app factory the tests use) on a throw-away PostgreSQL
 * cluster and on a throw-away PGlite folder, each with the demo worklist plus N synthetic orders.
 * - On PostgreSQL, against its floor measured in the same run, the SQL the same work needs at
 *   the least, sent by a bare `pg` client:
 *   `GET /api/v1/orders/{id}` over HTTP / the one statement building that order's JSON;
 *   `POST /api/v1/orders/{id}/messages` over HTTP (the local assistant answers) / one transaction
 *   that locks the order, inserts the two messages and sets the status.
 *   Sequential requests after a warm-up: p50, p95, and the ratio of the p50s.
 * - On both databases, what a department would put on them: the same two requests sequential,
 *   and from 32 (reads) or 16 (writes) concurrent clients for a few seconds, per second.
 * Prints and writes JSON; asserts nothing about the numbers.
 *
 * Run: npx tsx scripts/bench-pg.ts [orders=10000] [requests=300] [--json FILE]
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, type OpenDatabase } from '../server/db/client'
import { startPostgresCluster } from '../tests/support/postgresCluster'
import {
  benchArgs,
  crowdRate,
  percentile,
  send,
  startBenchServer,
  timed,
  type BenchServer,
  oneOrderSql,
} from './benchHttp'

const { positional, json: JSON_FILE } = benchArgs()
const ORDERS = Number(positional[0] ?? 10_000)
const REQUESTS = Number(positional[1] ?? 300)
const CROWD_SECONDS = 6
const CONTENT = 'Findings: small left pleural effusion. Impression: effusion.'

interface Measured {
  getP50Ms: number
  getP95Ms: number
  postP50Ms: number
  postP95Ms: number
  getsPerSecond: number
  postsPerSecond: number
}

/** The product's numbers on one database: sequential, then concurrent. */
async function measure(server: BenchServer): Promise<Measured> {
  const ids = await server.orderIds(REQUESTS)
  const idAt = (i: number) => ids[i % ids.length] ?? ''
  const get = async (i: number) => {
    const status = await send(server.agent, `${server.base}/api/v1/orders/${idAt(i)}`, {
      method: 'GET',
      headers: server.auth,
    })
    if (status !== 200) throw new Error(`GET /orders/{id} answered ${String(status)}`)
  }
  const post = async (i: number) => {
    const status = await send(server.agent, `${server.base}/api/v1/orders/${idAt(i)}/messages`, {
      method: 'POST',
      headers: { ...server.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ content: CONTENT, input_type: 'text' }),
    })
    if (status !== 200) throw new Error(`POST /messages answered ${String(status)}`)
  }
  const gets = await timed(REQUESTS, get)
  const posts = await timed(REQUESTS, (i) => post(i + 11))
  return {
    getP50Ms: percentile(gets, 50),
    getP95Ms: percentile(gets, 95),
    postP50Ms: percentile(posts, 50),
    postP95Ms: percentile(posts, 95),
    getsPerSecond: await crowdRate(32, CROWD_SECONDS, (c, i) => get(c * 97 + i)),
    postsPerSecond: await crowdRate(16, CROWD_SECONDS, (c, i) => post(c * 89 + i)),
  }
}

/** The floor on PostgreSQL: the least SQL the same work needs, from a bare client. */
async function floorOf(database: OpenDatabase, url: string, ids: string[]) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const idAt = (i: number) => ids[i % ids.length] ?? ''
    // The statement is the server's own JSON of one order (mappers.ts), by id.
    const oneOrder = { sql: oneOrderSql(database.db) }
    const gets = await timed(REQUESTS, (i) => client.query(oneOrder.sql, [idAt(i)]))
    const insert =
      'INSERT INTO messages (id, order_id, user_id, role, content, input_type) VALUES ($1, $2, $3, $4, $5, $6)'
    const posts = await timed(REQUESTS, async (i) => {
      const id = idAt(i + 7)
      await client.query('BEGIN')
      await client.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [id])
      await client.query(insert, [randomUUID(), id, 'bench', 'user', CONTENT, 'text'])
      await client.query(insert, [randomUUID(), id, 'bench', 'assistant', 'Noted.', 'text'])
      await client.query("UPDATE orders SET status = 'in_progress' WHERE id = $1", [id])
      await client.query('COMMIT')
    })
    return { getP50Ms: percentile(gets, 50), postP50Ms: percentile(posts, 50) }
  } finally {
    await client.end()
  }
}

async function onPostgres() {
  const cluster = await startPostgresCluster()
  if (!cluster) throw new Error('This benchmark needs PostgreSQL (initdb, pg_ctl) on the machine.')
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl })
    await admin.connect()
    await admin.query('CREATE DATABASE bench')
    await admin.end()
    const url = cluster.adminUrl.replace(/\/postgres$/, '/bench')
    const database = await openDatabase({ kind: 'postgres', url })
    try {
      const server = await startBenchServer(database.db, ORDERS)
      try {
        const floor = await floorOf(database, url, await server.orderIds(REQUESTS))
        return { product: await measure(server), floor }
      } finally {
        await server.close()
      }
    } finally {
      await database.close()
    }
  } finally {
    cluster.stop()
  }
}

async function onPglite() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readout-bench-pglite-'))
  const database = await openDatabase({ kind: 'pglite', dataDir })
  try {
    const server = await startBenchServer(database.db, ORDERS)
    try {
      return await measure(server)
    } finally {
      await server.close()
    }
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  const postgres = await onPostgres()
  const pglite = await onPglite()
  const ms = (n: number) => `${n.toFixed(2)} ms`
  console.log(`${String(ORDERS)} synthetic orders, ${String(REQUESTS)} sequential requests each`)
  const ratios = {
    get: postgres.product.getP50Ms / postgres.floor.getP50Ms,
    post: postgres.product.postP50Ms / postgres.floor.postP50Ms,
  }
  console.log(
    `PostgreSQL GET /orders/{id}: product p50 ${ms(postgres.product.getP50Ms)}, raw SQL ${ms(postgres.floor.getP50Ms)}: ${ratios.get.toFixed(2)}x`,
  )
  console.log(
    `PostgreSQL POST /messages:   product p50 ${ms(postgres.product.postP50Ms)}, raw SQL ${ms(postgres.floor.postP50Ms)}: ${ratios.post.toFixed(2)}x`,
  )
  for (const [name, m] of [
    ['PostgreSQL', postgres.product],
    ['PGlite', pglite],
  ] as const) {
    console.log(
      `${name.padEnd(10)} one order p50 ${ms(m.getP50Ms)} (p95 ${ms(m.getP95Ms)}), message p50 ${ms(m.postP50Ms)} (p95 ${ms(m.postP95Ms)}); ` +
        `32 readers ${m.getsPerSecond.toFixed(0)}/s, 16 writers ${m.postsPerSecond.toFixed(0)}/s`,
    )
  }
  if (JSON_FILE) {
    writeFileSync(JSON_FILE, JSON.stringify({ orders: ORDERS, postgres, pglite, ratios }, null, 2))
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
