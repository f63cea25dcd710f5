/**
 * SEC-20, SEC-21: one refresh token used twice at once (two tabs refreshing in the same instant,
 * a retry after a lost answer) keeps the session: within the reuse grace the second use answers
 * the same successor. After the grace, or for a token older than the previous one, reuse is still
 * a replay and ends the session. Two instances of the identity routes over one database, on real
 * sockets, with a clock the test moves (both instances read it); on PostgreSQL each instance has
 * its own pool, so the two refreshes really race in the database.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type OpenDatabase } from '../../../server/db/client'
import { loadOrCreateSigningKeys } from '../../../server/identity/keys'
import { DEFAULT_REFRESH_REUSE_GRACE_SECONDS } from '../../../server/identity/sessions'
import { onPostgres, openTestDatabase, skipDatabase } from '../../support/testDatabase'
import {
  buildIdentityApp,
  createTestClock,
  sdkAuthorization,
  signedUpUser,
  type JwtAnswerBody,
} from './identityHarness'

const clock = createTestClock()
let database: OpenDatabase & { url?: string }
let second: OpenDatabase | undefined
let a: FastifyInstance
let b: FastifyInstance
const base = new Map<FastifyInstance, string>()

async function listening(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 })
  base.set(app, `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`)
  return app
}

beforeAll(async () => {
  if (skipDatabase) return
  database = await openTestDatabase()
  second = onPostgres
    ? await openDatabase({ kind: 'postgres', url: database.url ?? '' })
    : undefined
  const keys = await loadOrCreateSigningKeys(database.db)
  a = await listening(await buildIdentityApp({ db: database.db, keys, clock }))
  b = await listening(await buildIdentityApp({ db: (second ?? database).db, keys, clock }))
})

afterAll(async () => {
  if (skipDatabase) return
  await a.close()
  await b.close()
  await second?.close()
  await database.close()
})

/** A POST to `/v1/auth<path>` over the socket, the refresh token sent as the SDK sends it. */
async function post(app: FastifyInstance, path: string, jwt: string) {
  const res = await fetch(`${base.get(app)}/v1/auth${path}`, {
    method: 'POST',
    headers: { ...sdkAuthorization(jwt), 'content-type': 'application/json' },
    body: '{}',
  })
  return {
    status: res.status,
    body: (await res.json()) as JwtAnswerBody & { errorMessage?: string },
  }
}

const refresh = (app: FastifyInstance, jwt: string) => post(app, '/refresh', jwt)
const meStatus = async (app: FastifyInstance, jwt: string) =>
  (
    await fetch(`${base.get(app)}/v1/auth/me`, {
      headers: sdkAuthorization(jwt),
    })
  ).status

describe.skipIf(skipDatabase)('SEC-20 two refreshes at once with one refresh token', () => {
  it('SEC-20 10 of 10 parallel double refreshes, on one instance and across two, keep the session and both answers carry the same refresh token', async () => {
    const outcomes: string[] = []
    for (let round = 0; round < 10; round += 1) {
      const user = await signedUpUser(a)
      // Even rounds: both on A; odd rounds: one on each instance.
      const other = round % 2 === 0 ? a : b
      const [first, again] = await Promise.all([
        refresh(a, user.refreshJwt),
        refresh(other, user.refreshJwt),
      ])
      const kept =
        first.status === 200 &&
        again.status === 200 &&
        first.body.refreshJwt === again.body.refreshJwt &&
        first.body.refreshJwt !== user.refreshJwt
      outcomes.push(kept ? 'kept' : `${first.status}/${again.status}`)
      if (!kept) continue
      // Both session tokens belong to the same live sign-in, and the successor carries it on.
      expect(decodeJwt(first.body.sessionJwt).sid).toBe(decodeJwt(user.sessionJwt).sid)
      expect(decodeJwt(again.body.sessionJwt).sid).toBe(decodeJwt(user.sessionJwt).sid)
      expect(await meStatus(b, first.body.sessionJwt)).toBe(200)
      expect(await meStatus(a, again.body.sessionJwt)).toBe(200)
      expect((await refresh(other, again.body.refreshJwt)).status).toBe(200)
    }
    expect(outcomes).toEqual(Array(10).fill('kept'))
  })

  it('SEC-20 a retry within the grace, after the answer was lost, gets the same successor', async () => {
    const user = await signedUpUser(a)
    const first = await refresh(a, user.refreshJwt)
    clock.advanceSeconds(DEFAULT_REFRESH_REUSE_GRACE_SECONDS - 1)
    const retry = await refresh(b, user.refreshJwt)
    expect(retry.status).toBe(200)
    expect(retry.body.refreshJwt).toBe(first.body.refreshJwt)
    expect(await meStatus(a, retry.body.sessionJwt)).toBe(200)
  })
})

describe.skipIf(skipDatabase)('SEC-21 reuse that is still a replay', () => {
  it('SEC-21 after the grace, a rotated refresh token presented again ends the sign-in', async () => {
    const user = await signedUpUser(a)
    const successor = await refresh(a, user.refreshJwt)
    clock.advanceSeconds(DEFAULT_REFRESH_REUSE_GRACE_SECONDS + 1)
    const replay = await refresh(b, user.refreshJwt)
    expect(replay.status).toBe(401)
    expect(replay.body.errorMessage).toMatch(/already used/)
    expect((await refresh(a, successor.body.refreshJwt)).status).toBe(401)
    expect(await meStatus(a, successor.body.sessionJwt)).toBe(401)
  })

  it('SEC-21 within the grace, a token older than the previous one (its successor rotated again) is a replay', async () => {
    const user = await signedUpUser(a)
    const second = await refresh(a, user.refreshJwt)
    const third = await refresh(a, second.body.refreshJwt)
    const replay = await refresh(b, user.refreshJwt)
    expect(replay.status).toBe(401)
    expect((await refresh(a, third.body.refreshJwt)).status).toBe(401)
    expect(await meStatus(b, third.body.sessionJwt)).toBe(401)
  })

  it('SEC-21 within the grace, a logged-out sign-in does not come back through the rotated token', async () => {
    const user = await signedUpUser(a)
    const successor = await refresh(a, user.refreshJwt)
    expect((await post(a, '/logout', successor.body.refreshJwt)).status).toBe(200)
    const again = await refresh(b, user.refreshJwt)
    expect(again.status).toBe(401)
    expect(await meStatus(a, successor.body.sessionJwt)).toBe(401)
  })
})
