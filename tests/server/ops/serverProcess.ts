/**
 * The real server as a child process, as an operator runs it: `node` on the compiled build
 * (tests/support/builtServer.ts) with a data folder and a port of the test's, its log gathered,
 * stopped by a signal. `kill` ends a process a failed test left running.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { eventually } from '../../support/mllpPeer'

export interface ServerProcess {
  base: string
  child: ChildProcess
  /** The exit code (null if killed by a signal), once it exits. */
  exited: Promise<number | null>
  /** Everything it printed so far. */
  output(): string
  /** SIGKILL if still running (the test's cleanup). */
  kill(): void
}

/** A free loopback port (the kernel's choice, released at once). */
export async function freeLoopbackPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** `node <entry>` (the built server's index.js) on `dataDir`; resolves once /readyz says 200. */
export async function startServerProcess(
  entry: string,
  dataDir: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freeLoopbackPort()
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: '/nonexistent',
    LOG_LEVEL: 'info',
    ...env,
  }
  // Nothing of the test runner's reaches the child: it runs as an operator's shell runs it.
  delete childEnv.NODE_OPTIONS
  delete childEnv.DATABASE_URL
  const child = spawn(process.execPath, [entry], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      resolve(code)
    })
  })
  const base = `http://127.0.0.1:${String(port)}`
  const started: ServerProcess = {
    base,
    child,
    exited,
    output: () => output,
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    },
  }
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`)
        return fetch(`${base}/readyz`).then(
          (res) => res.status === 200,
          () => false,
        )
      },
      180_000,
      250,
    )
  } catch (error) {
    started.kill()
    throw error
  }
  return started
}
