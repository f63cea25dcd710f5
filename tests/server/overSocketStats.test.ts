/**
 * SEC-10 over a real socket, the department's numbers (DEPT-*): each route answers the seeded
 * department's known numbers (stats/dataset.ts) to a trainee and an admin, and refuses an account
 * without a role (403, DEPT-18) or a window the calendar refuses (400). Every test title names its
 * route (tests/tooling/routesOverSocket.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  criticalCommunicationStatsSchema,
  followUpStatsSchema,
  turnaroundStatsSchema,
  volumeStatsSchema,
} from '../../contract'
import { setRoles } from './admin/accountsHarness'
import { NOW, seedFollowUps, seedStudies, STUDIES, WINDOW, ZONE } from './stats/dataset'
import {
  expectAnswer,
  expectRefusal,
  startSocketServer,
  type SocketServer,
  type SocketUser,
} from '../support/socketServer'
import { skipDatabase } from '../support/testDatabase'

describe.skipIf(skipDatabase)('the department’s numbers over a real socket', () => {
  let s: SocketServer
  let trainee: SocketUser
  let admin: SocketUser
  let nobody: SocketUser

  beforeAll(async () => {
    s = await startSocketServer({
      seed: false,
      now: () => NOW,
      env: { DEPARTMENT_TIME_ZONE: ZONE },
    })
    trainee = await s.signUp('Dr Tess Stats')
    admin = await s.signUp('Ada Stats Admin')
    nobody = await s.signUp('Nobody Stats')
    await setRoles(s.t.db, trainee.userId, ['trainee'])
    await setRoles(s.t.db, admin.userId, ['admin'])
    await setRoles(s.t.db, nobody.userId, [])
    await seedStudies(s.t.db, STUDIES)
    await seedFollowUps(s.t.db)
  })
  afterAll(() => s.close())

  it('SEC-10 turnaroundStats answers 200 with the percentiles per priority to a trainee', async () => {
    const answer = expectAnswer(
      await s.call('turnaroundStats', { query: WINDOW, token: trainee.token }),
      200,
      turnaroundStatsSchema,
    )
    expect(answer.overall.map((row) => [row.group, row.count, row.ordered_to_signed])).toEqual([
      ['stat', 3, { p50: 60, p90: 108 }],
      ['routine', 3, { p50: 60, p90: 1164 }],
    ])
  })

  it('SEC-10 turnaroundStats refuses an account without a role (403) and from after to (400)', async () => {
    expectRefusal(
      await s.call('turnaroundStats', { query: WINDOW, token: nobody.token }),
      403,
      'forbidden',
    )
    const late = { from: WINDOW.to, to: WINDOW.from }
    const body = expectRefusal(
      await s.call('turnaroundStats', { query: late, token: trainee.token }),
      400,
      'bad_window',
    )
    expect(body.message).toBe("'from' (2026-11-03) is after 'to' (2026-11-02).")
  })

  it('SEC-10 volumeStats answers 200 with every hour of the window to an admin', async () => {
    const answer = expectAnswer(
      await s.call('volumeStats', { query: WINDOW, token: admin.token }),
      200,
      volumeStatsSchema,
    )
    expect(answer.hours).toHaveLength(48)
    expect(answer.hours.reduce((n, h) => n + h.ordered, 0)).toBe(6)
    expect(answer.hours.reduce((n, h) => n + h.signed, 0)).toBe(6)
  })

  it('SEC-10 volumeStats refuses an account without a role (403)', async () => {
    expectRefusal(await s.call('volumeStats', { token: nobody.token }), 403, 'forbidden')
  })

  it('SEC-10 criticalCommunicationStats answers 200 with the delays and the uncommunicated', async () => {
    const answer = expectAnswer(
      await s.call('criticalCommunicationStats', { query: WINDOW, token: trainee.token }),
      200,
      criticalCommunicationStatsSchema,
    )
    expect(answer).toMatchObject({
      overall: { count: 3, delay: { p50: 10, p90: 50 } },
      uncommunicated: 1,
    })
  })

  it('SEC-10 criticalCommunicationStats refuses an account without a role (403)', async () => {
    expectRefusal(
      await s.call('criticalCommunicationStats', { token: nobody.token }),
      403,
      'forbidden',
    )
  })

  it('SEC-10 followUpStats answers 200 with the months and their completion rates', async () => {
    const answer = expectAnswer(
      await s.call('followUpStats', {
        query: { from: '2026-10-01', to: '2026-11-30' },
        token: admin.token,
      }),
      200,
      followUpStatsSchema,
    )
    expect(answer.months.map((m) => [m.month, m.due, m.completion_rate])).toEqual([
      ['2026-10', 4, 0.5],
      ['2026-11', 3, 0.5],
    ])
  })

  it('SEC-10 followUpStats refuses an account without a role (403) and a year and a day (400)', async () => {
    expectRefusal(await s.call('followUpStats', { token: nobody.token }), 403, 'forbidden')
    expectRefusal(
      await s.call('followUpStats', {
        query: { from: '2025-01-01', to: '2026-01-02' },
        token: admin.token,
      }),
      400,
      'bad_window',
    )
  })
})
