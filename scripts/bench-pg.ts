/**
 * Database benchmark: the real server (the app factory the tests use) on a throw-away PostgreSQL
 * cluster and on a throw-away PGlite folder, each with the demo worklist plus N synthetic orders.
 * - On PostgreSQL, against its floor measured in the same run, the SQL the same work needs at
 *   the least, sent by a bare `pg` client:
 *   `GET /api/v1/orders/{id}` over HTTP / the one statement building that order's JSON;
 *   `POST /api/v1/orders/{id}/messages` over HTTP (the local assistant answers), two kinds:
 *   - a question (the assistant answers, the report stays) / one transaction that locks the order,
 *     inserts the two messages and the audit event, and sets the status when it is not yet set;
 *   - a dictation ("Findings: ... Impression: ...", which the assistant writes into the report) /
 *     the same transaction plus the report's upsert, its revision and the second audit event.
 *   One statement per table in each floor; the product's own statement count is its business.
 *   Sequential requests after a warm-up, one of the product and one of its floor in turn, so that
 *   what the machine does meanwhile falls on both alike: p50, p95, and the ratio of the p50s.
 * - On both databases, what a department would put on them: reads and dictations sequential,
 *   and from 32 (reads) or 16 (dictations) concurrent clients for a few seconds, per second.
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
  timedPair,
  type BenchServer,
  oneOrderSql,
} from './benchHttp'

const { positional, json: JSON_FILE } = benchArgs()
const ORDERS = Number(positional[0] ?? 10_000)
const REQUESTS = Number(positional[1] ?? 300)
const CROWD_SECONDS = 6
/** A message the local assistant answers without touching the report. */
const QUESTION = 'What is the indication for this study?'
/** A message the local assistant writes into the report's Findings and Impression. */
const DICTATION = 'Findings: small left pleural effusion. Impression: effusion.'

interface Measured {
  getP50Ms: number
  getP95Ms: number
  questionP50Ms: number
  questionP95Ms: number
  postP50Ms: number
  postP95Ms: number
  getsPerSecond: number
  postsPerSecond: number
}

/** One order read, one question and one dictation, each by the i-th order. */
interface Runs {
  get(i: number): Promise<unknown>
  question(i: number): Promise<unknown>
  dictation(i: number): Promise<unknown>
}

/** The product's requests over HTTP. */
function productRuns(server: BenchServer, ids: string[]): Runs {
  const idAt = (i: number) => ids[i % ids.length] ?? ''
  const message = (content: string) => async (i: number) => {
    const status = await send(server.agent, `${server.base}/api/v1/orders/${idAt(i)}/messages`, {
      method: 'POST',
      headers: { ...server.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ content, input_type: 'text' }),
    })
    if (status !== 200) throw new Error(`POST /messages answered ${String(status)}`)
  }
  return {
    async get(i) {
      const status = await send(server.agent, `${server.base}/api/v1/orders/${idAt(i)}`, {
        method: 'GET',
        headers: server.auth,
      })
      if (status !== 200) throw new Error(`GET /orders/{id} answered ${String(status)}`)
    },
    question: message(QUESTION),
    dictation: message(DICTATION),
  }
}

/** The floor on PostgreSQL: the least SQL the same work needs, from a bare client. */
function floorRuns(client: pg.Client, database: OpenDatabase, ids: string[]): Runs {
  const idAt = (i: number) => ids[i % ids.length] ?? ''
  // The statement is the server's own JSON of one order (mappers.ts), by id.
  const oneOrder = oneOrderSql(database.db)
  const messages = `INSERT INTO messages (id, order_id, user_id, role, content, input_type, meta_data)
    VALUES ($1, $3, 'bench', 'user', $4, 'text', NULL),
      ($2, $3, 'bench', 'assistant', 'Noted.', 'text', '{"type":"reply"}')`
  const audit = `INSERT INTO audit_events (kind, user_id, order_id, detail)
    VALUES ('message_sent', 'bench', $1, '{"input_type":"text"}')`
  const dictationAudit = `${audit},
    ('assistant_update', 'bench', $1, '{"sections":["findings","impression"]}')`
  const status =
    "UPDATE orders SET status = 'in_progress' WHERE id = $1 AND status <> 'in_progress'"
  const report = `INSERT INTO reports (order_id, findings, impression, updated_at)
    VALUES ($1, $2, $3, now())
    ON CONFLICT (order_id) DO UPDATE SET findings = excluded.findings,
      impression = excluded.impression, updated_at = excluded.updated_at`
  const revision = `INSERT INTO report_revisions (id, order_id, history, technique, comparison,
    findings, impression, author_kind, cause, sections_changed, created_at)
    VALUES ($1, $2, '', '', '', $3, $4, 'assistant', 'assistant', '["findings","impression"]', now())`
  const transaction = async (id: string, dictated: boolean) => {
    await client.query('BEGIN')
    await client.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [id])
    if (dictated) {
      await client.query(report, [id, 'small left pleural effusion.', 'effusion.'])
      await client.query(revision, [randomUUID(), id, 'small left pleural effusion.', 'effusion.'])
    }
    await client.query(messages, [randomUUID(), randomUUID(), id, dictated ? DICTATION : QUESTION])
    await client.query(dictated ? dictationAudit : audit, [id])
    await client.query(status, [id])
    await client.query('COMMIT')
  }
  return {
    get: (i) => client.query(oneOrder, [idAt(i)]),
    question: (i) => transaction(idAt(i), false),
    dictation: (i) => transaction(idAt(i), true),
  }
}

const summary = (times: number[]) => ({ p50: percentile(times, 50), p95: percentile(times, 95) })

/**
 * The product's numbers on one database: sequential (alternating with the floor's, when there is
 * one), then concurrent.
 */
async function measure(server: BenchServer, floor?: Runs) {
  const product = productRuns(server, await server.orderIds(REQUESTS))
  const floorTimes = { get: [] as number[], question: [] as number[], dictation: [] as number[] }
  const sequential = async (kind: keyof Runs, offset: number) => {
    const run = (i: number) => product[kind](i + offset)
    if (!floor) return timed(REQUESTS, run)
    const pair = await timedPair(REQUESTS, run, (i) => floor[kind](i + offset + 3))
    floorTimes[kind] = pair.floor
    return pair.product
  }
  const gets = summary(await sequential('get', 0))
  const questions = summary(await sequential('question', 5))
  const posts = summary(await sequential('dictation', 11))
  const measured: Measured = {
    getP50Ms: gets.p50,
    getP95Ms: gets.p95,
    questionP50Ms: questions.p50,
    questionP95Ms: questions.p95,
    postP50Ms: posts.p50,
    postP95Ms: posts.p95,
    getsPerSecond: await crowdRate(32, CROWD_SECONDS, (c, i) => product.get(c * 97 + i)),
    postsPerSecond: await crowdRate(16, CROWD_SECONDS, (c, i) => product.dictation(c * 89 + i)),
  }
  const floorP50 = {
    getP50Ms: percentile(floorTimes.get, 50),
    questionP50Ms: percentile(floorTimes.question, 50),
    postP50Ms: percentile(floorTimes.dictation, 50),
  }
  return { measured, floorP50 }
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
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const floor = floorRuns(client, database, await server.orderIds(REQUESTS))
        const { measured, floorP50 } = await measure(server, floor)
        return { product: measured, floor: floorP50 }
      } finally {
        await client.end()
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
      return (await measure(server)).measured
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
    question: postgres.product.questionP50Ms / postgres.floor.questionP50Ms,
    post: postgres.product.postP50Ms / postgres.floor.postP50Ms,
  }
  console.log(
    `PostgreSQL GET /orders/{id}: product p50 ${ms(postgres.product.getP50Ms)}, raw SQL ${ms(postgres.floor.getP50Ms)}: ${ratios.get.toFixed(2)}x`,
  )
  console.log(
    `PostgreSQL question:         product p50 ${ms(postgres.product.questionP50Ms)}, raw SQL ${ms(postgres.floor.questionP50Ms)}: ${ratios.question.toFixed(2)}x`,
  )
  console.log(
    `PostgreSQL dictation:        product p50 ${ms(postgres.product.postP50Ms)}, raw SQL ${ms(postgres.floor.postP50Ms)}: ${ratios.post.toFixed(2)}x`,
  )
  for (const [name, m] of [
    ['PostgreSQL', postgres.product],
    ['PGlite', pglite],
  ] as const) {
    console.log(
      `${name.padEnd(10)} one order p50 ${ms(m.getP50Ms)} (p95 ${ms(m.getP95Ms)}), question p50 ${ms(m.questionP50Ms)}, dictation p50 ${ms(m.postP50Ms)} (p95 ${ms(m.postP95Ms)}); ` +
        `32 readers ${m.getsPerSecond.toFixed(0)}/s, 16 dictating ${m.postsPerSecond.toFixed(0)}/s`,
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
