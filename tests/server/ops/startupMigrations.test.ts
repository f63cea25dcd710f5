/**
 * The start-up step (server/db/migrate.ts): drizzle's migrator runs only when the journal holds
 * a migration the database has not recorded, and what must see the finished schema runs after
 * it under the same lock, on PGlite and on PostgreSQL alike.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsFolder, type Database, type OpenDatabase } from '../../../server/db/client'
import {
  newestMigration,
  prepareDatabase,
  readJournal,
  schemaIsCurrent,
  type StartupLock,
} from '../../../server/db/migrate'
import { openTestDatabase, skipDatabase } from '../../support/testDatabase'

/** A lock that records what ran inside it. */
function recordingLock(log: string[]): StartupLock {
  return {
    async around(work) {
      log.push('locked')
      try {
        return await work()
      } finally {
        log.push('unlocked')
      }
    },
  }
}

/** The steps a start takes on `folder`'s journal, the migrator and the seed only recorded. */
async function preparedSteps(db: Database, folder: string): Promise<string[]> {
  const log: string[] = []
  await prepareDatabase({
    db,
    migrationsFolder: folder,
    migrate: () => {
      log.push('migrated')
      return Promise.resolve()
    },
    lock: recordingLock(log),
    afterMigrations: () => {
      log.push('seeded')
      return Promise.resolve()
    },
  })
  return log
}

describe.skipIf(skipDatabase)('the start-up migrations', () => {
  let database: OpenDatabase
  const folders: string[] = []

  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database.close()
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

  /** The real journal with one migration newer than any applied. */
  function journalWithNewer(): string {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'readout-journal-'))
    folders.push(folder)
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { when: number; tag: string }[] }
    journal.entries.push({ when: newestMigration(migrationsFolder) + 1, tag: '9999_next' })
    mkdirSync(path.join(folder, 'meta'))
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal))
    return folder
  }

  it('OPS-4 on an up-to-date database the migrator does not run; the seed step runs once, inside the lock', async () => {
    expect(await schemaIsCurrent(database.db, migrationsFolder)).toBe(true)
    const log = await preparedSteps(database.db, migrationsFolder)
    expect(log).toEqual(['locked', 'seeded', 'unlocked'])
    // Each migration of the journal is recorded once.
    const counted: unknown = await database.db.execute(
      sql`select count(*)::int as n, count(distinct created_at)::int as distinct_n from drizzle.__drizzle_migrations`,
    )
    const rows = counted as { rows: { n: number; distinct_n: number }[] }
    const entries = readJournal(migrationsFolder).length
    expect(rows.rows[0]).toEqual({ n: entries, distinct_n: entries })
  })

  it('OPS-4 a journal with a migration the database has not recorded, or a database without the journal table, runs the migrator before the seed step', async () => {
    const newer = journalWithNewer()
    expect(await schemaIsCurrent(database.db, newer)).toBe(false)
    const log = await preparedSteps(database.db, newer)
    expect(log).toEqual(['locked', 'migrated', 'seeded', 'unlocked'])

    await database.db.execute(
      sql`alter table drizzle.__drizzle_migrations rename to __drizzle_migrations_away`,
    )
    try {
      expect(await schemaIsCurrent(database.db, migrationsFolder)).toBe(false)
    } finally {
      await database.db.execute(
        sql`alter table drizzle.__drizzle_migrations_away rename to __drizzle_migrations`,
      )
    }
    expect(await schemaIsCurrent(database.db, migrationsFolder)).toBe(true)
  })

  it('OPS-4 a failing step releases the lock and fails the start', async () => {
    const log: string[] = []
    await expect(
      prepareDatabase({
        db: database.db,
        migrationsFolder: journalWithNewer(),
        migrate: () => Promise.reject(new Error('migration 9999 failed')),
        lock: recordingLock(log),
        afterMigrations: () => {
          log.push('seeded')
          return Promise.resolve()
        },
      }),
    ).rejects.toThrow('migration 9999 failed')
    expect(log).toEqual(['locked', 'unlocked'])
  })
})
