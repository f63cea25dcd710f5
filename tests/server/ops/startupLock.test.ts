/**
 * OPS-5: server instances starting together on one new, empty PostgreSQL database all come up:
 * the start-up lock (server/db/migrate.ts) lets one migrate and seed while the others wait, then
 * they find it done. Each racer is a process of its own doing what server/index.ts does before it
 * listens (tests/support/startupRacer.ts), started at one common instant.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { migrationsFolder } from '../../../server/db/client'
import { DEMO_PATIENTS } from '../../../server/seed/data'
import { onPostgres, skipDatabase } from '../../support/testDatabase'

const RACERS = 3
const ROUNDS = 3

interface Answer {
  ok: boolean
  seeded?: boolean
  error?: string
}

/** Starts one racer; answers its line (or its exit without one). */
function race(url: string, at: number): Promise<Answer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/support/startupRacer.ts', url, String(at)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => {
    let answered = false
    createInterface({ input: child.stdout }).once('line', (line) => {
      answered = true
      resolve(JSON.parse(line) as Answer)
    })
    child.once('exit', (code) => {
      if (!answered) resolve({ ok: false, error: `exit ${String(code)}: ${stderr.slice(-2000)}` })
    })
  })
}

async function onAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

describe.skipIf(!onPostgres || skipDatabase)(
  'instances starting together on one PostgreSQL',
  () => {
    it(`OPS-5 ${String(RACERS)} processes starting at one instant on a new empty database, ${String(ROUNDS)} rounds: every one starts, the demo worklist is seeded once and each migration recorded once`, async () => {
      const adminUrl = inject('pgAdminUrl') ?? ''
      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] }
      for (let round = 0; round < ROUNDS; round++) {
        const name = `t_start_${randomBytes(5).toString('hex')}`
        await onAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`))
        const url = new URL(adminUrl)
        url.pathname = `/${name}`
        try {
          // Far enough ahead for every racer to have loaded its modules on a busy machine.
          const at = Date.now() + 8_000
          const answers = await Promise.all(
            Array.from({ length: RACERS }, () => race(url.toString(), at)),
          )
          expect(answers.filter((answer) => !answer.ok)).toEqual([])
          expect(answers.filter((answer) => answer.seeded)).toHaveLength(1)
          const counts = await onAdmin(url.toString(), async (db) => {
            const patients = await db.query<{ n: number }>(
              'select count(*)::int as n from patients',
            )
            const migrations = await db.query<{ n: number; distinct_n: number }>(
              'select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations',
            )
            return { patients: patients.rows[0]?.n, migrations: migrations.rows[0] }
          })
          expect(counts).toEqual({
            patients: DEMO_PATIENTS.length,
            migrations: { n: journal.entries.length, distinct_n: journal.entries.length },
          })
        } finally {
          await onAdmin(adminUrl, (admin) =>
            admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
          )
        }
      }
    })
  },
)
