/**
 * Crowd benchmark (SEC-9): the real server in a process of its own on a throw-away PGlite folder
 * with the demo worklist plus N synthetic orders, polled by C clients at once, each asking for
 * `GET /api/v1/orders` as a browser does (`accept-encoding: br, gzip`) again as soon as it has
 * its answer, for S seconds. Beside it, the floor: the same answer's bytes served from memory
 * by a bare node:http server to the same crowd in the same run.
 *
 * Prints, for each: answers per second, how they ended (200, 503, failures), latency p50/p95/max
 * of the 200s, how long /healthz took while the crowd was at it, and the server's resident memory
 * (idle, peak, after). Asserts nothing about the numbers; it fails only when the server does not
 * start.
 *
 * Run: npx tsx scripts/bench-crowd.ts [orders=10000] [clients=50] [seconds=30] [--json FILE]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { brotliCompressSync, constants } from 'node:zlib'
import { percentile } from './benchStats'

const args = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--json')
const jsonAt = process.argv.indexOf('--json')
const JSON_FILE = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined
const ORDERS = Number(args[0] ?? 10_000)
const CLIENTS = Number(args[1] ?? 50)
const SECONDS = Number(args[2] ?? 30)

interface Outcome {
  ok: number
  busy: number
  failed: number
  latencies: number[]
  healthMs: number[]
  bytes: number
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/** One GET with node:http: the bytes as sent (no decoding, as a browser's network stack counts). */
function get(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; retryAfter: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers, timeout: (SECONDS + 30) * 1000 }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength
      })
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          retryAfter: Number(res.headers['retry-after'] ?? 1),
        })
      })
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error('timed out')))
    req.on('error', reject)
    req.end()
  })
}

async function crowd(url: string, headers: Record<string, string>, onTick?: () => void) {
  const outcome: Outcome = { ok: 0, busy: 0, failed: 0, latencies: [], healthMs: [], bytes: 0 }
  const deadline = performance.now() + SECONDS * 1000
  const target = new URL(url)
  const health = new URL('/healthz', target)
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS + 1 })
  const client = async () => {
    while (performance.now() < deadline) {
      const started = performance.now()
      try {
        const res = await get(agent, target, headers)
        if (res.status === 200) {
          outcome.ok += 1
          outcome.bytes += res.bytes
          outcome.latencies.push(performance.now() - started)
        } else if (res.status === 503) {
          outcome.busy += 1
          await new Promise((resolve) => setTimeout(resolve, res.retryAfter * 1000))
        } else outcome.failed += 1
      } catch (error) {
        outcome.failed += 1
        if (outcome.failed === 1) console.error('first failure:', error)
        // A failure answers at once; a pause keeps a broken run from spinning.
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
  }
  const watch = async () => {
    while (performance.now() < deadline) {
      const started = performance.now()
      try {
        await get(agent, health, {})
        outcome.healthMs.push(performance.now() - started)
      } catch {
        outcome.healthMs.push(Number.POSITIVE_INFINITY)
      }
      onTick?.()
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
  const started = performance.now()
  await Promise.all([...Array.from({ length: CLIENTS }, client), watch()])
  agent.destroy()
  return { ...outcome, seconds: (performance.now() - started) / 1000 }
}

function report(name: string, result: Outcome & { seconds: number }) {
  const rate = result.ok / result.seconds
  console.log(
    `${name.padEnd(8)} ${rate.toFixed(1).padStart(8)} answers/s  200: ${result.ok}  503: ${result.busy}  failed: ${result.failed}  ` +
      `p50 ${percentile(result.latencies, 50).toFixed(0)} ms  p95 ${percentile(result.latencies, 95).toFixed(0)} ms  max ${Math.max(0, ...result.latencies).toFixed(0)} ms  ` +
      `/healthz max ${Math.max(0, ...result.healthMs).toFixed(0)} ms`,
  )
  return rate
}

async function waitForLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const match = pattern.exec(seen)
      if (match) resolve(match[0])
    })
    child.once('exit', (code) => {
      reject(new Error(`the server exited (${String(code)}) before it served:\n${seen}`))
    })
  })
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readout-crowd-'))
  const env = { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn' }
  console.log(`Seeding the demo worklist and ${ORDERS} synthetic orders…`)
  const seeded = spawnSync('npx', ['tsx', 'server/cli/seed.ts', '--orders', String(ORDERS)], {
    env,
    stdio: 'inherit',
  })
  if (seeded.status !== 0) throw new Error('seeding failed')

  // node with tsx's loader, so the child's pid is the server's own (its memory is what is read).
  // BENCH_SERVER_NODE_ARGS: node options for the server alone (e.g. --cpu-prof to see where its
  // time goes).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/index.ts'], {
    env: { ...env, PORT: '0', SEED: '0', STATIC_DIR: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let floor: Server | undefined
  try {
    const address = await waitForLine(server, /http:\/\/127\.0\.0\.1:\d+/)
    const serverPid = server.pid ?? 0
    const signUp = await fetch(`${address}/v1/auth/password/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: address },
      body: JSON.stringify({
        loginId: `crowd-${Date.now()}@hospital.test`,
        password: 'Crowd-Bench-Password-7',
        user: { name: 'Dr Crowd' },
      }),
    })
    const { sessionJwt } = (await signUp.json()) as { sessionJwt: string }
    const headers = { authorization: `Bearer ${sessionJwt}`, 'accept-encoding': 'br, gzip' }
    const first = await fetch(`${address}/api/v1/orders`, { headers })
    const json = Buffer.from(await first.arrayBuffer())
    const idle = rssMb(serverPid)
    console.log(
      `${ORDERS} synthetic orders: the list is ${(json.byteLength / 1e6).toFixed(2)} MB of JSON; ${CLIENTS} clients for ${SECONDS} s each`,
    )

    // The floor: the same answer, compressed once, from memory.
    const compressed = brotliCompressSync(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
    })
    floor = createServer((req, res) => {
      if (req.url === '/healthz') {
        res.end('{"ok":true}')
        return
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' })
      res.end(compressed)
    })
    const floorServer = floor
    await new Promise<void>((resolve) => floorServer.listen(0, '127.0.0.1', resolve))
    const floorUrl = `http://127.0.0.1:${(floorServer.address() as AddressInfo).port}/api/v1/orders`
    const floorRate = report('floor', await crowd(floorUrl, headers))

    let peak = idle
    const result = await crowd(`${address}/api/v1/orders`, headers, () => {
      peak = Math.max(peak, rssMb(serverPid))
    })
    const rate = report('server', result)
    const after = rssMb(serverPid)
    console.log(
      `server / floor: ${(rate / floorRate).toFixed(3)}x   memory: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)}), after ${after.toFixed(0)} MB`,
    )
    if (JSON_FILE) {
      const summary = (outcome: Outcome & { seconds: number }) => ({
        perSecond: outcome.ok / outcome.seconds,
        ok: outcome.ok,
        busy: outcome.busy,
        failed: outcome.failed,
        p50Ms: percentile(outcome.latencies, 50),
        p95Ms: percentile(outcome.latencies, 95),
      })
      const json = {
        orders: ORDERS,
        clients: CLIENTS,
        seconds: SECONDS,
        product: summary(result),
        floor: { perSecond: floorRate },
        ratio: rate / floorRate,
        memoryMb: { idle, peak, after, aboveIdle: after - idle, peakAboveIdle: peak - idle },
      }
      writeFileSync(JSON_FILE, JSON.stringify(json, null, 2))
    }
  } finally {
    floor?.close()
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
