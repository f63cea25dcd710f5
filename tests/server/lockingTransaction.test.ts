/**
 * The hot writes' transaction that begins with its lock (server/db/lockingTransaction.ts): on
 * PostgreSQL the lock goes with BEGIN in one query, its values written in as literals. It must
 * still lock, commit, roll back and give its connection back like any transaction, and a value
 * cannot break out of its literal.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '../../server/db/client'
import { transactionLockedBy } from '../../server/db/lockingTransaction'
import { prepared } from '../../server/db/prepared'
import { orders } from '../../server/db/schema'
import { seedDemoData } from '../../server/seed/seed'
import { onPostgres, openTestDatabase, skipDatabase } from '../support/testDatabase'

const lockOrder = prepared<{ id: string }>(
  'test_lock_order',
  () => sql`select ${orders.id} as "id" from ${orders}
    where ${orders.id} = ${sql.placeholder('orderId')} for update`,
)

describe.skipIf(skipDatabase)('a transaction that begins with its lock', () => {
  let database: OpenDatabase
  let ids: string[] = []

  beforeAll(async () => {
    database = await openTestDatabase()
    await seedDemoData(database.db, { now: new Date('2026-11-20T08:00:00Z') })
    ids = (await database.db.select({ id: orders.id }).from(orders).limit(3)).map((row) => row.id)
  })
  afterAll(() => database.close())

  const indicationOf = async (id: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0]?.indication
  const locking = <T>(
    orderId: string,
    work: Parameters<typeof transactionLockedBy<{ id: string }, T>>[3],
  ) => transactionLockedBy(database.db, lockOrder, { orderId }, work)

  it('answers the locked rows and commits what its work wrote', async () => {
    const id = ids[0] ?? ''
    const locked = await locking(id, async (tx, rows) => {
      await tx
        .update(orders)
        .set({ indication: 'Written under the lock.' })
        .where(eq(orders.id, id))
      return rows
    })
    expect(locked).toEqual([{ id }])
    expect(await indicationOf(id)).toBe('Written under the lock.')
  })

  it('holds the lock until it commits: a second one on the same order waits for it', async () => {
    const id = ids[1] ?? ''
    const steps: string[] = []
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let locked: () => void = () => undefined
    const firstLocked = new Promise<void>((resolve) => {
      locked = resolve
    })
    const first = locking(id, async () => {
      steps.push('first locked')
      locked()
      await held
      steps.push('first done')
    })
    await firstLocked
    const second = locking(id, () => {
      steps.push('second locked')
      return Promise.resolve()
    })
    if (onPostgres) {
      // The second's backend waits on the row lock (PGlite has one connection: it queues).
      await expect
        .poll(async () => {
          const waiting = await database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(sql`pg_stat_activity`)
            .where(sql`datname = current_database() and wait_event_type = 'Lock'`)
          return waiting[0]?.n
        })
        .toBe(1)
    }
    expect(steps).toEqual(['first locked'])
    release()
    await Promise.all([first, second])
    expect(steps).toEqual(['first locked', 'first done', 'second locked'])
  })

  it('rolls back when its work fails, and every connection serves the next ones', async () => {
    const id = ids[2] ?? ''
    const before = await indicationOf(id)
    await expect(
      locking(id, async (tx) => {
        await tx.update(orders).set({ indication: 'Never kept.' }).where(eq(orders.id, id))
        throw new Error('the work failed')
      }),
    ).rejects.toThrow('the work failed')
    // A statement that fails aborts the transaction on the server: rolled back as well.
    await expect(
      locking(id, async (tx) => {
        await tx.execute(sql`select 1 / 0`)
      }),
    ).rejects.toThrow()
    expect(await indicationOf(id)).toBe(before)
    // More at once than the pool has connections: each begins, locks and commits.
    const counts = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        locking(ids[i % ids.length] ?? '', (_tx, rows) => Promise.resolve(rows.length)),
      ),
    )
    expect(counts).toEqual(counts.map(() => 1))
  })

  it('writes a value in as a literal: quotes and backslashes find nothing and change nothing', async () => {
    const count = async () => (await database.db.select({ id: orders.id }).from(orders)).length
    const before = await count()
    for (const hostile of [
      `x'; delete from orders; --`,
      `\\'; delete from orders; --`,
      `x' or '1'='1`,
      `$1 $$ ' \\ "`,
    ]) {
      expect(await locking(hostile, (_tx, rows) => Promise.resolve(rows))).toEqual([])
    }
    expect(await count()).toBe(before)
  })
})
