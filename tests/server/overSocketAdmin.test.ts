/**
 * SEC-10 over a real socket, who one is and the admin's routes (RL-6, ADM-1..ADM-7): GET /me, the
 * accounts and the audit trail. Each route gets the answer it exists for and one refusal; every
 * test title names its route (tests/tooling/routesOverSocket.test.ts checks that none is left out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminUserListSchema,
  adminUserSchema,
  auditPageSchema,
  whoAmIAnswerSchema,
} from '../../contract'
import {
  expectAnswer,
  expectRefusal,
  startSocketServer,
  type SocketServer,
  type SocketUser,
} from '../support/socketServer'
import { skipDatabase } from '../support/testDatabase'

describe.skipIf(skipDatabase)('who one is and the admin’s routes over a real socket', () => {
  let s: SocketServer
  /** The first account: an admin and a radiologist. */
  let ada: SocketUser
  let ben: SocketUser

  beforeAll(async () => {
    s = await startSocketServer()
    ada = await s.signUp('Dr Ada Admin')
    ben = await s.signUp('Dr Ben Socket')
  })
  afterAll(() => s.close())

  it('SEC-10 whoAmI answers 200 with the user, their roles and whether Clear All is theirs', async () => {
    const me = expectAnswer(await s.call('whoAmI', { token: ben.token }), 200, whoAmIAnswerSchema)
    expect(me).toEqual({
      user_id: ben.userId,
      name: 'Dr Ben Socket',
      roles: ['radiologist'],
      clear_all: false,
    })
  })

  it('SEC-10 whoAmI refuses a call without a session (401)', async () => {
    expectRefusal(await s.call('whoAmI', { token: null }), 401, 'unauthorized')
  })

  it('SEC-10 listUsers answers 200 with every account, oldest first', async () => {
    const { items } = expectAnswer(await s.call('listUsers'), 200, adminUserListSchema)
    expect(items.map((user) => user.id)).toEqual([ada.userId, ben.userId])
  })

  it('SEC-10 listUsers refuses a radiologist who is not an admin (403)', async () => {
    expectRefusal(await s.call('listUsers', { token: ben.token }), 403, 'forbidden')
  })

  it('SEC-10 updateUser answers 200 with the account as changed', async () => {
    const changed = expectAnswer(
      await s.call('updateUser', {
        params: { id: ben.userId },
        body: { roles: ['radiologist', 'trainee'] },
      }),
      200,
      adminUserSchema,
    )
    expect(changed).toMatchObject({ id: ben.userId, roles: ['radiologist', 'trainee'] })
  })

  it('SEC-10 updateUser refuses to remove the last active admin (409)', async () => {
    const refusal = await s.call('updateUser', {
      params: { id: ada.userId },
      body: { roles: ['radiologist'] },
    })
    expectRefusal(refusal, 409, 'last_admin')
  })

  it('SEC-10 listAuditEvents answers 200 with a page of events, newest first', async () => {
    const page = expectAnswer(
      await s.call('listAuditEvents', { query: { limit: '1' } }),
      200,
      auditPageSchema,
    )
    expect(page.items).toHaveLength(1)
    expect(page.next_cursor).not.toBeNull()
  })

  it('SEC-10 listAuditEvents refuses a cursor it did not hand out (400)', async () => {
    expectRefusal(
      await s.call('listAuditEvents', { query: { cursor: 'not-a-cursor' } }),
      400,
      'bad_cursor',
    )
  })

  it('SEC-10 exportAuditEvents answers 200 with the events as CSV', async () => {
    const csv = await s.call('exportAuditEvents', { query: { user: ben.userId } })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const [header, ...rows] = csv.text.trimEnd().split('\r\n')
    expect(header).toBe('time,user_id,user_name,kind,order_id,accession_number,address,detail')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row.includes(ben.userId))).toBe(true)
  })

  it('SEC-10 exportAuditEvents refuses a caller who is not an admin (403)', async () => {
    expectRefusal(await s.call('exportAuditEvents', { token: ben.token }), 403, 'forbidden')
  })
})
