/**
 * Opens the database: PGlite (embedded PostgreSQL in a data folder, or in memory) by default,
 * a PostgreSQL server through node-postgres when a connection string is given. Both run the same
 * Drizzle migrations and expose the same query API.
 */
import { fileURLToPath } from 'node:url'
import { mkdirSync } from 'node:fs'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { lockDataFolder, type FolderLock } from './folderLock'
import { registerPostgres } from './lockingTransaction'
import { advisoryStartupLock, noStartupLock, prepareDatabase } from './migrate'
import { listenOnPostgres, type ListenFn } from './notifications'
import * as schema from './schema'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
export type Queryable = Database | Tx

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  /**
   * In memory; `from` starts it from a data folder's dump (PGlite's dumpDataDir) instead of a new
   * cluster: the tests' way to skip initdb, about four fifths of a fresh in-memory database's cost.
   */
  | { kind: 'memory'; from?: Blob }
  | { kind: 'postgres'; url: string }

export interface OpenDatabase {
  db: Database
  kind: DatabaseTarget['kind']
  /** NOTIFY as it reaches this process (./notifications). */
  listen: ListenFn
  close(): Promise<void>
}

/**
 * Beside this module in the source; beside the built server in dist-server/ (the build copies
 * it there: scripts/build-server.ts).
 */
/** How long a query waits for a pooled PostgreSQL connection before failing (OPS-18). */
export const POOL_CONNECT_TIMEOUT_MS = 10_000

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export interface OpenOptions {
  /**
   * Runs once the schema is current, under the same start-up lock as the migrations (OPS-5):
   * the demo seed, so that instances starting together on one database seed it once.
   */
  afterMigrations?: ((db: Database) => Promise<void>) | undefined
}

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<OpenDatabase> {
  if (target.kind === 'postgres') {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    // A query waits at most this long for a connection: without it (node-postgres' default is 0,
    // for ever) an unreachable server hangs every request; with it they answer 503 (OPS-18).
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
    })
    // An idle connection ended by the server (a restart, a failover, an administrator, a test
    // cluster dropping its database) is an 'error' event on the pool: unheard, it would end the
    // process. The pool replaces the connection on the next query; only the code is logged.
    pool.on('error', (error: Error & { code?: string }) => {
      console.error(`PostgreSQL closed an idle connection (${error.code ?? error.name})`)
    })
    const db = drizzle(pool, { schema })
    registerPostgres(db, pool, (client) => drizzle(client, { schema }))
    try {
      await prepareDatabase({
        db,
        migrationsFolder,
        migrate: () => migrate(db, { migrationsFolder }),
        lock: advisoryStartupLock(() => new pg.Client({ connectionString: target.url })),
        afterMigrations: options.afterMigrations,
      })
    } catch (error) {
      await pool.end().catch(() => undefined)
      throw error
    }
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      listen: listenOnPostgres(pg.Client, target.url),
      close: () => pool.end(),
    }
  }
  // A PGlite folder is one process's: lock it before anything else, so that a second opener
  // refuses at once (server/db/folderLock.ts).
  let lock: FolderLock | undefined
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true })
    lock = await lockDataFolder(target.dataDir)
  }
  try {
    const { PGlite } = await import('@electric-sql/pglite')
    const { drizzle } = await import('drizzle-orm/pglite')
    const { migrate } = await import('drizzle-orm/pglite/migrator')
    const client =
      target.kind === 'pglite'
        ? new PGlite(target.dataDir)
        : new PGlite(target.from ? { loadDataDir: target.from } : {})
    try {
      const db = drizzle(client, { schema })
      await prepareDatabase({
        db,
        migrationsFolder,
        migrate: () => migrate(db, { migrationsFolder }),
        lock: noStartupLock,
        afterMigrations: options.afterMigrations,
      })
      return {
        db: db as unknown as Database,
        kind: target.kind,
        async listen(channel, onNotify) {
          const stop = await client.listen(channel, (payload) => {
            onNotify(payload)
          })
          onNotify()
          return stop
        },
        async close() {
          try {
            await client.close()
          } finally {
            lock?.release()
          }
        },
      }
    } catch (error) {
      await client.close().catch(() => undefined)
      throw error
    }
  } catch (error) {
    lock?.release()
    throw error
  }
}
