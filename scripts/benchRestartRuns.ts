/**
 * The restart benchmark's processes (bench-restart.ts): one start of a server in a process of its
 * own, timed from spawn to the first 200 of its health route and of its read route, polled side by
 * side; a stop by SIGTERM (a clean shutdown) or by SIGKILL (a crash, what PGlite recovers from on
 * the next start).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { performance } from 'node:perf_hooks'

export { freePort } from '../tests/support/orthanc'

export interface Started {
  child: ChildProcess
  /** From spawn to the first 200 of the health route, ms. */
  healthMs: number
  /** From spawn to the first 200 of the read route, ms. */
  readMs: number
}

export interface Target {
  /** What `node` runs: the built file and its arguments. */
  args: string[]
  env: NodeJS.ProcessEnv
  port: number
  health: string
  read: string
  headers?: Record<string, string>
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Asks `url` until it answers 200 (one request at a time); the time since `since`, ms. */
async function firstOk(
  url: string,
  headers: Record<string, string>,
  since: number,
  child: ChildProcess,
  output: () => string,
): Promise<number> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before ${url} answered:\n${output().slice(-2000)}`)
    }
    const status = await fetch(url, { headers }).then(
      async (res) => {
        await res.arrayBuffer()
        return res.status
      },
      () => 0,
    )
    if (status === 200) return performance.now() - since
    await pause(10)
  }
}

export async function timedStart(target: Target): Promise<Started> {
  const since = performance.now()
  const child = spawn(process.execPath, target.args, {
    env: { ...target.env, PORT: String(target.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const base = `http://127.0.0.1:${String(target.port)}`
  try {
    const [healthMs, readMs] = await Promise.all([
      firstOk(`${base}${target.health}`, {}, since, child, () => output),
      firstOk(`${base}${target.read}`, target.headers ?? {}, since, child, () => output),
    ])
    return { child, healthMs, readMs }
  } catch (error) {
    await stop(child, 'SIGKILL')
    throw error
  }
}

/** Stops the process and waits for it to exit. */
export async function stop(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await exited
}
