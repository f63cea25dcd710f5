/**
 * SEC-10 over a real socket, the follow-ups' routes (FU-13, FU-15): the list, and closing one by
 * hand. Each route gets the answer it exists for and one refusal; every test title names its
 * route (tests/tooling/routesOverSocket.test.ts checks that none is left out). The signature that
 * makes the follow-up goes over the socket too, with its confirmed list (FU-10).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FOLLOW_UP_CLOSED_ERROR, followUpPageSchema, followUpSchema } from '../../contract'
import { setRoles } from './admin/accountsHarness'
import {
  expectAnswer,
  expectRefusal,
  startSocketServer,
  type SocketServer,
  type SocketUser,
} from '../support/socketServer'
import { skipDatabase } from '../support/testDatabase'
import { confirmed, RECOMMENDING } from './followUps/support'

describe.skipIf(skipDatabase)('follow-ups over a real socket', () => {
  let s: SocketServer
  let ada: SocketUser
  let tess: SocketUser
  let followUpId: string

  beforeAll(async () => {
    s = await startSocketServer()
    ada = await s.signUp('Dr Ada Signer')
    tess = await s.signUp('Dr Tess Trainee')
    await setRoles(s.t.db, tess.userId, ['trainee'])
    const [study] = await s.worklist()
    const id = study?.id ?? ''
    const saved = await s.call('saveReport', {
      token: ada.token,
      params: { id },
      body: { sections: RECOMMENDING },
    })
    expect(saved.status).toBe(200)
    const signed = await s.call('finalizeReport', {
      token: ada.token,
      params: { id },
      body: { follow_ups: [confirmed()] },
    })
    expect(signed.status).toBe(200)
  })
  afterAll(() => s.close())

  it('SEC-10 listFollowUps answers 200 with a page of follow-ups, overdue first, and the total', async () => {
    const page = expectAnswer(
      await s.call('listFollowUps', { token: tess.token, query: { status: 'open,overdue' } }),
      200,
      followUpPageSchema,
    )
    expect(page.total).toBe(1)
    expect(page.items[0]).toMatchObject({ modality: 'CT', body_part: 'chest' })
    followUpId = page.items[0]?.id ?? ''
  })

  it('SEC-10 listFollowUps refuses a call without a session (401)', async () => {
    expectRefusal(await s.call('listFollowUps', { token: null }), 401, 'unauthorized')
  })

  it('SEC-10 resolveFollowUp answers 200 with the follow-up as closed', async () => {
    const closed = expectAnswer(
      await s.call('resolveFollowUp', {
        token: tess.token,
        params: { id: followUpId },
        body: { status: 'declined', reason: 'The patient declined the scan.' },
      }),
      200,
      followUpSchema,
    )
    expect(closed).toMatchObject({
      status: 'declined',
      resolution: { by: { user_id: tess.userId }, reason: 'The patient declined the scan.' },
    })
  })

  it('SEC-10 resolveFollowUp refuses a follow-up already closed (409)', async () => {
    const again = await s.call('resolveFollowUp', {
      params: { id: followUpId },
      body: { status: 'completed', reason: 'Done after all.' },
    })
    expectRefusal(again, 409, FOLLOW_UP_CLOSED_ERROR)
  })
})
