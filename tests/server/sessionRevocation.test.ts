/**
 * SEC-4: logging out ends the session at once. Two instances of the real app over one database
 * share a clock the test moves, so "within a second" is shown without sleeping.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '../../server/db/client'
import { users } from '../../server/db/schema'
import { loadOrCreateSigningKeys } from '../../server/identity/keys'
import { DEFAULT_REFRESH_REUSE_GRACE_SECONDS } from '../../server/identity/sessions'
import { signToken } from '../../server/identity/tokens'
import { buildInstance, identity, orders, signIn, signUp as signUpOn } from './identity/apiSessions'
import { createTestClock, sdkAuthorization } from './identity/identityHarness'
import { openTestDatabase } from '../support/testDatabase'

const clock = createTestClock()
let database: OpenDatabase
/** Instance A handles the identity calls; instance B only serves the API. */
let a: FastifyInstance
let b: FastifyInstance

beforeAll(async () => {
  database = await openTestDatabase()
  a = await buildInstance(database.db, clock)
  b = await buildInstance(database.db, clock)
})

afterAll(async () => {
  await a.close()
  await b.close()
  await database.close()
})

const signUp = () => signUpOn(a)
const refresh = (refreshJwt: string) => identity(a, '/refresh', {}, refreshJwt)

describe('SEC-4 logging out', () => {
  it('SEC-4 after logout the same session token gets 401 from /api/v1/orders at once on the instance that logged out', async () => {
    const session = await signUp()
    expect(await orders(a, session.sessionJwt)).toBe(200)

    await identity(a, '/logout', {}, session.refreshJwt)
    expect(await orders(a, session.sessionJwt)).toBe(401)
    const me = await a.inject({
      method: 'GET',
      url: '/v1/auth/me',
      headers: sdkAuthorization(session.sessionJwt),
    })
    expect(me.statusCode).toBe(401)
  })

  it('SEC-4 a logout on instance A is refused by instance B once one second has passed on the clock', async () => {
    const session = await signUp()
    expect(await orders(b, session.sessionJwt)).toBe(200)

    await identity(a, '/logout', {}, session.refreshJwt)
    // B answered from what it knew a moment ago, and may for the rest of that second.
    expect(await orders(b, session.sessionJwt)).toBe(200)
    clock.advanceSeconds(1)
    expect(await orders(b, session.sessionJwt)).toBe(401)
    expect(await orders(a, session.sessionJwt)).toBe(401)
  })

  it("SEC-4 logoutall ends the sessions on the user's other devices, and no one else's", async () => {
    const laptop = await signUp()
    const tablet = await signIn(a, laptop.loginId)
    const phone = await signIn(a, laptop.loginId)
    const colleague = await signUp()
    for (const session of [laptop, tablet, phone, colleague]) {
      expect(await orders(a, session.sessionJwt)).toBe(200)
      expect(await orders(b, session.sessionJwt)).toBe(200)
    }

    await identity(a, '/logoutall', {}, tablet.refreshJwt)
    clock.advanceSeconds(1)
    for (const app of [a, b]) {
      expect(await orders(app, laptop.sessionJwt)).toBe(401)
      expect(await orders(app, tablet.sessionJwt)).toBe(401)
      expect(await orders(app, phone.sessionJwt)).toBe(401)
      expect(await orders(app, colleague.sessionJwt)).toBe(200)
    }
  })

  it('SEC-4 logout ends every session token of the sign-in, also those issued before a refresh, and leaves the other devices alone', async () => {
    const laptop = await signUp()
    const tablet = await signIn(a, laptop.loginId)
    const refreshed = await refresh(laptop.refreshJwt)

    await identity(a, '/logout', {}, refreshed.refreshJwt)
    expect(await orders(a, laptop.sessionJwt)).toBe(401)
    expect(await orders(a, refreshed.sessionJwt)).toBe(401)
    expect(await orders(a, tablet.sessionJwt)).toBe(200)
  })

  it('SEC-4 a refresh keeps the sign-in alive: the session token issued before it stays valid until it expires', async () => {
    const session = await signUp()
    clock.advanceSeconds(30)
    const refreshed = await refresh(session.refreshJwt)
    // The rotation revoked the old refresh token; a fresh look at the database must still say yes.
    clock.advanceSeconds(1)
    expect(await orders(b, session.sessionJwt)).toBe(200)
    expect(await orders(b, refreshed.sessionJwt)).toBe(200)

    // Past the first token's expiry (600 s, and the 5 s of clock tolerance), not the second's.
    const later = 610 - 31
    clock.advanceSeconds(later)
    try {
      expect(await orders(b, session.sessionJwt)).toBe(401)
      expect(await orders(b, refreshed.sessionJwt)).toBe(200)
    } finally {
      clock.advanceSeconds(-later)
    }
  })

  it('SEC-4 a rotated refresh token presented again ends the session tokens of its sign-in', async () => {
    const session = await signUp()
    const refreshed = await refresh(session.refreshJwt)
    // Past the reuse grace (SEC-20): within it, a second use answers the same successor.
    clock.advanceSeconds(DEFAULT_REFRESH_REUSE_GRACE_SECONDS)
    const replay = await a.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      headers: sdkAuthorization(session.refreshJwt),
      payload: {},
    })
    expect(replay.statusCode).toBe(401)
    expect(await orders(a, refreshed.sessionJwt)).toBe(401)
    expect(await orders(a, session.sessionJwt)).toBe(401)
  })
})

describe('SEC-4 tokens that name no live session', () => {
  it("SEC-4 a deleted user's session token gets 401", async () => {
    const session = await signUp()
    expect(await orders(b, session.sessionJwt)).toBe(200)
    await database.db.delete(users).where(eq(users.id, session.userId))
    clock.advanceSeconds(1)
    expect(await orders(b, session.sessionJwt)).toBe(401)
  })

  it("SEC-4 a session token issued an hour in the future is refused, though signed with the server's key", async () => {
    const session = await signUp()
    const keys = await loadOrCreateSigningKeys(database.db)
    const { sid } = decodeJwt(session.sessionJwt)
    const forge = (issuedAt: Date, familyId: unknown) =>
      signToken(keys, {
        type: 'session',
        userId: session.userId,
        jti: randomUUID(),
        issuedAt,
        expiresAt: new Date(issuedAt.getTime() + 600_000),
        ...(typeof familyId === 'string' ? { familyId } : {}),
      })
    const inAnHour = new Date(clock.now().getTime() + 3_600_000)
    expect(await orders(a, (await forge(inAnHour, sid)).jwt)).toBe(401)
    // The same token issued now passes: only its issue time was wrong.
    expect(await orders(a, (await forge(clock.now(), sid)).jwt)).toBe(200)
  })

  it('SEC-4 a session token without a session family (issued before the upgrade) is refused; a refresh gives one that works', async () => {
    const session = await signUp()
    const keys = await loadOrCreateSigningKeys(database.db)
    const legacy = await signToken(keys, {
      type: 'session',
      userId: session.userId,
      jti: randomUUID(),
      issuedAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + 600_000),
    })
    expect(await orders(a, legacy.jwt)).toBe(401)
    expect(await orders(a, (await refresh(session.refreshJwt)).sessionJwt)).toBe(200)
  })
})
