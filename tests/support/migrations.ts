/**
 * Databases as an older server left them, for tests of a migration: every migration before a
 * given one applied (PGlite in a data folder), so the test can write rows in the old shape and
 * then let `openDatabase` run the rest.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { z } from 'zod'
import { migrationsFolder } from '../../server/db/client'

/** drizzle-kit's meta/_journal.json; other fields are kept as they are. */
const journalSchema = z.looseObject({ entries: z.array(z.looseObject({ tag: z.string() })) })

/**
 * A PGlite data folder with every migration before `tag` applied (through a copy of the
 * migrations folder that ends there), none from `tag` on. The caller closes the client.
 */
export async function createDatabaseBefore(dataDir: string, tag: string): Promise<PGlite> {
  const journalFile = path.join(migrationsFolder, 'meta', '_journal.json')
  const journal = journalSchema.parse(JSON.parse(readFileSync(journalFile, 'utf8')))
  const index = journal.entries.findIndex((entry) => entry.tag === tag)
  if (index < 1) throw new Error(`No migration before ${tag}`)
  const entries = journal.entries.slice(0, index)
  const folder = mkdtempSync(path.join(os.tmpdir(), 'readout-migrations-'))
  try {
    mkdirSync(path.join(folder, 'meta'))
    writeFileSync(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries }),
    )
    for (const entry of entries) {
      const file = `${entry.tag}.sql`
      copyFileSync(path.join(migrationsFolder, file), path.join(folder, file))
    }
    const client = new PGlite(dataDir)
    await migrate(drizzle(client), { migrationsFolder: folder })
    return client
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
