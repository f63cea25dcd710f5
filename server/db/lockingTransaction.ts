/**
 * A transaction whose first statement takes a lock (`select ... for update`), for the hot write
 * paths. On a PostgreSQL server the lock travels with its BEGIN in one round trip: one
 * simple-protocol query of two statements, the lock's values written in as literals escaped by
 * the driver. That is one wait on the network fewer per write, in every transaction that uses it,
 * and on a database host across the network a round trip costs more than the work here. PGlite
 * runs in this process: there the two go one after the other as usual.
 *
 * `work` runs on a Drizzle handle of the transaction's connection and may send anything; an
 * error in it, or in the COMMIT, rolls the transaction back and is thrown on. A connection that
 * cannot even roll back is closed instead of going back to the pool.
 */
import type pg from 'pg'
import type { Database, Queryable } from './client'
import type { Prepared } from './prepared'

interface PostgresHandle {
  pool: pg.Pool
  /** A Drizzle handle on one of the pool's connections. */
  on(client: pg.PoolClient): Database
}

const onPostgres = new WeakMap<Database, PostgresHandle>()

/** Called by openDatabase for a PostgreSQL server's pool. */
export function registerPostgres(
  db: Database,
  pool: pg.Pool,
  on: (client: pg.PoolClient) => Database,
) {
  const handles = new WeakMap<pg.PoolClient, Database>()
  onPostgres.set(db, {
    pool,
    on(client) {
      let handle = handles.get(client)
      if (!handle) {
        handle = on(client)
        handles.set(client, handle)
      }
      return handle
    },
  })
}

export async function transactionLockedBy<Row, T>(
  db: Database,
  lock: Prepared<Row>,
  values: Record<string, string>,
  work: (tx: Queryable, locked: Row[]) => Promise<T>,
): Promise<T> {
  const postgres = onPostgres.get(db)
  if (!postgres) return db.transaction(async (tx) => work(tx, await lock.run(tx, values)))
  const client = await postgres.pool.connect()
  let broken: Error | undefined
  try {
    const text = `begin; ${lock.inlined(values, (value) => client.escapeLiteral(value))}`
    // A query of two statements answers one result per statement (the types know only one).
    const results = (await client.query(text)) as unknown as pg.QueryResult[]
    const locked = (results[1]?.rows ?? []) as Row[]
    const answer = await work(postgres.on(client), locked)
    await client.query('commit')
    return answer
  } catch (error) {
    try {
      await client.query('rollback')
    } catch (lost) {
      broken = lost instanceof Error ? lost : new Error(String(lost))
    }
    throw error
  } finally {
    client.release(broken)
  }
}
