/**
 * RL-1, RL-2, RL-4, RL-5, ADM-1..ADM-3, ADM-9: the accounts an admin manages. Two instances of the
 * real app over one database share a clock the test moves: instance A takes the admin's changes,
 * B only serves the API, so "at once here, within a second elsewhere" is shown without sleeping.
 */
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminUserListSchema, whoAmIAnswerSchema, type UserRole } from '../../../contract'
import type { OpenDatabase } from '../../../server/db/client'
import { auditEvents } from '../../../server/db/schema'
import { seedDemoData } from '../../../server/seed/seed'
import { buildInstance, signUp, type ApiSession } from '../identity/apiSessions'
import { createTestClock, PASSWORD, sdkAuthorization } from '../identity/identityHarness'
import { openStream } from '../../support/sse'
import { openTestDatabase } from '../../support/testDatabase'
import { call, userWith } from './accountsHarness'

const clock = createTestClock()
let database: OpenDatabase
let a: FastifyInstance
let b: FastifyInstance
let admin: ApiSession

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemoData(database.db, { now: new Date('2026-11-20T08:00:00Z') })
  a = await buildInstance(database.db, clock)
  b = await buildInstance(database.db, clock)
  admin = await signUp(a)
  // Later accounts are created a second after it (the clock moves only when a test moves it).
  clock.advanceSeconds(1)
})

afterAll(async () => {
  await a.close()
  await b.close()
  await database.close()
})

const me = async (app: FastifyInstance, session: ApiSession) => {
  const answer = await call(app, 'GET', '/me', session.sessionJwt)
  expect(answer.status).toBe(200)
  return whoAmIAnswerSchema.parse(answer.body)
}
const patch = (session: ApiSession, userId: string, body: object) =>
  call(a, 'PATCH', `/admin/users/${userId}`, session.sessionJwt, body)
const auth = (path: string, body: object, jwt?: string) =>
  a.inject({
    method: 'POST',
    url: `/v1/auth${path}`,
    headers: sdkAuthorization(jwt),
    payload: body,
  })
const eventsFor = (kind: string, target: string) =>
  database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, kind), eq(auditEvents.userId, admin.userId)))
    .then((rows) => rows.filter((row) => row.detail?.target_user_id === target))

describe('RL-1 the first account', () => {
  it('RL-1 the first account is admin and radiologist; every later one a radiologist', async () => {
    const later = await signUp(a)
    expect((await me(a, admin)).roles).toEqual(['radiologist', 'admin'])
    expect((await me(a, later)).roles).toEqual(['radiologist'])
  })
})

describe('ADM-1 the accounts', () => {
  it('ADM-1 GET /admin/users lists every account oldest first with its roles and status; a radiologist gets 403', async () => {
    clock.advanceSeconds(1)
    const colleague = await signUp(a)
    const answer = await call(a, 'GET', '/admin/users', admin.sessionJwt)
    expect(answer.status).toBe(200)
    const { items } = adminUserListSchema.parse(answer.body)
    expect(items[0]).toMatchObject({
      id: admin.userId,
      roles: ['radiologist', 'admin'],
      active: true,
    })
    expect(items.at(-1)).toMatchObject({ id: colleague.userId, email: colleague.loginId })
    const created = items.map((item) => item.created_at)
    expect([...created].sort()).toEqual(created)
    expect((await call(a, 'GET', '/admin/users', colleague.sessionJwt)).status).toBe(403)
  })
})

describe('RL-2 ADM-2 roles', () => {
  it('RL-2 ADM-2 a role change is seen at once on the instance that made it and within a second on another, with a roles_changed event', async () => {
    const resident = await signUp(a)
    expect((await call(b, 'GET', '/orders', resident.sessionJwt)).status).toBe(200)

    const changed = await patch(admin, resident.userId, { roles: ['trainee'] })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ id: resident.userId, roles: ['trainee'], active: true })
    expect((await me(a, resident)).roles).toEqual(['trainee'])
    // B answers from what it read a moment ago for the rest of that second.
    expect((await me(b, resident)).roles).toEqual(['radiologist'])
    clock.advanceSeconds(1)
    expect((await me(b, resident)).roles).toEqual(['trainee'])
    expect(
      (await call(b, 'POST', '/orders/none/report/finalize', resident.sessionJwt, {})).status,
    ).toBe(403)

    const [event] = await eventsFor('roles_changed', resident.userId)
    expect(event?.detail).toEqual({
      target_user_id: resident.userId,
      roles_before: ['radiologist'],
      roles_after: ['trainee'],
    })
    // The same roles again change nothing and record nothing.
    expect((await patch(admin, resident.userId, { roles: ['trainee'] })).status).toBe(200)
    expect(await eventsFor('roles_changed', resident.userId)).toHaveLength(1)
  })

  it('RL-2 roles are checked by the contract: unknown, repeated or no change at all is 400; an unknown account 404', async () => {
    const someone = await signUp(a)
    for (const body of [
      { roles: ['root'] },
      { roles: ['trainee', 'trainee'] },
      {},
      { active: 'no' },
    ])
      expect((await patch(admin, someone.userId, body)).status).toBe(400)
    expect((await patch(admin, 'Uunknown', { active: false })).status).toBe(404)
  })

  it('RL-2 an account with no role may ask who it is and nothing else', async () => {
    const nobody = await userWith(a, database.db, [])
    clock.advanceSeconds(1)
    expect((await me(a, nobody)).roles).toEqual([])
    expect((await call(a, 'GET', '/orders', nobody.sessionJwt)).status).toBe(403)
  })
})

describe('RL-4 RL-5 ADM-3 deactivation', () => {
  it('RL-4 RL-5 ADM-3 a deactivated account is refused at once here, within a second elsewhere, cannot sign in or refresh, and signs in again once reactivated', async () => {
    const leaver = await signUp(a)
    expect((await call(b, 'GET', '/orders', leaver.sessionJwt)).status).toBe(200)

    const off = await patch(admin, leaver.userId, { active: false })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ active: false })
    expect((await call(a, 'GET', '/orders', leaver.sessionJwt)).status).toBe(401)
    clock.advanceSeconds(1)
    expect((await call(b, 'GET', '/orders', leaver.sessionJwt)).status).toBe(401)

    const signIn = await auth('/password/signin', { loginId: leaver.loginId, password: PASSWORD })
    expect(signIn.statusCode).toBe(403)
    expect(signIn.json()).toMatchObject({
      errorCode: 'E062111',
      errorMessage: 'This account has been deactivated. Ask an administrator.',
    })
    // A wrong password learns nothing of the deactivation.
    const guess = await auth('/password/signin', {
      loginId: leaver.loginId,
      password: 'wrong horse',
    })
    expect(guess.statusCode).toBe(401)
    expect(guess.body).not.toContain('deactivated')
    const refresh = await auth('/refresh', {}, leaver.refreshJwt)
    expect(refresh.statusCode).toBe(401)

    expect((await patch(admin, leaver.userId, { active: true })).status).toBe(200)
    const again = await auth('/password/signin', { loginId: leaver.loginId, password: PASSWORD })
    expect(again.statusCode).toBe(200)
    const { sessionJwt } = again.json<{ sessionJwt: string }>()
    expect((await call(a, 'GET', '/orders', sessionJwt)).status).toBe(200)
    expect(await eventsFor('account_deactivated', leaver.userId)).toHaveLength(1)
    expect(await eventsFor('account_reactivated', leaver.userId)).toHaveLength(1)
  })

  it('RL-4 the open live stream of an account ends when it is deactivated, while a colleague’s stays', async () => {
    const leaver = await signUp(a)
    const colleague = await signUp(a)
    await a.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`
    const ready = (event: { type: string }) => event.type === 'ready'
    const theirs = await openStream(base, leaver.sessionJwt)
    const other = await openStream(base, colleague.sessionJwt)
    await theirs.next(ready)
    await other.next(ready)

    expect((await patch(admin, leaver.userId, { active: false })).status).toBe(200)
    await theirs.ended
    let otherEnded = false
    void other.ended.then(() => (otherEnded = true))
    expect((await call(a, 'GET', '/orders', colleague.sessionJwt)).status).toBe(200)
    expect(otherEnded).toBe(false)
    other.close()
    a.server.closeAllConnections()
  })

  it('RL-5 an admin cannot deactivate themselves nor remove the last active admin', async () => {
    const self = await patch(admin, admin.userId, { active: false })
    expect(self.status).toBe(409)
    expect(self.body).toMatchObject({ error: 'own_account' })
    const demote = await patch(admin, admin.userId, { roles: ['radiologist'] })
    expect(demote.status).toBe(409)
    expect(demote.body).toMatchObject({
      error: 'last_admin',
      message:
        'This is the last active administrator: make another account an administrator first.',
    })
    expect((await me(a, admin)).roles).toEqual(['radiologist', 'admin'])
  })
})

describe('ADM-9 two admins at once', () => {
  it('ADM-9 two admins removing each other’s admin role at the same moment leave one admin: the second finds it is no longer one', async () => {
    const other = await userWith(a, database.db, ['admin', 'radiologist'])
    clock.advanceSeconds(1)
    const roles: UserRole[] = ['radiologist']
    const answers = await Promise.all([
      patch(admin, other.userId, { roles }),
      patch(other, admin.userId, { roles }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403])
    const winner = answers[0].status === 200 ? admin : other
    expect((await me(a, winner)).roles).toContain('admin')
    // The first admin is an admin again for the tests after this one.
    if (winner !== admin) await patch(other, admin.userId, { roles: ['radiologist', 'admin'] })
  })
})
