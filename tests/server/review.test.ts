/**
 * A trainee's preliminary report, its review and co-signature, over HTTP (RV-1..RV-3, RV-5,
 * RV-6, RV-12): sending for review locks the report for everyone but a radiologist, the report
 * answer carries the preliminary read (the text that was sent), an attending returns it with a
 * comment or co-signs it, each step audited; the database keeps a co-signed report's preliminary
 * read. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AWAITING_REVIEW_ERROR,
  errorSchema,
  FORBIDDEN_ERROR,
  reportRevisionListSchema,
  reportSchema,
  UNFILLED_FIELDS_ERROR,
} from '../../contract'
import { reports } from '../../server/db/schema'
import { freshStudies } from '../support/freshStudies'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'
import { auditOfOrder, clinician, SECTIONS, type Clinician } from './reviewSupport'

describe.skipIf(skipDatabase)('preliminary reports and review', () => {
  let t: TestApp
  let admin: Clinician
  let trainee: Clinician
  let attending: Clinician
  let take: () => string

  beforeAll(async () => {
    t = await startTestApp()
    admin = await clinician(t, 'Dr Ann Admin', ['admin', 'radiologist'])
    trainee = await clinician(t, 'Dr Tess Trainee', ['trainee'])
    attending = await clinician(t, 'Dr Atticus Attending')
    take = await freshStudies(t, attending.token)
  })
  afterAll(() => t.close())

  /** A study the trainee drafted and sent for review. */
  const sentStudy = async () => {
    const id = take()
    await trainee.save(id)
    await trainee.send(id)
    return id
  }

  it('RV-1 a trainee sends a report for review: awaiting review, a preliminary revision, audited, their claim ended', async () => {
    const id = take()
    expect((await trainee.call('POST', `/orders/${id}/claim`)).status).toBe(200)
    await trainee.save(id)
    const res = await trainee.call('POST', `/orders/${id}/report/preliminary`, {})
    expect(res.status).toBe(200)
    const report = reportSchema.parse(res.json())
    expect(res.headers.etag).toBe(`"${report.updated_at}"`)
    expect(report.is_final).toBe(false)
    expect(report.preliminary).toMatchObject({
      state: 'awaiting_review',
      by: { user_id: trainee.userId, name: 'Dr Tess Trainee' },
      sections: SECTIONS,
      returned: null,
    })
    const revisions = reportRevisionListSchema.parse(
      (await trainee.call('GET', `/orders/${id}/report/revisions`)).json(),
    )
    expect(revisions[0]).toMatchObject({ cause: 'preliminary', sections: SECTIONS })
    expect(revisions[0]?.author).toMatchObject({ kind: 'user', name: 'Dr Tess Trainee' })
    const { kinds, events } = await auditOfOrder(t, id)
    expect(kinds.at(-1)).toBe('report_sent_for_review')
    expect(events.at(-1)?.user_id).toBe(trainee.userId)
    expect((await attending.order(id)).claimed_by).toBeNull()
  })

  it('RV-1 sending is refused (409) with no report, an empty one, fields to fill, a final one, or one already sent; 412 on a stale version; 403 for a radiologist', async () => {
    const path = (id: string) => `/orders/${id}/report/preliminary`
    const none = take()
    expect((await trainee.call('POST', path(none))).status).toBe(409)
    const blank = take()
    await trainee.save(blank, {
      ...SECTIONS,
      findings: '',
      impression: '',
      history: '',
      technique: '',
      comparison: '',
    })
    expect((await trainee.call('POST', path(blank))).status).toBe(409)
    const unfilled = take()
    await trainee.save(unfilled, { ...SECTIONS, findings: 'Effusion on the [side].' })
    const refused = await trainee.call('POST', path(unfilled))
    expect(refused.status).toBe(409)
    expect(errorSchema.parse(refused.json()).error).toBe(UNFILLED_FIELDS_ERROR)
    const signed = take()
    await attending.save(signed)
    expect((await attending.call('POST', `/orders/${signed}/report/finalize`)).status).toBe(200)
    expect((await trainee.call('POST', path(signed))).status).toBe(409)
    const sent = await sentStudy()
    const again = await trainee.call('POST', path(sent))
    expect(again.status).toBe(409)
    expect(errorSchema.parse(again.json()).error).toBe(AWAITING_REVIEW_ERROR)
    const stale = take()
    await trainee.save(stale)
    const old = '"2020-01-01T00:00:00.000Z"'
    expect((await trainee.call('POST', path(stale), undefined, { 'if-match': old })).status).toBe(
      412,
    )
    const byRadiologist = await attending.call('POST', path(stale))
    expect(byRadiologist.status).toBe(403)
    expect(errorSchema.parse(byRadiologist.json()).error).toBe(FORBIDDEN_ERROR)
    expect((await trainee.order(stale)).report?.preliminary).toBeNull()
  })

  it('RV-2 while it awaits review a trainee cannot save, undo, restore or have the assistant change it; a radiologist edits it', async () => {
    const id = await sentStudy()
    for (const body of [
      { sections: { ...SECTIONS, impression: 'Changed.' } },
      { sections: SECTIONS, cause: 'undo' },
      { sections: SECTIONS, cause: 'restore' },
    ]) {
      const res = await trainee.call('PUT', `/orders/${id}/report`, body)
      expect(res.status).toBe(409)
      expect(errorSchema.parse(res.json())).toEqual({
        error: AWAITING_REVIEW_ERROR,
        message:
          "This report awaits an attending's review; it cannot be changed until it is signed or returned.",
      })
    }
    const dictated = await trainee.call('POST', `/orders/${id}/messages`, {
      content: 'Findings: small effusion. Impression: effusion.',
    })
    expect(dictated.status).toBe(409)
    expect(errorSchema.parse(dictated.json()).error).toBe(AWAITING_REVIEW_ERROR)
    // A question that changes nothing is still answered.
    expect(
      (await trainee.call('POST', `/orders/${id}/messages`, { content: 'Thanks.' })).status,
    ).toBe(200)
    expect((await trainee.order(id)).report?.sections).toEqual(SECTIONS)

    const edited = { ...SECTIONS, impression: 'No acute cardiopulmonary process.' }
    await attending.save(id, edited)
    const report = (await attending.order(id)).report
    expect(report?.sections).toEqual(edited)
    expect(report?.preliminary?.state).toBe('awaiting_review')
  })

  it("RV-2 RV-5 whose turn it is decides whose claim gives way: the trainee's while it awaits review, the returner's once returned", async () => {
    const id = await sentStudy()
    const holder = async () => (await attending.order(id)).claimed_by?.user_id ?? null
    // The trainee's screen holds the study again: the attending writes and opens it all the same.
    expect((await trainee.call('POST', `/orders/${id}/claim`)).status).toBe(200)
    await attending.save(id, { ...SECTIONS, impression: 'Reviewed.' })
    expect((await attending.call('POST', `/orders/${id}/claim`)).status).toBe(200)
    expect(await holder()).toBe(attending.userId)
    // The trainee's own claim gives way; a colleague's does not.
    const colleague = await clinician(t, 'Dr Colin Colleague')
    expect((await colleague.call('POST', `/orders/${id}/claim`)).status).toBe(409)
    const back = await attending.call('POST', `/orders/${id}/report/return`, { comment: 'Why?' })
    expect(back.status).toBe(200)
    // Returned: the attending's screen holding it again does not keep the trainee out.
    expect((await attending.call('POST', `/orders/${id}/claim`)).status).toBe(200)
    await trainee.save(id, { ...SECTIONS, impression: 'Answered.' })
    expect((await trainee.call('POST', `/orders/${id}/claim`)).status).toBe(200)
    expect(await holder()).toBe(trainee.userId)
    // Anyone else's write meets the trainee's claim as always.
    const refused = await colleague.call('PUT', `/orders/${id}/report`, { sections: SECTIONS })
    expect(refused.status).toBe(409)
    expect(errorSchema.parse(refused.json()).error).toBe('claimed')
  })

  it('RV-3 the preliminary read keeps the text that was sent, in the report answer, the order and the worklist', async () => {
    const id = await sentStudy()
    await attending.save(id, { ...SECTIONS, findings: 'Edited by the attending.' })
    const order = await attending.order(id)
    expect(order.report?.sections.findings).toBe('Edited by the attending.')
    expect(order.report?.preliminary?.sections).toEqual(SECTIONS)
    const listed = (await attending.call('GET', '/orders')).json() as { id: string }[]
    expect(JSON.stringify(listed.find((o) => o.id === id))).toBe(JSON.stringify(order))
    // A report nobody sent for review carries none.
    const plain = take()
    await attending.save(plain)
    expect((await attending.order(plain)).report?.preliminary).toBeNull()
  })

  it('RV-5 an attending returns it with a comment: unlocked for the trainee, audited without the comment, their claim ended; sent again, the return is gone', async () => {
    const id = await sentStudy()
    const path = `/orders/${id}/report/return`
    const comment = 'Please comment on the heart size.'
    expect((await trainee.call('POST', path, { comment })).status).toBe(403)
    expect((await attending.call('POST', path, { comment: '   ' })).status).toBe(400)
    expect((await attending.call('POST', path, {})).status).toBe(400)
    expect((await attending.call('POST', `/orders/${id}/claim`)).status).toBe(200)
    const res = await attending.call('POST', path, { comment })
    expect(res.status).toBe(200)
    const report = reportSchema.parse(res.json())
    expect(report.preliminary).toMatchObject({
      state: 'returned',
      by: { user_id: trainee.userId },
      returned: { by: { user_id: attending.userId, name: 'Dr Atticus Attending' }, comment },
    })
    expect((await attending.call('POST', path, { comment })).status).toBe(409)
    expect((await trainee.order(id)).claimed_by).toBeNull()
    const revisions = reportRevisionListSchema.parse(
      (await trainee.call('GET', `/orders/${id}/report/revisions`)).json(),
    )
    expect(revisions[0]?.cause).toBe('returned')
    const { kinds, events } = await auditOfOrder(t, id)
    expect(kinds.at(-1)).toBe('report_returned')
    expect(JSON.stringify(events.at(-1))).not.toContain('heart size')

    const revised = { ...SECTIONS, findings: `${SECTIONS.findings} Heart size is normal.` }
    await trainee.save(id, revised)
    const resent = await trainee.send(id)
    expect(resent.preliminary).toMatchObject({ state: 'awaiting_review', returned: null })
    expect(resent.preliminary?.sections).toEqual(revised)
  })

  it('RV-6 a radiologist signing a preliminary read co-signs it; a trainee may not sign; a radiologist signs their own without review', async () => {
    const id = await sentStudy()
    expect((await trainee.call('POST', `/orders/${id}/report/finalize`)).status).toBe(403)
    const res = await attending.call('POST', `/orders/${id}/report/finalize`)
    expect(res.status).toBe(200)
    const report = reportSchema.parse(res.json())
    expect(report.is_final).toBe(true)
    expect(report.finalized_by).toEqual({ user_id: attending.userId, name: 'Dr Atticus Attending' })
    expect(report.preliminary).toMatchObject({
      state: 'signed',
      by: { user_id: trainee.userId, name: 'Dr Tess Trainee' },
    })
    const { kinds } = await auditOfOrder(t, id)
    expect(kinds).toContain('report_cosigned')
    expect(kinds).not.toContain('report_finalized')

    // Returned, then signed by the attending all the same: a co-signature too.
    const returned = await sentStudy()
    await attending.call('POST', `/orders/${returned}/report/return`, { comment: 'Check.' })
    const cosigned = await attending.call('POST', `/orders/${returned}/report/finalize`)
    expect(reportSchema.parse(cosigned.json()).preliminary?.state).toBe('signed')

    const own = take()
    await attending.save(own)
    const plain = reportSchema.parse(
      (await attending.call('POST', `/orders/${own}/report/finalize`)).json(),
    )
    expect(plain.preliminary).toBeNull()
    expect((await auditOfOrder(t, own)).kinds).toContain('report_finalized')
  })

  it("RV-12 the database keeps a co-signed report's preliminary read", async () => {
    const id = await sentStudy()
    expect((await attending.call('POST', `/orders/${id}/report/finalize`)).status).toBe(200)
    for (const change of [
      { preliminaryBy: attending.userId },
      { preliminaryByName: 'Someone else' },
      { preliminaryState: 'returned' as const },
      { preliminaryAt: new Date('2020-01-01T00:00:00Z') },
      { preliminaryRevisionId: 'another' },
    ]) {
      await expect(
        t.db.update(reports).set(change).where(eq(reports.orderId, id)),
      ).rejects.toThrow()
    }
    const [row] = await t.db.select().from(reports).where(eq(reports.orderId, id))
    expect(row?.preliminaryBy).toBe(trainee.userId)
    expect(row?.preliminaryState).toBe('signed')
    // An unsigned preliminary read is no record yet: the row still changes as any draft does.
    const draft = await sentStudy()
    await t.db.update(reports).set({ preliminaryByName: 'x' }).where(eq(reports.orderId, draft))
  })

  it('RV-1 clearing a conversation keeps a report whose preliminary read went out, as a signed one', async () => {
    const id = await sentStudy()
    const before = await attending.order(id)
    // The admin: with more than one account, clearing is theirs (RL-6).
    expect((await admin.call('DELETE', `/orders/${id}/conversation`)).status).toBe(204)
    const after = await attending.order(id)
    expect(after.report).toEqual(before.report)
    expect(after.status).toBe(before.status)
    const revisions = reportRevisionListSchema.parse(
      (await attending.call('GET', `/orders/${id}/report/revisions`)).json(),
    )
    expect(revisions[0]?.cause).toBe('preliminary')
    const { events } = await auditOfOrder(t, id)
    expect(events.at(-1)).toMatchObject({
      kind: 'conversation_cleared',
      detail: { report_retained: true },
    })
  })
})
