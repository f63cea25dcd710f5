/**
 * A fresh, migrated database for one server test file: PGlite in memory in the `server` project,
 * a new database on the throw-away PostgreSQL cluster in the `server-pg` project.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type OpenDatabase } from '../../server/db/client'

export const onPostgres = process.env.TEST_DATABASE === 'postgres'

/** True when this run should skip (PostgreSQL project without a cluster). */
export const skipDatabase = onPostgres && inject('pgAdminUrl') === null

/** On PostgreSQL, `url` lets a test open a second pool on the same database (a second server). */
export async function openTestDatabase(): Promise<OpenDatabase & { url?: string }> {
  if (!onPostgres) {
    const dump = inject('pgliteDump')
    return openDatabase(
      dump ? { kind: 'memory', from: new Blob([readFileSync(dump)]) } : { kind: 'memory' },
    )
  }
  const adminUrl = inject('pgAdminUrl')
  if (!adminUrl) throw new Error('No PostgreSQL cluster for the server-pg project.')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const opened = await openDatabase({ kind: 'postgres', url: url.toString() })
  return {
    ...opened,
    url: url.toString(),
    async close() {
      await opened.close()
      const cleanup = new pg.Client({ connectionString: adminUrl })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  }
}
