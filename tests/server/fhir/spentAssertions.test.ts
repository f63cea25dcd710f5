/**
 * Client assertion ids (SMART Backend Services) are kept only as long as they can refuse a
 * replay, on PGlite and PostgreSQL: housekeeping forgets them an hour after they were first seen.
 */
import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInFailures } from '../../../server/db/schema'
import { startHousekeeping } from '../../../server/events/housekeeping'
import { firstUseOfAssertion } from '../../../server/repo/fhirAccess'
import { openTestDatabase, skipDatabase } from '../../support/testDatabase'

describe.skipIf(skipDatabase)('spent client assertions', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.close())

  const kept = async () =>
    (
      await database.db
        .select({ key: signInFailures.key })
        .from(signInFailures)
        .where(like(signInFailures.key, 'fhir-jti:%'))
    ).map((row) => row.key)

  it('INT-93 housekeeping forgets an assertion id an hour after it was first seen, and keeps a recent one', async () => {
    const seen = new Date('2026-11-27T08:00:00Z')
    expect(await firstUseOfAssertion(database.db, 'ris', 'old-jti', seen, 310)).toBe(true)
    const later = new Date(seen.getTime() + 50 * 60_000)
    expect(await firstUseOfAssertion(database.db, 'ris', 'new-jti', later, 310)).toBe(true)
    // Still within its window: a replay is refused.
    expect(await firstUseOfAssertion(database.db, 'ris', 'new-jti', later, 310)).toBe(false)

    let clock = new Date(seen.getTime() + 61 * 60_000)
    const housekeeping = startHousekeeping({
      db: database.db,
      now: () => clock,
      everyMs: 3_600_000,
      log: () => undefined,
    })
    try {
      await housekeeping.runOnce()
      expect(await kept()).toEqual(['fhir-jti:ris:new-jti'])
      clock = new Date(later.getTime() + 61 * 60_000)
      await housekeeping.runOnce()
      expect(await kept()).toEqual([])
    } finally {
      await housekeeping.stop()
    }
  })
})
