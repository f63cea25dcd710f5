/**
 * One migrated in-memory database, dumped once per run for the `server` project: every test file
 * starts its own database from this dump (testDatabase.ts) instead of running initdb and every
 * migration again, which was most of a server test file's fixed cost on PGlite. Each file still
 * runs `migrate` (a no-op on the dump) and gets a database of its own: files share nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { migrationsFolder } from '../../server/db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string | null
  }
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'readout-pglite-dump-'))
  const client = new PGlite()
  try {
    await migrate(drizzle(client), { migrationsFolder })
    const dump = await client.dumpDataDir('none')
    const file = path.join(folder, 'migrated.tar')
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    project.provide('pgliteDump', file)
  } finally {
    await client.close()
  }
  return () => {
    rmSync(folder, { recursive: true, force: true })
  }
}
