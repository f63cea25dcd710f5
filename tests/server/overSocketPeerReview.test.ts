/**
 * SEC-10 over a real socket, peer review's routes (PEER-*): the prior a radiologist is asked to
 * score, the score, the scores of one's own reports, the admin's rates. Each route gets the answer
 * it exists for and one refusal; every test title names its route
 * (tests/tooling/routesOverSocket.test.ts checks that none is left out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  myPeerReviewsSchema,
  peerReviewAskSchema,
  peerReviewRatesSchema,
  peerReviewSchema,
} from '../../contract'
import { setRoles } from './admin/accountsHarness'
import {
  expectAnswer,
  expectRefusal,
  startSocketServer,
  type SocketServer,
  type SocketUser,
} from '../support/socketServer'
import { skipDatabase } from '../support/testDatabase'
import { PRIOR_SECTIONS } from './peerReview/peerHarness'

describe.skipIf(skipDatabase)('peer review over a real socket', () => {
  let s: SocketServer
  /** The first account: an admin and a radiologist. */
  let founder: SocketUser
  let ada: SocketUser
  let ben: SocketUser
  let tess: SocketUser
  let prior: string
  let later: string

  beforeAll(async () => {
    s = await startSocketServer({ env: { PEER_REVIEW_SHARE: '1' } })
    founder = await s.signUp('Dr Founder')
    ada = await s.signUp('Dr Ada Author')
    ben = await s.signUp('Dr Ben Reviewer')
    tess = await s.signUp('Dr Tess Trainee')
    await setRoles(s.t.db, tess.userId, ['trainee'])
    const all = await s.worklist()
    const patient = all.find((order) =>
      all.some((other) => other !== order && other.patient_id === order.patient_id),
    )!
    const family = all
      .filter((order) => order.patient_id === patient.patient_id)
      .sort((a, b) => a.ordered_at.localeCompare(b.ordered_at))
      .map((order) => order.id)
    prior = family[0]!
    later = family[1]!
    const saved = await s.call('saveReport', {
      token: ada.token,
      params: { id: prior },
      body: { sections: PRIOR_SECTIONS },
    })
    expect(saved.status).toBe(200)
    const signed = await s.call('finalizeReport', { token: ada.token, params: { id: prior } })
    expect(signed.status).toBe(200)
  })
  afterAll(() => s.close())

  it("SEC-10 askPeerReview answers 200 with the colleague's prior, its author unnamed", async () => {
    const answer = await s.call('askPeerReview', { token: ben.token, params: { id: later } })
    const { prior: asked } = expectAnswer(answer, 200, peerReviewAskSchema)
    expect(asked).toMatchObject({ order_id: prior, sections: PRIOR_SECTIONS })
    expect(answer.text).not.toContain(ada.name)
  })

  it('SEC-10 askPeerReview refuses a trainee (403)', async () => {
    expectRefusal(
      await s.call('askPeerReview', { token: tess.token, params: { id: later } }),
      403,
      'forbidden',
    )
  })

  it('SEC-10 recordPeerReview answers 201 with the review', async () => {
    const answer = await s.call('recordPeerReview', {
      token: ben.token,
      body: { order_id: prior, score: '2b', comment: 'The nodule needed a follow-up.' },
    })
    expect(expectAnswer(answer, 201, peerReviewSchema)).toMatchObject({
      order_id: prior,
      score: '2b',
      comment: 'The nodule needed a follow-up.',
    })
  })

  it("SEC-10 recordPeerReview refuses one's own report (409)", async () => {
    const refused = expectRefusal(
      await s.call('recordPeerReview', {
        token: ada.token,
        body: { order_id: prior, score: '1', comment: '' },
      }),
      409,
      'not_reviewable',
    )
    expect(refused.message).toBe('You cannot peer review your own report.')
  })

  it('SEC-10 listMyPeerReviews answers 200 with the scores of my reports, reviewers unnamed', async () => {
    const answer = await s.call('listMyPeerReviews', { token: ada.token })
    const mine = expectAnswer(answer, 200, myPeerReviewsSchema)
    expect(mine.items.map((item) => item.order_id)).toEqual([prior])
    expect(answer.text).not.toContain(ben.name)
  })

  it('SEC-10 listMyPeerReviews refuses a call without a session (401)', async () => {
    expectRefusal(await s.call('listMyPeerReviews', { token: null }), 401, 'unauthorized')
  })

  it('SEC-10 peerReviewRates answers 200 with a row per radiologist scored', async () => {
    const { items } = expectAnswer(
      await s.call('peerReviewRates', { token: founder.token, query: { from: '2020-01-01' } }),
      200,
      peerReviewRatesSchema,
    )
    expect(items).toMatchObject([
      { user_id: ada.userId, name: ada.name, reviews: 1, discrepancy_rate: 1, significant_rate: 1 },
    ])
  })

  it('SEC-10 peerReviewRates refuses a radiologist who is not an admin (403)', async () => {
    expectRefusal(await s.call('peerReviewRates', { token: ben.token }), 403, 'forbidden')
  })
})
