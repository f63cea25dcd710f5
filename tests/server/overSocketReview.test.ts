/**
 * SEC-10 over a real socket, a trainee's report and its review (RV-1, RV-5): sent for review by
 * the trainee, returned by an attending with a comment. Each route gets the answer it exists for
 * and one refusal; every test title names its route (tests/tooling/routesOverSocket.test.ts
 * checks that none is left out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AWAITING_REVIEW_ERROR, reportAnswerSchema, type Order } from '../../contract'
import { normalSections } from '../support/sections'
import {
  expectAnswer,
  expectRefusal,
  startSocketServer,
  type SocketServer,
  type SocketUser,
} from '../support/socketServer'
import { skipDatabase } from '../support/testDatabase'

describe.skipIf(skipDatabase)('the review of a trainee’s report over a real socket', () => {
  let s: SocketServer
  let orders: Order[]
  /** The first account: an admin and a radiologist, the attending here. */
  let attending: SocketUser
  let trainee: SocketUser

  beforeAll(async () => {
    s = await startSocketServer()
    attending = await s.signUp('Dr Ada Attending')
    trainee = await s.signUp('Dr Tess Trainee')
    const made = await s.call('updateUser', {
      token: attending.token,
      params: { id: trainee.userId },
      body: { roles: ['trainee'] },
    })
    expect(made.status).toBe(200)
    orders = await s.worklist()
  })
  afterAll(() => s.close())

  /** A study no other test of this file writes to, with the trainee's report sent for review. */
  const sentForReview = async (index: number) => {
    const id = orders[index]!.id
    const saved = await s.call('saveReport', {
      token: trainee.token,
      params: { id },
      body: { sections: normalSections },
    })
    expect(saved.status).toBe(200)
    const sent = await s.call('sendForReview', { token: trainee.token, params: { id } })
    return { id, sent }
  }

  it('SEC-10 sendForReview answers 200 with the report, now awaiting review', async () => {
    const id = orders[0]!.id
    const body = { sections: normalSections }
    expect(
      (await s.call('saveReport', { token: trainee.token, params: { id }, body })).status,
    ).toBe(200)
    const sent = await s.call('sendForReview', { token: trainee.token, params: { id } })
    const report = expectAnswer(sent, 200, reportAnswerSchema)
    expect(report.is_final).toBe(false)
    expect(report.preliminary).toMatchObject({
      state: 'awaiting_review',
      by: { user_id: trainee.userId, name: 'Dr Tess Trainee' },
      sections: normalSections,
      returned: null,
    })
  })

  it('SEC-10 sendForReview refuses a report already awaiting review (409)', async () => {
    const { id } = await sentForReview(1)
    const again = await s.call('sendForReview', { token: trainee.token, params: { id } })
    expectRefusal(again, 409, AWAITING_REVIEW_ERROR)
  })

  it('SEC-10 returnToTrainee answers 200 with the report returned, and its comment', async () => {
    const { id } = await sentForReview(2)
    const returned = await s.call('returnToTrainee', {
      token: attending.token,
      params: { id },
      body: { comment: 'Please describe the heart size.' },
    })
    const report = expectAnswer(returned, 200, reportAnswerSchema)
    expect(report.preliminary).toMatchObject({
      state: 'returned',
      returned: {
        by: { user_id: attending.userId, name: 'Dr Ada Attending' },
        comment: 'Please describe the heart size.',
      },
    })
  })

  it('SEC-10 returnToTrainee refuses a trainee, who reviews nobody (403)', async () => {
    const { id } = await sentForReview(3)
    const refusal = await s.call('returnToTrainee', {
      token: trainee.token,
      params: { id },
      body: { comment: 'Returning my own report.' },
    })
    expectRefusal(refusal, 403, 'forbidden')
  })
})
