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
 *
 * The server and its throw-away data folder: benchApiServer.ts; the client, the timing of a row
 * and the table: benchApiClient.ts; the requests measured, with what they send:
 * benchApiRequests.ts.
 */
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../server/db/client'
import { addSyntheticOrders, seedDemoData } from '../server/seed/seed'
import { client, ms, printTable, WARM_UP } from './benchApiClient'
import { LONG_CONVERSATION, measureRequests } from './benchApiRequests'
import {
  open,
  openDataFolder,
  runCleanly,
  startServer,
  stopServer,
  type StartTimes,
} from './benchApiServer'

const ORDER_COUNT = Number(process.argv[2] ?? 10_000)

if (!Number.isSafeInteger(ORDER_COUNT) || ORDER_COUNT < 1) {
  console.error(
    `Usage: npx tsx scripts/bench-api.ts [orderCount]  (got "${String(process.argv[2])}")`,
  )
  process.exit(2)
}

async function main() {
  const config = openDataFolder()

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

  const { rows, orders, fillTime } = await measureRequests(api)

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

runCleanly(main)
