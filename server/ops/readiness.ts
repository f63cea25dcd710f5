/**
 * OPS-14: /readyz, for the load balancer and the orchestrator (/healthz only says the process
 * answers). Ready when the database answers a query, every migration of the journal the server
 * was built with is applied, and the server is not shutting down; else 503 saying which failed,
 * never how (no address, no error text). A check waits at most two seconds for the database, and
 * probes arriving meanwhile share it, so a stuck database cannot pile queries up.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { readJournal, type JournalEntry } from '../db/migrate'

export interface ReadyBody {
  ok: boolean
  database: 'ok' | 'unreachable' | 'not checked'
  migrations: 'ok' | 'missing' | 'unknown'
  /** The tags of journal entries with no row in the database (when `missing`). */
  missing_migrations?: string[]
  shutting_down: boolean
}

const DATABASE_WAIT_MS = 2_000

/** The `created_at` of every migration Drizzle's migrator has recorded. */
async function appliedMigrations(db: Database): Promise<Set<number>> {
  // Both drivers answer `{ rows }`; the database type leaves the result's shape open.
  const result = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as {
    rows: { created_at: string | number }[]
  }
  return new Set(result.rows.map((row) => Number(row.created_at)))
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error('no answer in time'))
    }, ms)
  })
  return Promise.race([promise, late]).finally(() => {
    clearTimeout(timer)
  })
}

export function createReadiness(deps: {
  db: Database
  migrationsFolder: string
  shuttingDown: () => boolean
}): () => Promise<ReadyBody> {
  let journal: JournalEntry[] | null | undefined
  let running: Promise<ReadyBody> | null = null

  const check = async (): Promise<ReadyBody> => {
    if (deps.shuttingDown()) {
      return { ok: false, database: 'not checked', migrations: 'unknown', shutting_down: true }
    }
    // Read once (the build's journal does not change while it runs); unreadable, 'unknown'.
    if (journal === undefined) {
      try {
        journal = readJournal(deps.migrationsFolder)
      } catch {
        journal = null
      }
    }
    const entries = journal
    let applied: Set<number>
    try {
      applied = await within(appliedMigrations(deps.db), DATABASE_WAIT_MS)
    } catch {
      return { ok: false, database: 'unreachable', migrations: 'unknown', shutting_down: false }
    }
    const missing = entries?.filter((entry) => !applied.has(entry.when)).map((e) => e.tag)
    const migrations = !missing ? 'unknown' : missing.length > 0 ? 'missing' : 'ok'
    // Shutdown may have begun while the database answered.
    const shuttingDown = deps.shuttingDown()
    return {
      ok: migrations === 'ok' && !shuttingDown,
      database: 'ok',
      migrations,
      ...(missing && missing.length > 0 ? { missing_migrations: missing } : {}),
      shutting_down: shuttingDown,
    }
  }

  return () => {
    running ??= check().finally(() => {
      running = null
    })
    return running
  }
}
