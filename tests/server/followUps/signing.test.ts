/**
 * Follow-ups found at the pre-sign check and made by the signature (FU-9..FU-12): the check
 * answers what the text recommends; the signature tracks the confirmed list (or, sent none, what
 * it finds), in its own transaction, by its signer; a trainee's preliminary read makes none, the
 * attending's co-signature does. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  checkReportAnswerSchema,
  errorSchema,
  FOLLOW_UP_LIMITS,
  type ReportSections,
} from '../../../contract'
import { findFollowUps } from '../../../server/outcomes/extract'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { auditOfOrder } from '../reviewSupport'
import {
  clinician,
  type Clinician,
  confirmed,
  NOTHING_TO_FOLLOW,
  RECOMMENDING,
  rowsOfOrder,
  sign,
  signed,
  studiesOfDistinctPatients,
  testClock,
} from './support'

describe.skipIf(skipDatabase)('follow-ups at the pre-sign check and the signature', () => {
  let t: TestApp
  let ada: Clinician
  let take: () => string
  // 23:30 in UTC is already the next day in Berlin: the windows count from the department's day.
  const clock = testClock('2026-11-24T23:30:00Z')

  beforeAll(async () => {
    t = await startTestApp({ now: clock.now, env: { DEPARTMENT_TIME_ZONE: 'Europe/Berlin' } })
    ada = await clinician(t, clock, 'Dr Ada Signer')
    take = await studiesOfDistinctPatients(t)
  })
  afterAll(() => t.close())

  const check = async (orderId: string, sections?: ReportSections) => {
    const res = await ada.call(
      'POST',
      `/orders/${orderId}/report/check`,
      sections ? { sections } : undefined,
    )
    expect(res.status).toBe(200)
    return checkReportAnswerSchema.parse(res.json())
  }

  it("FU-9 the pre-sign check answers the recommendations of the text it checked, their windows counted from today in the department's time zone; none for a negated one", async () => {
    const id = take()
    const answer = await check(id, RECOMMENDING)
    expect(answer.follow_ups).toMatchObject([
      { modality: 'CT', body_part: 'chest', reason: 'pulmonary nodule' },
    ])
    expect(answer.follow_ups?.[0]?.text).toBe('Recommend CT chest in 3 months.')
    // It is 2026-11-25 in Berlin (00:30), still the 24th in UTC.
    expect(answer.follow_ups).toEqual(findFollowUps(RECOMMENDING, '2026-11-25'))
    expect(answer.follow_ups).not.toEqual(findFollowUps(RECOMMENDING, '2026-11-24'))
    expect((await check(id, NOTHING_TO_FOLLOW)).follow_ups).toEqual([])
    // Without sections, the saved report is read.
    await ada.save(id, RECOMMENDING)
    expect((await check(id)).follow_ups).toHaveLength(1)
    expect(await rowsOfOrder(t, id)).toEqual([])
  })

  it('FU-10 a signature tracks exactly the confirmed follow-ups, none for [], and what it finds when it sends none; made by the signer, audited by id alone', async () => {
    const corrected = take()
    const item = confirmed({ body_part: 'abdomen', reason: 'adrenal nodule', text: '' })
    await signed(ada, corrected, RECOMMENDING, { follow_ups: [item] })
    const rows = await rowsOfOrder(t, corrected)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      modality: 'CT',
      bodyPart: 'abdomen',
      dueFrom: item.due_from,
      dueTo: item.due_to,
      reason: 'adrenal nodule',
      status: 'open',
      createdBy: ada.userId,
      createdByName: 'Dr Ada Signer',
    })
    const events = (await auditOfOrder(t, corrected)).events.filter(
      (event) => event.kind === 'follow_up_created',
    )
    expect(events.map((event) => event.detail)).toEqual([{ follow_up_id: rows[0]?.id }])

    const none = take()
    await signed(ada, none, RECOMMENDING, { follow_ups: [] })
    expect(await rowsOfOrder(t, none)).toEqual([])

    const found = take()
    await signed(ada, found, RECOMMENDING)
    expect(await rowsOfOrder(t, found)).toMatchObject([
      { modality: 'CT', bodyPart: 'chest', reason: 'pulmonary nodule', status: 'open' },
    ])
    const quiet = take()
    await signed(ada, quiet, NOTHING_TO_FOLLOW)
    expect(await rowsOfOrder(t, quiet)).toEqual([])
  })

  it('FU-11 the follow-ups are written in the signature’s transaction: a refused signature makes none, a resend of a signed report none twice, a window beyond ten years is a 400 that signs nothing', async () => {
    const id = take()
    await signed(ada, id, RECOMMENDING)
    const again = await ada.call('POST', `/orders/${id}/report/finalize`)
    expect(again.status).toBe(409)
    expect(await rowsOfOrder(t, id)).toHaveLength(1)

    const unfilled = take()
    const refused = await sign(ada, unfilled, {
      ...RECOMMENDING,
      findings: 'A [size] mm nodule.',
    })
    expect(refused.status).toBe(409)
    expect(await rowsOfOrder(t, unfilled)).toEqual([])

    const far = take()
    const tooFar = await sign(ada, far, RECOMMENDING, {
      follow_ups: [confirmed(), confirmed({ due_from: '2036-01-01', due_to: '2037-01-01' })],
    })
    expect(tooFar.status).toBe(400)
    expect(errorSchema.parse(tooFar.json()).message).toContain('follow_ups[1].due_to')
    expect(errorSchema.parse(tooFar.json()).message).toContain(
      String(FOLLOW_UP_LIMITS.maxDaysAhead),
    )
    expect((await ada.order(far)).report?.is_final).toBe(false)
    expect(await rowsOfOrder(t, far)).toEqual([])

    for (const bad of [
      [confirmed({ due_from: '2027-02-01', due_to: '2027-01-01' })],
      [confirmed({ modality: '' })],
      [{ ...confirmed(), extra: 1 }],
      Array.from({ length: FOLLOW_UP_LIMITS.perReport + 1 }, () => confirmed()),
      'CT chest',
    ]) {
      const res = await ada.call('POST', `/orders/${far}/report/finalize`, { follow_ups: bad })
      expect(res.status, JSON.stringify(bad)).toBe(400)
    }
    expect(await rowsOfOrder(t, far)).toEqual([])
  })

  it("FU-12 a trainee's preliminary read makes no follow-up; the attending's co-signature makes them, by the attending", async () => {
    const trainee = await clinician(t, clock, 'Dr Tess Trainee', ['trainee'])
    const attending = await clinician(t, clock, 'Dr Otto Attending')
    const id = take()
    await trainee.save(id, RECOMMENDING)
    await trainee.send(id)
    expect(await rowsOfOrder(t, id)).toEqual([])
    const res = await attending.call('POST', `/orders/${id}/report/finalize`)
    expect(res.status, JSON.stringify(res.json())).toBe(200)
    expect(await rowsOfOrder(t, id)).toMatchObject([
      { createdBy: attending.userId, createdByName: 'Dr Otto Attending', status: 'open' },
    ])
  })
})
