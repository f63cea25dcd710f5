/**
 * What a signature takes beyond the spec's bodiless call (issue 18): an optional pre-sign check
 * override `{qa_override: {reason, codes}}`, stored with the report and its `finalize` revision
 * (the audit trail keeps the codes only), and the refusal of a report holding `[bracketed fields]`
 * (409 `unfilled_fields` with their count). On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  errorSchema,
  finalizeConflictSchema,
  orderListSchema,
  orderSchema,
  reportRevisionListSchema,
  reportSchema,
  UNFILLED_FIELDS_ERROR,
  type ReportSections,
} from '../../contract'
import { listAuditEvents } from '../../server/repo/audit'
import { skipDatabase } from '../support/testDatabase'
import { freshStudies } from '../support/freshStudies'
import { startTestApp, type TestApp } from '../support/testApp'

const SECTIONS: ReportSections = {
  history: 'Knee pain.',
  technique: 'Three views of the left knee.',
  comparison: 'None.',
  findings: 'Small right knee effusion.',
  impression: 'Effusion.',
}
const OVERRIDE = {
  reason: 'Dictated side is correct: the order was placed for the wrong side.',
  codes: ['laterality'],
}

describe.skipIf(skipDatabase)('signing: override and unfilled fields', () => {
  let t: TestApp
  let token: string
  let take: () => string
  const api = (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) =>
    t.api(method, path, { token, ...(body === undefined ? {} : { body }) })
  const draft = async (sections: ReportSections = SECTIONS) => {
    const id = take()
    expect((await api('PUT', `/orders/${id}/report`, { sections })).statusCode).toBe(200)
    return id
  }

  beforeAll(async () => {
    t = await startTestApp()
    token = (await t.signUp(undefined, 'Dr Signer')).token
    take = await freshStudies(t, token)
  })
  afterAll(() => t.close())

  it('QA-13 finalize takes no body, an empty one, or an override; anything else answers 400 and signs nothing', async () => {
    expect((await api('POST', `/orders/${await draft()}/report/finalize`)).statusCode).toBe(200)
    const empty = await api('POST', `/orders/${await draft()}/report/finalize`, {})
    expect(empty.statusCode).toBe(200)
    expect(reportSchema.parse(empty.json()).qa_override).toBeNull()

    const id = await draft()
    const bad: [unknown, string][] = [
      [{ qa_override: { ...OVERRIDE, reason: '   ' } }, 'reason'],
      [{ qa_override: { ...OVERRIDE, codes: [] } }, 'codes'],
      [{ qa_override: { ...OVERRIDE, codes: ['spelling'] } }, 'codes'],
      [{ qa_override: { ...OVERRIDE, codes: ['sex', 'sex'] } }, 'codes'],
      [{ qa_override: { reason: OVERRIDE.reason } }, 'codes'],
      [{ qa_override: { ...OVERRIDE, reason: 'x'.repeat(1001) } }, 'reason'],
      [{ qa_override: { ...OVERRIDE, reason: 'bad\u0007bell' } }, 'reason'],
      [{ qa_override: { ...OVERRIDE, extra: true } }, 'extra'],
      [{ override: OVERRIDE }, 'override'],
    ]
    for (const [body, field] of bad) {
      const res = await api('POST', `/orders/${id}/report/finalize`, body)
      expect(res.statusCode, field).toBe(400)
      expect(errorSchema.parse(res.json()).message).toContain(field)
    }
    expect(orderSchema.parse((await api('GET', `/orders/${id}`)).json()).report?.is_final).toBe(
      false,
    )
  })

  it('QA-14 an override is stored with the report and its finalize revision; the audit trail keeps its codes, not its reason', async () => {
    const id = await draft()
    const res = await api('POST', `/orders/${id}/report/finalize`, { qa_override: OVERRIDE })
    expect(res.statusCode).toBe(200)
    expect(reportSchema.parse(res.json()).qa_override).toEqual(OVERRIDE)
    expect(
      orderSchema.parse((await api('GET', `/orders/${id}`)).json()).report?.qa_override,
    ).toEqual(OVERRIDE)
    const list = orderListSchema.parse((await api('GET', '/orders')).json())
    expect(list.find((order) => order.id === id)?.report?.qa_override).toEqual(OVERRIDE)
    const [signed, saved] = reportRevisionListSchema.parse(
      (await api('GET', `/orders/${id}/report/revisions`)).json(),
    )
    expect(signed).toMatchObject({ cause: 'finalize', qa_override: OVERRIDE })
    expect(saved?.qa_override).toBeUndefined()
    const events = await listAuditEvents(t.db, { orderId: id })
    expect(events.find((e) => e.kind === 'report_finalized')?.detail).toEqual({
      qa_override_codes: ['laterality'],
    })
    expect(JSON.stringify(events)).not.toContain('wrong side')
  })

  it('QA-15 a report holding [bracketed fields] answers 409 unfilled_fields with their count and is not signed', async () => {
    const id = await draft({
      ...SECTIONS,
      findings: 'Effusion measuring [size] mm. Menisci [intact/torn].',
      impression: 'Grade [grade] chondromalacia.',
    })
    const res = await api('POST', `/orders/${id}/report/finalize`, { qa_override: OVERRIDE })
    expect(res.statusCode).toBe(409)
    const body = finalizeConflictSchema.parse(res.json())
    expect(body).toMatchObject({ error: UNFILLED_FIELDS_ERROR, count: 3 })
    expect(body.message).toContain('3 [bracketed fields]')
    const report = orderSchema.parse((await api('GET', `/orders/${id}`)).json()).report
    expect(report?.is_final).toBe(false)
    expect(report?.qa_override).toBeNull()
    const kinds = (await listAuditEvents(t.db, { orderId: id })).map((e) => e.kind)
    expect(kinds).not.toContain('report_finalized')
  })
})
