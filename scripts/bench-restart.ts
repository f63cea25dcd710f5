/**
 * Restart benchmark (OPS-3): how soon the compiled server serves again after a restart on an
 * embedded data folder holding the demo worklist and N synthetic orders, measured from spawn to
 * the first 200 of /healthz and of an authenticated worklist read (GET /api/v1/orders, the whole
 * list), after a clean stop (SIGTERM) and after a crash (SIGKILL, PGlite recovering the folder).
 *
 * The floor, measured in the same run on the same folder and spawned the same way (bundled by
 * esbuild, run with `node`): a bare Fastify server that opens the folder with PGlite and answers
 * /healthz and one query route (scripts/benchRestartFloor.ts). Product and floor alternate, so
 * what the machine does meanwhile falls on both. Prints medians and ratios; asserts nothing.
 *
 * Run: npx tsx scripts/bench-restart.ts [orders=10000] [rounds=5] [--json FILE]
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { buildServerIfChanged, SERVER_BUILD } from './build-server'
import { median } from './benchStats'
import { freePort, stop, timedStart, type Started, type Target } from './benchRestartRuns'

const argv = process.argv.slice(2)
const jsonAt = argv.indexOf('--json')
const JSON_FILE = jsonAt >= 0 ? argv[jsonAt + 1] : undefined
const positional = argv.filter((arg, i) => !arg.startsWith('--') && argv[i - 1] !== '--json')
const ORDERS = Number(positional[0] ?? 10_000)
const ROUNDS = Number(positional[1] ?? 5)

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const folder = mkdtempSync(path.join(os.tmpdir(), 'readout-bench-restart-'))
const dataDir = path.join(folder, 'pgdata')

interface Series {
  healthMs: number[]
  readMs: number[]
}
const series = (): Series => ({ healthMs: [], readMs: [] })
const summary = (s: Series) => ({
  healthMs: median(s.healthMs),
  readMs: median(s.readMs),
  runs: s,
})

async function measure(target: Target, into: Series, crashFirst: boolean) {
  if (crashFirst) {
    // A start, then a crash: the measured start is the one after it.
    const before = await timedStart(target)
    await stop(before.child, 'SIGKILL')
  }
  const started: Started = await timedStart(target)
  into.healthMs.push(started.healthMs)
  into.readMs.push(started.readMs)
  await stop(started.child, 'SIGTERM')
}

async function main() {
  await buildServerIfChanged(root)
  const floorFile = path.join(folder, 'floor', 'floor.js')
  await build({
    absWorkingDir: root,
    entryPoints: ['scripts/benchRestartFloor.ts'],
    outfile: floorFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    logLevel: 'warning',
  })
  // The floor's bundle lives outside the repository: it finds the packages through a link.
  symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'))

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(folder, 'no-spa'),
    LOG_LEVEL: 'warn',
    // The token signed up for below must outlive every round.
    SESSION_TTL_SECONDS: '86400',
  }
  delete env.DATABASE_URL
  console.log(`Seeding the demo worklist and ${String(ORDERS)} synthetic orders into ${dataDir}…`)
  const seeded = spawnSync('npx', ['tsx', 'server/cli/seed.ts', '--orders', String(ORDERS)], {
    cwd: root,
    env,
    stdio: 'inherit',
  })
  if (seeded.status !== 0) throw new Error('seeding failed')

  const port = await freePort()
  const base = `http://127.0.0.1:${String(port)}`
  const product: Target = {
    args: [path.join(root, SERVER_BUILD, 'index.js')],
    env,
    port,
    health: '/healthz',
    read: '/healthz',
  }
  const first = await timedStart(product)
  const signUp = await fetch(`${base}/v1/auth/password/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      loginId: `restart-${String(Date.now())}@hospital.test`,
      password: 'Restart-Bench-Password-7',
      user: { name: 'Dr Restart' },
    }),
  })
  const { sessionJwt } = (await signUp.json()) as { sessionJwt?: string }
  if (!sessionJwt) throw new Error(`sign-up answered ${String(signUp.status)}`)
  await stop(first.child, 'SIGTERM')
  product.read = '/api/v1/orders'
  product.headers = { authorization: `Bearer ${sessionJwt}`, 'accept-encoding': 'br, gzip' }
  const floor: Target = { args: [floorFile], env, port, health: '/healthz', read: '/orders' }

  const load = os.loadavg()
  const results = {
    product: { clean: series(), crash: series() },
    floor: { clean: series(), crash: series() },
  }
  for (let round = 0; round < ROUNDS; round++) {
    await measure(floor, results.floor.clean, false)
    await measure(product, results.product.clean, false)
    await measure(product, results.product.crash, true)
    await measure(floor, results.floor.crash, true)
    console.log(
      `round ${String(round + 1)}: product ${results.product.clean.healthMs.at(-1)?.toFixed(0) ?? ''} ms /healthz, ${results.product.clean.readMs.at(-1)?.toFixed(0) ?? ''} ms worklist; floor ${results.floor.clean.healthMs.at(-1)?.toFixed(0) ?? ''} ms`,
    )
  }
  const out = {
    orders: ORDERS,
    rounds: ROUNDS,
    cores: os.cpus().length,
    loadAverage: { before: load, after: os.loadavg() },
    product: { clean: summary(results.product.clean), crash: summary(results.product.crash) },
    floor: { clean: summary(results.floor.clean), crash: summary(results.floor.crash) },
    ratios: {
      health: median(results.product.clean.healthMs) / median(results.floor.clean.healthMs),
      read: median(results.product.clean.readMs) / median(results.floor.clean.readMs),
      crashRead: median(results.product.crash.readMs) / median(results.floor.crash.readMs),
    },
  }
  const ms = (n: number) => `${n.toFixed(0)} ms`
  console.log(
    `\nRestart on ${String(ORDERS)} orders, median of ${String(ROUNDS)} (load ${load.map((n) => n.toFixed(2)).join(' ')}):`,
  )
  for (const kind of ['clean', 'crash'] as const) {
    const p = out.product[kind]
    const f = out.floor[kind]
    console.log(
      `  after a ${kind === 'clean' ? 'SIGTERM' : 'kill -9'}: product /healthz ${ms(p.healthMs)}, worklist ${ms(p.readMs)}; floor /healthz ${ms(f.healthMs)}, /orders ${ms(f.readMs)}`,
    )
  }
  console.log(
    `  ratios: /healthz ${out.ratios.health.toFixed(2)}x, read ${out.ratios.read.toFixed(2)}x, read after a crash ${out.ratios.crashRead.toFixed(2)}x`,
  )
  if (JSON_FILE) writeFileSync(JSON_FILE, `${JSON.stringify(out, null, 2)}\n`)
}

main()
  .catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(() => {
    rmSync(folder, { recursive: true, force: true })
  })
