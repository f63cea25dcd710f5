/**
 * What the scores add up to, on PGlite and PostgreSQL (PEER-1, PEER-10..PEER-14): the scores of a
 * radiologist's own reports with their reviewers never named, and the admin's rates per
 * radiologist over days counted in the department's time zone. This server asks nobody
 * (PEER_REVIEW_SHARE=0); scores are given all the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  errorSchema,
  myPeerReviewsSchema,
  peerReviewAskSchema,
  peerReviewRatesSchema,
  type RadpeerScore,
} from '../../../contract'
import { peerReviews } from '../../../server/db/schema'
import { peerReviewRates } from '../../../server/repo/peerReviewRates'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { clinician, type Clinician } from '../reviewSupport'
import { ask, familyTaker, score, sign } from './peerHarness'

describe.skipIf(skipDatabase)('the scores and the rates', () => {
  let t: TestApp
  let ada: Clinician
  let cy: Clinician
  let ben: Clinician
  let dan: Clinician
  let admin: Clinician
  let take: Awaited<ReturnType<typeof familyTaker>>
  const given = async (reviewer: Clinician, orderId: string, value: RadpeerScore, comment = '') => {
    const res = await score(reviewer, { order_id: orderId, score: value, comment })
    expect(res.status).toBe(201)
  }

  beforeAll(async () => {
    t = await startTestApp({ env: { PEER_REVIEW_SHARE: '0' } })
    await t.signUp(undefined, 'Dr Founder')
    ada = await clinician(t, 'Dr Ada Author')
    cy = await clinician(t, 'Dr Cy Colleague')
    ben = await clinician(t, 'Dr Ben Reviewer')
    dan = await clinician(t, 'Dr Dan Reviewer')
    admin = await clinician(t, 'Adele Admin', ['admin'])
    take = await familyTaker(t, ben.token)
    const [first, second] = take()
    const [third, later] = take()
    await sign(ada, first!)
    await sign(ada, second!)
    await sign(cy, third!)
    await given(ben, first!, '1')
    await given(dan, second!, '2b', 'The effusion was missed.')
    await given(ben, third!, '3b', 'The fracture was missed.')
    // Share 0: nobody is asked, though a signed prior waits.
    const res = await ask(ben, later!)
    expect(peerReviewAskSchema.parse(res.json())).toEqual({ prior: null })
  })
  afterAll(() => t.close())

  it('PEER-10 a radiologist reads the scores of their own reports, newest first, reviewers never named', async () => {
    const res = await ada.call('GET', '/peer-reviews/mine')
    expect(res.status).toBe(200)
    const mine = myPeerReviewsSchema.parse(res.json())
    expect(mine.items.map((item) => item.score)).toEqual(['2b', '1'])
    expect(mine.items[0]).toMatchObject({ comment: 'The effusion was missed.' })
    expect(mine.by_score).toEqual({ '1': 1, '2a': 0, '2b': 1, '3a': 0, '3b': 0 })
    const text = JSON.stringify(res.json())
    for (const reviewer of [ben, dan]) {
      expect(text).not.toContain(reviewer.name)
      expect(text).not.toContain(reviewer.userId)
    }
  })

  it('PEER-11 a radiologist never scored reads an empty list; the scores they gave are not theirs', async () => {
    const mine = myPeerReviewsSchema.parse((await ben.call('GET', '/peer-reviews/mine')).json())
    expect(mine).toEqual({ items: [], by_score: { '1': 0, '2a': 0, '2b': 0, '3a': 0, '3b': 0 } })
  })

  it('PEER-12 an admin reads a row per radiologist scored: counts, discrepancy and significant rates', async () => {
    const res = await admin.call('GET', '/admin/peer-reviews')
    expect(res.status).toBe(200)
    const { items } = peerReviewRatesSchema.parse(res.json())
    expect(items).toEqual([
      {
        user_id: ada.userId,
        name: 'Dr Ada Author',
        reviews: 2,
        by_score: { '1': 1, '2a': 0, '2b': 1, '3a': 0, '3b': 0 },
        discrepancy_rate: 0.5,
        significant_rate: 0.5,
      },
      {
        user_id: cy.userId,
        name: 'Dr Cy Colleague',
        reviews: 1,
        by_score: { '1': 0, '2a': 0, '2b': 0, '3a': 0, '3b': 1 },
        discrepancy_rate: 1,
        significant_rate: 1,
      },
    ])
  })

  it('PEER-13 the window is inclusive days; from after to is 400', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const rates = async (query: string) =>
      peerReviewRatesSchema.parse((await admin.call('GET', `/admin/peer-reviews?${query}`)).json())
        .items
    expect(await rates(`from=${today}&to=${today}`)).toHaveLength(2)
    expect(await rates('to=2020-01-01')).toEqual([])
    const refused = await admin.call('GET', '/admin/peer-reviews?from=2026-02-02&to=2026-02-01')
    expect(refused.status).toBe(400)
    expect(errorSchema.parse(refused.json()).message).toContain('from')
    expect((await admin.call('GET', '/admin/peer-reviews?from=yesterday')).status).toBe(400)
  })

  it("PEER-14 days are the department's; names are those the records hold", async () => {
    const [order] = take()
    // 03:00 UTC on 2 March is still 1 March in New York.
    await t.db.insert(peerReviews).values({
      id: 'PR-zone',
      orderId: order!,
      reviewerId: 'someone',
      reviewerName: 'Someone',
      authorId: 'gone',
      authorName: 'Dr Gone Since',
      score: '2a',
      comment: 'Subtle.',
      createdAt: new Date('2025-03-02T03:00:00Z'),
    })
    const inZone = (timeZone: string, day: string) =>
      peerReviewRates(t.db, { from: day, to: day, timeZone })
    expect((await inZone('America/New_York', '2025-03-01')).items).toMatchObject([
      {
        user_id: 'gone',
        name: 'Dr Gone Since',
        reviews: 1,
        discrepancy_rate: 1,
        significant_rate: 0,
      },
    ])
    expect((await inZone('America/New_York', '2025-03-02')).items).toEqual([])
    expect((await inZone('UTC', '2025-03-02')).items).toHaveLength(1)
  })
})
