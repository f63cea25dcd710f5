/**
 * The compiled server (scripts/build-server.ts), started as users start it: `node` on the built
 * file, in a process of its own, on a new data folder, answering over a real socket; no tsx in
 * sight, stack frames mapped back to the TypeScript, and the packages a local-mode start does not
 * need never loaded.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { SourceMap, type SourceMapPayload } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onPostgres } from '../../support/testDatabase'
import { buildServerForTest, type BuiltServer } from '../../support/builtServer'

interface Started {
  child: ChildProcess
  base: string
  output(): string
  stop(): Promise<number | null>
}

const folders: string[] = []
const running = new Set<ChildProcess>()

/** `node [nodeArgs] <built>/index.js` on a new data folder; resolves once it says where it serves. */
async function startBuilt(built: BuiltServer, nodeArgs: string[] = []): Promise<Started> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readout-compiled-'))
  folders.push(dataDir)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(dataDir, 'pgdata'),
    STATIC_DIR: '/nonexistent',
    SEED: '0',
    LOG_LEVEL: 'warn',
  }
  // Nothing of the test runner's may reach the child: it runs as an operator's shell runs it.
  delete env.NODE_OPTIONS
  delete env.DATABASE_URL
  const child = spawn(process.execPath, [...nodeArgs, built.entry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running.delete(child)
      resolve(code)
    })
  })
  const base = await new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Readout is serving (http:\/\/\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    void exited.then(() => {
      reject(new Error(`the compiled server exited before serving:\n${output}`))
    })
  })
  return {
    child,
    base,
    output: () => output,
    async stop() {
      child.kill('SIGTERM')
      return exited
    },
  }
}

/** A CommonJS preload that reports every package file `require` resolves, one line each. */
function requireTracer(folder: string): string {
  const file = path.join(folder, 'trace-require.cjs')
  writeFileSync(
    file,
    `const Module = require('node:module')
const resolve = Module._resolveFilename
Module._resolveFilename = function (...args) {
  const found = resolve.apply(this, args)
  if (found.includes('/node_modules/')) process.stderr.write('REQUIRED ' + found + '\\n')
  return found
}
`,
  )
  return file
}

afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe.skipIf(onPostgres)('the compiled server', () => {
  let built: BuiltServer

  beforeAll(async () => {
    built = await buildServerForTest()
  })
  afterAll(() => {
    built.remove()
  })

  it('OPS-1 node runs the built file on a new data folder: it migrates, serves /healthz and a refusal over a socket, and stops on SIGTERM', async () => {
    const server = await startBuilt(built)
    // Over a real socket: the health route, and the API's refusal without a session.
    const health = await fetch(`${server.base}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ ok: true })
    expect((await fetch(`${server.base}/api/v1/orders`)).status).toBe(401)
    // No loader: the process is `node <built>/index.js`, nothing else on its command line.
    const pid = server.child.pid ?? 0
    const commandLine = readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').split('\0')
    expect(commandLine.filter(Boolean)).toEqual([process.execPath, built.entry])
    const environ = readFileSync(`/proc/${String(pid)}/environ`, 'utf8')
    expect(environ).not.toMatch(/NODE_OPTIONS=[^\0]*tsx/)
    expect(await server.stop()).toBe(0)
  })

  it('OPS-1 the build imports only runtime dependencies (never tsx, esbuild or a dev dependency), carries the migrations, and maps stack frames to the TypeScript', () => {
    const folder = path.dirname(built.entry)
    const bundle = readFileSync(path.join(folder, 'server.js'), 'utf8')
    const packages = new Set(
      [...bundle.matchAll(/(?:^import .*? from |\bimport\()"([^".][^"]*)"/gm)]
        .map((match) => match[1] ?? '')
        .filter((name) => !name.startsWith('node:'))
        .map((name) =>
          name
            .split('/')
            .slice(0, name.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    )
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>
    }
    expect(packages.size).toBeGreaterThan(5)
    for (const name of packages) expect(Object.keys(manifest.dependencies)).toContain(name)
    for (const tool of ['tsx', 'esbuild', 'vite']) expect(packages).not.toContain(tool)
    expect(bundle).not.toMatch(/from "\.{1,2}\//)

    expect(readdirSync(path.join(folder, 'migrations')).sort()).toEqual(
      readdirSync('server/db/migrations').sort(),
    )

    // The launcher turns source maps on; the map leads a line of the bundle back to its source.
    expect(readFileSync(built.entry, 'utf8')).toContain('process.setSourceMapsEnabled(true)')
    expect(bundle).toMatch(/\/\/# sourceMappingURL=server\.js\.map\s*$/)
    const map = new SourceMap(
      JSON.parse(readFileSync(path.join(folder, 'server.js.map'), 'utf8')) as SourceMapPayload,
    )
    const lines = bundle.split('\n')
    const line = lines.findIndex((text) => text.startsWith('async function main()'))
    expect(line).toBeGreaterThan(0)
    const entry = map.findEntry(line, 0) as { originalSource?: string }
    expect(entry.originalSource).toMatch(/server\/index\.ts$/)
  })

  it('OPS-3 a local-mode start never loads Ajv, fast-json-stringify or the Descope SDK', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'readout-trace-'))
    folders.push(folder)
    const server = await startBuilt(built, ['--require', requireTracer(folder)])
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200)
    const required = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('REQUIRED '))
    // The tracer sees fastify's own requires: it works.
    expect(required.some((line) => line.includes('/node_modules/fastify/'))).toBe(true)
    // fastify's error serializer needs fast-json-stringify's small runtime; its compiler, never.
    const unwanted = [
      '/ajv/',
      '/@fastify/ajv-compiler/',
      '/@fastify/fast-json-stringify-compiler/',
      '/fast-json-stringify/index.js',
      '/@descope/',
    ]
    for (const name of unwanted) {
      expect(required.filter((line) => line.includes(name))).toEqual([])
    }
    // The SDK is imported only in Descope mode (a dynamic import, not one the launcher preloads).
    const launcher = readFileSync(built.entry, 'utf8')
    expect(launcher).toContain("import 'fastify'")
    expect(launcher).not.toContain('@descope/node-sdk')
    expect(await server.stop()).toBe(0)
  })
})
