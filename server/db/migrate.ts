/**
 * The start-up step both backends share: bring the schema up to date, then run what must see
 * the finished schema (the demo seed), all under one start-up lock.
 *
 * OPS-5: on PostgreSQL the lock is a session-level advisory lock on a connection of its own, so
 * that instances starting together on one empty database take turns: the first migrates and
 * seeds, the others wait and then find it done (drizzle's migrator alone is not safe to run twice
 * at once: both create its schema and journal table, both apply 0000, and one crashes). A process
 * that dies holding it loses its connection, and PostgreSQL releases the lock with it. An
 * embedded PGlite folder is one process's already (server/db/folderLock.ts): it takes no lock,
 * but goes through the same steps.
 *
 * OPS-4: a restart on an up-to-date database skips the migrator's work. Drizzle reads and hashes
 * every migration file, then runs DDL (CREATE SCHEMA / TABLE IF NOT EXISTS) and a transaction,
 * only to find nothing newer than its last record; here one small file and one query decide the
 * same question the same way (a migration is applied when its `when` is not newer than the last
 * recorded `created_at`), and the migrator runs only when something is left to apply.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql, type SQL } from 'drizzle-orm'
import type { Database } from './client'

/**
 * The advisory lock's key: the ASCII bytes of "READOUT1" as one bigint. Any constant works as
 * long as every Readout instance uses the same one and nothing else on the database does; the
 * seed's own transaction lock (server/seed/seed.ts) and the HL7 locks use other keys.
 */
export const STARTUP_LOCK_KEY = 0x52_45_41_44_4f_55_54_31n

/** A migration this build carries: its name and its `when`, as drizzle records it in created_at. */
export interface JournalEntry {
  when: number
  tag: string
}

/** Drizzle's journal: every migration this build carries (OPS-4 here, OPS-14's /readyz). */
export function readJournal(migrationsFolder: string): JournalEntry[] {
  const text = readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')
  const journal = JSON.parse(text) as { entries: JournalEntry[] }
  return journal.entries.map(({ when, tag }) => ({ when, tag }))
}

/** The newest migration this build carries. */
export function newestMigration(migrationsFolder: string): number {
  return Math.max(0, ...readJournal(migrationsFolder).map((entry) => entry.when))
}

/** Both drivers answer `execute` with the rows in `rows`. */
async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query)
  return (result as { rows: Row[] }).rows
}

/** Whether drizzle's journal table records the newest migration, or a later one, as applied. */
export async function schemaIsCurrent(db: Database, migrationsFolder: string): Promise<boolean> {
  const newest = newestMigration(migrationsFolder)
  const present = await rowsOf<{ table: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as "table"`,
  )
  if (!present[0]?.table) return false
  const last = await rowsOf<{ created_at: string | number | null }>(
    db,
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  )
  const recorded = last[0]?.created_at
  return recorded !== null && recorded !== undefined && Number(recorded) >= newest
}

export interface StartupLock {
  /** Runs `work` holding the lock; waits while another instance holds it. */
  around<T>(work: () => Promise<T>): Promise<T>
}

/** For PGlite: the folder lock already makes this process the only one. */
export const noStartupLock: StartupLock = { around: (work) => work() }

/** The part of node-postgres' Client the lock needs. */
interface LockConnection {
  connect(): Promise<unknown>
  query(text: string, values: unknown[]): Promise<unknown>
  end(): Promise<void>
}

/**
 * A session-level advisory lock on a connection of its own (never a pooled one: a pooled
 * connection would go back to the pool still holding it). The connection is closed afterwards,
 * which would release the lock even if the unlock failed.
 */
export function advisoryStartupLock(connect: () => LockConnection): StartupLock {
  return {
    async around(work) {
      const connection = connect()
      await connection.connect()
      try {
        await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()])
        try {
          return await work()
        } finally {
          await connection
            .query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()])
            .catch(() => undefined)
        }
      } finally {
        await connection.end().catch(() => undefined)
      }
    },
  }
}

/**
 * Migrates (when behind) and then runs `afterMigrations`, both under `lock`. `migrate` is the
 * backend's drizzle migrator.
 */
export async function prepareDatabase(options: {
  db: Database
  migrationsFolder: string
  migrate: () => Promise<void>
  lock: StartupLock
  afterMigrations?: ((db: Database) => Promise<void>) | undefined
}): Promise<void> {
  const { db, migrationsFolder, lock } = options
  await lock.around(async () => {
    if (!(await schemaIsCurrent(db, migrationsFolder))) await options.migrate()
    await options.afterMigrations?.(db)
  })
}
