/**
 * One of several processes starting on one PostgreSQL database at the same instant, as server
 * instances do (tests/server/ops/startupLock.test.ts): what server/index.ts does before it
 * listens, openDatabase (migrations) with the demo seed after them. Run with
 * `node --import tsx tests/support/startupRacer.ts DATABASE_URL AT`: it waits until the clock
 * reads AT (ms since 1970), so that every racer starts together, then prints one line,
 * `{"ok":true,"seeded":bool}` or `{"ok":false,"error":"…"}`, and exits.
 */
import { openDatabase } from '../../server/db/client'
import { seedDemoData } from '../../server/seed/seed'

const [url, at] = process.argv.slice(2)
if (!url || !at) throw new Error('usage: startupRacer.ts DATABASE_URL AT')

// Loaded before the common start, so that only the start itself races. A busy wait: a timer
// would wake each racer at a different moment.
while (Date.now() < Number(at)) {
  /* spin until the common start */
}
let seeded = false
try {
  const database = await openDatabase(
    { kind: 'postgres', url },
    {
      afterMigrations: async (db) => {
        seeded = 'patients' in (await seedDemoData(db, { now: new Date() }))
      },
    },
  )
  await database.close()
  process.stdout.write(`${JSON.stringify({ ok: true, seeded })}\n`)
} catch (error) {
  process.stdout.write(
    `${JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })}\n`,
  )
}
