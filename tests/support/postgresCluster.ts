/**
 * A throw-away PostgreSQL cluster from the machine's initdb/pg_ctl on a free loopback port: for
 * the `server-pg` test project (postgresGlobalSetup.ts) and the benchmarks that measure on
 * PostgreSQL. PostgreSQL refuses to run as root, so as root its binaries run as `postgres`.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

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

export interface PostgresCluster {
  /** The superuser's URL of the `postgres` database. */
  adminUrl: string
  stop(): void
}

/** Starts a cluster, or answers null when the machine has no PostgreSQL binaries. */
export async function startPostgresCluster(): Promise<PostgresCluster | null> {
  const initdb = which('initdb')
  const pgCtl = which('pg_ctl')
  if (!initdb || !pgCtl) return null

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
  return {
    adminUrl: `postgres://readout@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
