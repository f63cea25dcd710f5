/**
 * Starts a throw-away PostgreSQL cluster from the machine's initdb/pg_ctl on a loopback port for
 * the `server-pg` test project, and provides its admin URL to the tests. Without the binaries the
 * PostgreSQL run is skipped, unless REQUIRE_POSTGRES=1 (CI), where a missing PostgreSQL fails.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string | null
  }
}

function which(binary: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' })
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim()
  for (const dir of [
    '/usr/lib/postgresql/17/bin',
    '/usr/lib/postgresql/16/bin',
    '/usr/lib/postgresql/15/bin',
  ]) {
    const candidate = path.join(dir, binary)
    if (spawnSync('test', ['-x', candidate]).status === 0) return candidate
  }
  return null
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => {
        resolve(port)
      })
    })
  })
}

export default async function setup(project: TestProject) {
  const initdb = which('initdb')
  const pgCtl = which('pg_ctl')
  if (!initdb || !pgCtl) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error('REQUIRE_POSTGRES=1 but initdb/pg_ctl were not found on this machine.')
    }
    console.warn('PostgreSQL binaries not found: the server-pg project is skipped.')
    project.provide('pgAdminUrl', null)
    return
  }

  // PostgreSQL refuses to run as root; run its binaries as the postgres user then.
  const asRoot = process.getuid?.() === 0
  const run = (binary: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'pipe' })
      : execFileSync(binary, args, { stdio: 'pipe' })

  const dir = mkdtempSync(path.join(os.tmpdir(), 'readout-pg-'))
  chmodSync(dir, 0o777)
  const dataDir = path.join(dir, 'data')
  const port = await freePort()
  if (asRoot) execFileSync('chown', ['postgres', dir])
  run(initdb, [
    '-D',
    dataDir,
    '-U',
    'readout',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ])
  run(pgCtl, [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'postgres.log'),
    '-o',
    `-p ${port} -h 127.0.0.1 -k ${dir} -F -c max_connections=200`,
    '-w',
    '-t',
    '60',
    'start',
  ])
  project.provide('pgAdminUrl', `postgres://readout@127.0.0.1:${port}/postgres`)

  return () => {
    try {
      run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
