/**
 * Peer review on PGlite and PostgreSQL (PEER-2..PEER-9): which prior a radiologist is asked to
 * score on opening a later study of the patient, never naming its author; one score per reviewer
 * and prior, only of a colleague's signed report; the score audited without its comment and never
 * rewritten.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorSchema, peerReviewAskSchema, peerReviewSchema } from '../../../contract'
import { peerReviews } from '../../../server/db/schema'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { auditOfOrder, clinician, type Clinician } from '../reviewSupport'
import { ask, ASKING, familyTaker, PRIOR_SECTIONS, score, sign } from './peerHarness'

describe.skipIf(skipDatabase)('peer review', () => {
  let t: TestApp
  let ada: Clinician
  let ben: Clinician
  let take: Awaited<ReturnType<typeof familyTaker>>
  /** The first account: an admin and a radiologist. */
  let founder: string

  beforeAll(async () => {
    t = await startTestApp({ env: ASKING })
    ;({ token: founder } = await t.signUp(undefined, 'Dr Founder'))
    ada = await clinician(t, 'Dr Ada Author')
    ben = await clinician(t, 'Dr Ben Reviewer')
    take = await familyTaker(t, ben.token)
  })
  afterAll(() => t.close())

  const priorOf = async (reader: Clinician, orderId: string) => {
    const res = await ask(reader, orderId)
    expect(res.status, JSON.stringify(res.json())).toBe(200)
    return peerReviewAskSchema.parse(res.json()).prior
  }

  it("PEER-2 opening a later study asks to score the colleague's signed prior, its author never named", async () => {
    const [prior, later] = take()
    await sign(ada, prior!)
    const res = await ask(ben, later!)
    const asked = peerReviewAskSchema.parse(res.json()).prior
    expect(asked).toMatchObject({ order_id: prior, sections: PRIOR_SECTIONS })
    expect(asked?.finalized_at).toEqual(expect.stringMatching(/^\d{4}-/))
    expect(JSON.stringify(res.json())).not.toContain('Ada')
    expect(JSON.stringify(res.json())).not.toContain(ada.userId)
    // The same question on every opening: nothing is drawn at random.
    expect(await priorOf(ben, later!)).toEqual(asked)
  })

  it('PEER-2 no question on the oldest study, on one whose prior is unsigned, or about one’s own report', async () => {
    const [prior, later] = take()
    await ada.save(prior!, PRIOR_SECTIONS)
    expect(await priorOf(ben, later!)).toBeNull()
    await sign(ada, prior!)
    expect(await priorOf(ben, prior!)).toBeNull()
    expect(await priorOf(ada, later!)).toBeNull()
  })

  it('PEER-2 the most recent such prior, then the next once it is scored', async () => {
    const [oldest, middle, newest] = take(3)
    await sign(ada, oldest!)
    await sign(ada, middle!)
    expect((await priorOf(ben, newest!))?.order_id).toBe(middle)
    expect((await score(ben, { order_id: middle!, score: '1', comment: '' })).status).toBe(201)
    expect((await priorOf(ben, newest!))?.order_id).toBe(oldest)
    expect((await score(ben, { order_id: oldest!, score: '1', comment: '' })).status).toBe(201)
    expect(await priorOf(ben, newest!)).toBeNull()
  })

  it('PEER-2 a report the reader wrote as a trainee, co-signed by an attending, is their own', async () => {
    const tess = await clinician(t, 'Dr Tess Trainee', ['trainee'])
    const [prior, later] = take()
    await tess.save(prior!, PRIOR_SECTIONS)
    await tess.send(prior!)
    await sign(ada, prior!, PRIOR_SECTIONS)
    // Tess is made a radiologist: the report she wrote is still not hers to score.
    const made = await t.api('PATCH', `/admin/users/${tess.userId}`, {
      token: founder,
      body: { roles: ['radiologist'] },
    })
    expect(made.statusCode).toBe(200)
    expect(await priorOf(tess, later!)).toBeNull()
    const refused = await score(tess, { order_id: prior!, score: '1', comment: '' })
    expect(refused.status).toBe(409)
    expect(errorSchema.parse(refused.json()).error).toBe('not_reviewable')
    expect((await priorOf(ben, later!))?.order_id).toBe(prior)
  })

  it('PEER-2 an order that does not exist is 404', async () => {
    expect((await ask(ben, 'no-such-order')).status).toBe(404)
  })

  it("PEER-3 a score answers 201 with the review; its author is the prior's signer; audited with the score only", async () => {
    const [prior] = take()
    await sign(ada, prior!)
    const comment = 'The 6 mm nodule was called benign without comparison.'
    const res = await score(ben, { order_id: prior!, score: '2b', comment })
    expect(res.status).toBe(201)
    const review = peerReviewSchema.parse(res.json())
    expect(review).toMatchObject({ order_id: prior, score: '2b', comment })
    expect(JSON.stringify(review)).not.toContain('Ada')
    const [row] = await t.db.select().from(peerReviews).where(eq(peerReviews.id, review.id))
    expect(row).toMatchObject({
      authorId: ada.userId,
      authorName: 'Dr Ada Author',
      reviewerId: ben.userId,
      reviewerName: 'Dr Ben Reviewer',
    })
    const { events } = await auditOfOrder(t, prior!)
    const recorded = events.filter((event) => event.kind === 'peer_review_recorded')
    expect(recorded).toHaveLength(1)
    expect(recorded[0]).toMatchObject({ user_id: ben.userId, detail: { score: '2b' } })
    expect(JSON.stringify(events)).not.toContain('nodule')
  })

  it('PEER-4 only a signed report of someone else is scored (409 not_reviewable); an unknown order is 404', async () => {
    const [unsigned, own] = take()
    await ada.save(unsigned!, PRIOR_SECTIONS)
    await sign(ben, own!)
    for (const order_id of [unsigned!, own!]) {
      const res = await score(ben, { order_id, score: '1', comment: '' })
      expect(res.status).toBe(409)
      expect(errorSchema.parse(res.json())).toMatchObject({ error: 'not_reviewable' })
    }
    expect(
      errorSchema.parse((await score(ben, { order_id: own!, score: '1', comment: '' })).json())
        .message,
    ).toBe('You cannot peer review your own report.')
    expect((await score(ben, { order_id: 'no-such-order', score: '1', comment: '' })).status).toBe(
      404,
    )
  })

  it('PEER-5 one score per reviewer and prior: requests at once give one 201, the rest 409', async () => {
    const [prior] = take()
    await sign(ada, prior!)
    const answers = await Promise.all(
      ['1', '2a', '3a', '1', '3b'].map((given) =>
        score(ben, { order_id: prior!, score: given as '1', comment: 'Seen.' }),
      ),
    )
    const statuses = answers.map((res) => res.status).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409])
    for (const res of answers.filter((answer) => answer.status === 409))
      expect(errorSchema.parse(res.json()).error).toBe('peer_review_exists')
    const rows = await t.db.select().from(peerReviews).where(eq(peerReviews.orderId, prior!))
    expect(rows).toHaveLength(1)
    // Another radiologist may still score it.
    const cy = await clinician(t, 'Dr Cy Second')
    expect((await score(cy, { order_id: prior!, score: '1', comment: '' })).status).toBe(201)
  })

  it('PEER-6 a discrepancy needs a comment (400); a concurring score does not', async () => {
    const [prior] = take()
    await sign(ada, prior!)
    for (const given of ['2a', '2b', '3a', '3b'] as const)
      expect((await score(ben, { order_id: prior!, score: given, comment: '  ' })).status).toBe(400)
    expect((await score(ben, { order_id: prior!, score: '4' as '1', comment: 'x' })).status).toBe(
      400,
    )
    expect((await score(ben, { order_id: prior!, score: '1', comment: '' })).status).toBe(201)
  })

  it('PEER-30 the study a score was asked on is kept with it; it must be another study of the same patient (400)', async () => {
    const [prior, later] = take()
    const [stranger] = take()
    await sign(ada, prior!)
    const refused = async (askedOn: string) => {
      const res = await score(ben, {
        order_id: prior!,
        asked_on_order_id: askedOn,
        score: '1',
        comment: '',
      })
      expect(res.status, JSON.stringify(res.json())).toBe(400)
    }
    await refused(prior!)
    await refused(stranger!)
    await refused('no-such-order')
    expect(await t.db.select().from(peerReviews).where(eq(peerReviews.orderId, prior!))).toEqual([])

    const res = await score(ben, {
      order_id: prior!,
      asked_on_order_id: later,
      score: '1',
      comment: '',
    })
    expect(res.status).toBe(201)
    const [row] = await t.db.select().from(peerReviews).where(eq(peerReviews.orderId, prior!))
    expect(row?.askedOnOrderId).toBe(later)
  })

  it('PEER-7 a score is never rewritten: the table refuses an update', async () => {
    const [prior] = take()
    await sign(ada, prior!)
    const review = peerReviewSchema.parse(
      (await score(ben, { order_id: prior!, score: '3a', comment: 'Missed.' })).json(),
    )
    await expect(
      t.db.update(peerReviews).set({ score: '1' }).where(eq(peerReviews.id, review.id)),
    ).rejects.toThrow()
    const [row] = await t.db.select().from(peerReviews).where(eq(peerReviews.id, review.id))
    expect(row?.score).toBe('3a')
  })

  it('PEER-8 roles: a trainee and an admin without a clinical role are refused (403)', async () => {
    const [, later] = take()
    const tara = await clinician(t, 'Dr Tara Trainee', ['trainee'])
    const adele = await clinician(t, 'Adele Admin', ['admin'])
    for (const who of [tara, adele]) {
      expect((await ask(who, later!)).status).toBe(403)
      expect((await score(who, { order_id: later!, score: '1', comment: '' })).status).toBe(403)
      expect((await who.call('GET', '/peer-reviews/mine')).status).toBe(403)
    }
    expect((await ben.call('GET', '/admin/peer-reviews')).status).toBe(403)
  })
})
