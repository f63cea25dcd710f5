/**
 * API benchmark: the real server (the app factory the tests use) on a throw-away PGlite data
 * folder, the demo worklist plus N synthetic orders, driven over real HTTP with fetch.
 * Prints numbers and asserts nothing about them (timings depend on the machine); it stops with
 * an error only when a request fails:
 * - how long the server takes to start on a cold data folder (initdb and migrations) and on the
 *   warm, seeded one, and how long seeding takes;
 * - for each measured request, sequential, after a few warm-up calls: p50 / p95 / max latency,
 *   the answer's size as sent, its gzip size, and the Content-Encoding the server used.
 *
 * Run: npx tsx scripts/bench-api.ts [orderCount]   (default 10,000 synthetic orders)
 *
 * Everything runs in this one process: module loading is paid by the cold start only, and the
 * client's work (fetch) shares the CPU with the server's.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { orderListSchema, patientListSchema, type Order } from '../contract'
import { createAssistant } from '../server/assistant'
import { buildApp } from '../server/app'
import { loadConfig, type ServerConfig } from '../server/config'
import { openDatabase, type OpenDatabase } from '../server/db/client'
import { addSyntheticOrders, seedDemoData } from '../server/seed/seed'

const ORDER_COUNT = Number(process.argv[2] ?? 10_000)
/** Measured requests per row, unless the row's time budget runs out first. */
const RUNS = 30
/** Unmeasured requests before each row. */
const WARM_UP = 3
/** A row stops early once its measured requests took this long (and at least MIN_RUNS ran). */
const ROW_BUDGET_MS = 25_000
const MIN_RUNS = 5
/** Messages in the conversation whose list is measured (each POST adds a question and a reply). */
const LONG_CONVERSATION = 200

const QUESTION = 'What is the indication?'
const REPORT_TEXT =
  'Findings: 5 mm nodule in the right upper lobe. Impression: indeterminate pulmonary nodule.'
const DICTATION_SENTENCES = [
  'findings colon the lungs are clear comma without focal consolidation comma effusion or pneumothorax period',
  'um there is a five millimeter solid nodule in the right upper lobe comma series three image forty two period',
  'the heart size is normal period no pericardial effusion period new line',
  'the liver measures sixteen point five centimeters comma with no focal lesion period',
  'uh a simple cyst in the left kidney measures two by three centimeters comma twelve hounsfield units period',
  'degenerative changes at l four l five comma without compression fracture period new paragraph',
  'impression colon indeterminate five millimeter pulmonary nodule in the right upper lobe period',
  'recommend follow up ct chest in twelve months per fleischner society guidelines period',
]

if (!Number.isSafeInteger(ORDER_COUNT) || ORDER_COUNT < 1) {
  console.error(
    `Usage: npx tsx scripts/bench-api.ts [orderCount]  (got "${String(process.argv[2])}")`,
  )
  process.exit(2)
}

/** Dictation of about 300 words, the kind the report editor sends to cleanup. */
function dictation(words: number): string {
  const parts: string[] = []
  let count = 0
  for (let i = 0; count < words; i++) {
    const sentence = DICTATION_SENTENCES[i % DICTATION_SENTENCES.length] ?? ''
    parts.push(sentence)
    count += sentence.split(' ').length
  }
  return parts.join(' ')
}

interface Server {
  app: FastifyInstance
  database: OpenDatabase
  baseUrl: string
}

interface StartTimes {
  /** openDatabase: PGlite start, plus initdb and the migrations on a cold folder. */
  open: number
  /** The demo seed check index.ts runs on every start (a no-op once there are patients). */
  seedCheck: number | null
  /** buildApp (loads or creates the signing keys) and listen. */
  app: number
}

/**
 * Starts the server the way server/index.ts does, on 127.0.0.1 and an ephemeral port; the demo
 * seed check only with `seedCheck` (the cold start leaves seeding to the timed seed step).
 */
async function startServer(
  config: ServerConfig,
  seedCheck: boolean,
): Promise<{ server: Server; times: StartTimes }> {
  let t = performance.now()
  const database = await openDatabase(config.database)
  const open = performance.now() - t
  try {
    let checked: number | null = null
    if (seedCheck) {
      t = performance.now()
      const result = await seedDemoData(database.db, { now: new Date() })
      checked = performance.now() - t
      if (!('skipped' in result)) throw new Error('The warm start found no demo worklist')
    }
    t = performance.now()
    const app = await buildApp({
      config,
      db: database.db,
      assistant: createAssistant(config.assistant),
      logger: false,
    })
    const baseUrl = await app.listen({ host: config.host, port: config.port })
    return {
      server: { app, database, baseUrl },
      times: { open, seedCheck: checked, app: performance.now() - t },
    }
  } catch (error) {
    await database.close()
    throw error
  }
}

async function stopServer(server: Server): Promise<void> {
  await server.app.close()
  await server.database.close()
}

interface Answer {
  status: number
  body: Buffer
  encoding: string
}

interface Client {
  send(method: string, route: string, body?: unknown): Promise<Answer>
}

function client(baseUrl: string, token: string | null): Client {
  return {
    async send(method, route, body) {
      const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' }
      if (token) headers.authorization = `Bearer ${token}`
      if (body !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(`${baseUrl}${route}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const answer = {
        status: res.status,
        body: Buffer.from(await res.arrayBuffer()),
        encoding: res.headers.get('content-encoding') ?? 'identity',
      }
      if (res.status >= 300) {
        throw new Error(`${method} ${route} answered ${res.status}: ${answer.body.toString()}`)
      }
      return answer
    },
  }
}

interface Row {
  label: string
  runs: number[]
  bytes: number
  gzip: number
  encoding: string
  note: string
}

const ms = (value: number) => value.toFixed(1)

function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[rank - 1] ?? Number.NaN
}

function kb(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`
}

/**
 * Sends `request(i)` WARM_UP times unmeasured, then up to RUNS times measured, one at a time.
 * `i` counts every call of the row (warm-up first), so a row can use a fresh order per call.
 */
async function measure(
  label: string,
  request: (i: number) => Promise<Answer>,
  note: (last: Answer) => string = () => '',
): Promise<Row> {
  let call = 0
  for (; call < WARM_UP; call++) await request(call)
  const runs: number[] = []
  let last: Answer | undefined
  let spent = 0
  while (runs.length < RUNS && (runs.length < MIN_RUNS || spent < ROW_BUDGET_MS)) {
    const started = performance.now()
    last = await request(call++)
    const took = performance.now() - started
    runs.push(took)
    spent += took
  }
  if (!last) throw new Error(`${label}: nothing measured`)
  return {
    label,
    runs,
    bytes: last.body.length,
    gzip: gzipSync(last.body).length,
    encoding: last.encoding,
    note: note(last),
  }
}

function printTable(rows: readonly Row[]) {
  const header = ['request', 'n', 'p50 ms', 'p95 ms', 'max ms', 'bytes', 'gzip', 'sent as', '']
  const lines = rows.map((row) => {
    const sorted = [...row.runs].sort((a, b) => a - b)
    return [
      row.label,
      String(row.runs.length),
      ms(percentile(sorted, 50)),
      ms(percentile(sorted, 95)),
      ms(sorted.at(-1) ?? Number.NaN),
      kb(row.bytes),
      kb(row.gzip),
      row.encoding,
      row.note,
    ]
  })
  const widths = header.map((h, col) =>
    Math.max(h.length, ...lines.map((l) => l[col]?.length ?? 0)),
  )
  const numeric = new Set([1, 2, 3, 4, 5, 6])
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, col) =>
        numeric.has(col) ? cell.padStart(widths[col] ?? 0) : cell.padEnd(widths[col] ?? 0),
      )
      .join('  ')
      .trimEnd()
  console.log(`  ${format(header)}`)
  for (const line of lines) console.log(`  ${format(line)}`)
}

/** Each run's folder under os.tmpdir(): `owner.pid` and PGlite's `pgdata`. */
const FOLDER_PREFIX = 'readout-bench-api-'

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0) // signal 0 only asks whether the process exists
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Deletes the folders of earlier runs whose process is gone. A run cleans up after itself, also
 * on error and on Ctrl+C, except when it is killed outright: `tsx` kills a child that does not
 * acknowledge a signal within a few milliseconds, and PGlite blocks the event loop far longer.
 */
function removeAbandonedFolders() {
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(FOLDER_PREFIX)) continue
    const folder = path.join(os.tmpdir(), name)
    let owner: number
    try {
      owner = Number(readFileSync(path.join(folder, 'owner.pid'), 'utf8'))
    } catch {
      continue // not ours to judge
    }
    if (Number.isSafeInteger(owner) && owner > 0 && !isRunning(owner)) {
      rmSync(folder, { recursive: true, force: true })
    }
  }
}

/** What is left to close and delete, also when the run fails or is interrupted. */
const open: { server?: Server | undefined; folder?: string | undefined } = {}

async function cleanUp() {
  const server = open.server
  open.server = undefined
  if (server) {
    await stopServer(server).catch((error: unknown) => {
      console.error(error)
    })
  }
  if (open.folder) rmSync(open.folder, { recursive: true, force: true })
  open.folder = undefined
}

async function main() {
  removeAbandonedFolders()
  const folder = mkdtempSync(path.join(os.tmpdir(), FOLDER_PREFIX))
  open.folder = folder
  writeFileSync(path.join(folder, 'owner.pid'), String(process.pid))
  console.log(`Data folder: ${folder} (deleted at the end)`)
  // Only these variables: the shell's DATABASE_URL, ASSISTANT_PROVIDER etc. do not apply.
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(folder, 'pgdata'),
    STATIC_DIR: path.join(folder, 'no-spa'),
    LOG_LEVEL: 'silent',
  })

  // Cold start: an empty folder, so PGlite runs initdb and every migration.
  const cold = await startServer(config, false)
  open.server = cold.server
  let t = performance.now()
  await stopServer(cold.server)
  open.server = undefined
  const closeTime = performance.now() - t

  // Seeding, with the functions `npm run seed` uses, on the closed server's folder.
  const seeding = await openDatabase(config.database)
  let demo: Awaited<ReturnType<typeof seedDemoData>>
  let synthetic: Awaited<ReturnType<typeof addSyntheticOrders>>
  let demoTime: number
  let syntheticTime: number
  try {
    const now = new Date()
    t = performance.now()
    demo = await seedDemoData(seeding.db, { now })
    demoTime = performance.now() - t
    t = performance.now()
    synthetic = await addSyntheticOrders(seeding.db, ORDER_COUNT, { now })
    syntheticTime = performance.now() - t
  } finally {
    await seeding.close()
  }

  // Warm start: the seeded folder, as after a restart.
  const warm = await startServer(config, true)
  open.server = warm.server
  const { baseUrl } = warm.server

  const anonymous = client(baseUrl, null)
  t = performance.now()
  const signUp = await anonymous.send('POST', '/v1/auth/password/signup', {
    loginId: `bench-${String(Date.now())}@hospital.test`,
    password: 'correct horse battery',
    user: { name: 'Dr Bench' },
  })
  const signUpTime = performance.now() - t
  const { sessionJwt } = JSON.parse(signUp.body.toString()) as { sessionJwt: string }
  const api = client(`${baseUrl}/api/v1`, sessionJwt)

  const orders: Order[] = orderListSchema.parse(
    JSON.parse((await api.send('GET', '/orders')).body.toString()),
  )
  // Synthetic orders come last and have no conversation yet: a fresh one per use.
  let nextFresh = orders.length - 1
  const freshOrder = (): Order => {
    const order = orders[nextFresh--]
    if (!order) throw new Error('Ran out of fresh orders')
    return order
  }
  const oneOrder = orders[0] ?? freshOrder()

  const rows: Row[] = []
  rows.push(
    await measure(
      'GET /orders',
      () => api.send('GET', '/orders'),
      (last) => {
        const n = orderListSchema.parse(JSON.parse(last.body.toString())).length
        return `${String(n)} orders`
      },
    ),
  )
  rows.push(
    await measure(
      'GET /patients',
      () => api.send('GET', '/patients'),
      (last) => {
        const n = patientListSchema.parse(JSON.parse(last.body.toString())).length
        return `${String(n)} patients`
      },
    ),
  )
  rows.push(await measure('GET /orders/{id}', () => api.send('GET', `/orders/${oneOrder.id}`)))

  const initializeOrders = Array.from({ length: WARM_UP + RUNS }, freshOrder)
  rows.push(
    await measure(
      'POST /orders/{id}/initialize',
      (i) => api.send('POST', `/orders/${initializeOrders[i]?.id ?? ''}/initialize`),
      () => 'a fresh order each time',
    ),
  )

  const questionOrder = freshOrder()
  rows.push(
    await measure(
      'POST /orders/{id}/messages',
      () => api.send('POST', `/orders/${questionOrder.id}/messages`, { content: QUESTION }),
      () => 'question, no report update',
    ),
  )
  const reportOrder = freshOrder()
  rows.push(
    await measure(
      'POST /orders/{id}/messages',
      () => api.send('POST', `/orders/${reportOrder.id}/messages`, { content: REPORT_TEXT }),
      (last) => {
        const { report_updated } = JSON.parse(last.body.toString()) as { report_updated: boolean }
        return report_updated ? 'findings + impression, updates the report' : 'report NOT updated'
      },
    ),
  )

  // A long conversation, built through the API: every exchange stores two messages.
  const longOrder = freshOrder()
  t = performance.now()
  for (let i = 0; i < LONG_CONVERSATION / 2; i++) {
    await api.send('POST', `/orders/${longOrder.id}/messages`, {
      content: i % 2 === 0 ? QUESTION : REPORT_TEXT,
    })
  }
  const fillTime = performance.now() - t
  rows.push(
    await measure(
      'GET /orders/{id}/messages',
      () => api.send('GET', `/orders/${longOrder.id}/messages`),
      (last) => {
        const n = (JSON.parse(last.body.toString()) as unknown[]).length
        return `${String(n)} messages`
      },
    ),
  )

  const savedOrder = freshOrder()
  rows.push(
    await measure(
      'PUT /orders/{id}/report',
      (i) =>
        api.send('PUT', `/orders/${savedOrder.id}/report`, {
          sections: {
            history: oneOrder.indication,
            technique: 'CT of the chest without contrast.',
            comparison: 'None.',
            findings: `5 mm nodule in the right upper lobe (edit ${String(i)}).`,
            impression: 'Indeterminate pulmonary nodule.',
          },
        }),
      () => 'all five sections',
    ),
  )

  const text = dictation(300)
  rows.push(
    await measure(
      'POST /speech/cleanup',
      () => api.send('POST', '/speech/cleanup', { text, modality: 'CT', body_part: 'Chest' }),
      () => `${String(text.split(' ').length)} words`,
    ),
  )
  rows.push(
    await measure(
      'POST /speech/phrases',
      () => api.send('POST', '/speech/phrases', { modality: 'CT', body_part: 'Chest' }),
      (last) => `${String((JSON.parse(last.body.toString()) as { count: number }).count)} phrases`,
    ),
  )

  const seeded =
    'patients' in demo
      ? `${String(demo.patients)} patients, ${String(demo.orders)} orders`
      : 'skipped (already seeded)'
  const startLine = (times: StartTimes) =>
    `${ms(times.open + (times.seedCheck ?? 0) + times.app)} ms  (open database ${ms(times.open)}, ` +
    (times.seedCheck === null ? '' : `demo seed check ${ms(times.seedCheck)}, `) +
    `build app + listen ${ms(times.app)})`
  const summary: [string, string][] = [
    ['cold start (initdb, migrations)', startLine(cold.times)],
    ['close (PGlite flush)', `${ms(closeTime)} ms`],
    ['seed demo worklist', `${ms(demoTime)} ms  (${seeded})`],
    [
      `seed ${String(ORDER_COUNT)} synthetic orders`,
      `${ms(syntheticTime)} ms  (${String(synthetic.orders)} orders, ` +
        `${String(synthetic.patients)} new patients)`,
    ],
    ['warm start (seeded folder)', startLine(warm.times)],
    ['sign-up (scrypt, session)', `${ms(signUpTime)} ms`],
    [
      `build a ${String(LONG_CONVERSATION)}-message conversation`,
      `${ms(fillTime)} ms for ${String(LONG_CONVERSATION / 2)} POST messages`,
    ],
  ]
  const width = Math.max(...summary.map(([label]) => label.length))
  console.log(
    `\nAPI benchmark (PGlite in a temporary folder, Node ${process.version}, ` +
      `${String(os.cpus().length)} CPUs, ${String(orders.length)} orders)`,
  )
  for (const [label, value] of summary) console.log(`  ${label.padEnd(width)}  ${value}`)
  console.log(
    `\nSequential requests over HTTP, after ${String(WARM_UP)} warm-up calls each ` +
      `(bytes: the body as sent; gzip: what gzip would make of it):`,
  )
  printTable(rows)
}

let interrupted = false
// `on`, not `once`: tsx sends the signal again when this process is slow to acknowledge it (PGlite
// works synchronously), and with no listener left its own handler would exit before clean-up.
const interrupt = () => {
  if (interrupted) return
  interrupted = true
  void cleanUp().finally(() => process.exit(130))
}
process.on('SIGINT', interrupt)
process.on('SIGTERM', interrupt)

async function run(): Promise<number> {
  try {
    await main()
    return 0
  } catch (error) {
    console.error(error)
    return 1
  } finally {
    // An interrupt cleans up on its own; the server must not be closed twice.
    if (!interrupted) await cleanUp()
  }
}

void run().then((code) => {
  if (!interrupted) process.exit(code)
})
