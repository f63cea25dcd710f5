/**
 * SEC-10 over a real socket, a study's report: saved with its version headers, checked, its
 * impression drafted (a POST whose body the server has read before a gate lets it through: the
 * case `app.inject` never showed, IMP-10), signed, its history, addenda and critical results
 * communicated. Each route gets the answer it exists for and one refusal; every test title names
 * its route (tests/tooling/routesOverSocket.test.ts checks that none is left out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addendumSchema,
  checkReportAnswerSchema,
  communicationListSchema,
  communicationSchema,
  draftImpressionAnswerSchema,
  finalizeConflictSchema,
  reportAnswerSchema,
  reportChangedError,
  reportETag,
  reportRevisionListSchema,
  UNFILLED_FIELDS_ERROR,
  type Order,
  type ReportSections,
} from '../../contract'
import { normalSections } from '../support/sections'
import {
  expectAnswer,
  expectRefusal,
  MISSING_ID,
  startSocketServer,
  type SocketServer,
} from '../support/socketServer'
import { skipDatabase } from '../support/testDatabase'

const effusion: ReportSections = {
  history: 'Cough.',
  technique: 'PA and lateral views.',
  comparison: 'None.',
  findings: 'Small left pleural effusion. The lungs are otherwise clear. No pneumothorax.',
  impression: '',
}

const CALL = {
  recipient: 'Dr. Grace Hopper',
  role: 'referring physician',
  method: 'phone',
  /** An hour ago: a communication is never in the future. */
  communicated_at: new Date(Date.now() - 3_600_000).toISOString(),
  read_back: true,
} as const

describe.skipIf(skipDatabase)('the report over a real socket', () => {
  let s: SocketServer
  let orders: Order[]

  beforeAll(async () => {
    s = await startSocketServer()
    await s.signUp('Dr Di Socket')
    orders = await s.worklist()
  })
  afterAll(() => s.close())

  /** A study no other test of this file writes to. */
  const study = (index: number) => orders[index]!.id
  const save = async (id: string, sections: ReportSections = normalSections) =>
    expectAnswer(
      await s.call('saveReport', { params: { id }, body: { sections } }),
      200,
      reportAnswerSchema,
    )
  const signed = async (id: string) => {
    await save(id)
    return expectAnswer(await s.call('finalizeReport', { params: { id } }), 200, reportAnswerSchema)
  }

  it('SEC-10 saveReport answers 200 with the report, its version as the ETag', async () => {
    const answer = await s.call('saveReport', {
      params: { id: study(0) },
      body: { sections: normalSections },
      headers: { 'if-none-match': '*' },
    })
    const report = expectAnswer(answer, 200, reportAnswerSchema)
    expect(report).toMatchObject({ sections: normalSections, is_final: false })
    expect(answer.headers.get('etag')).toBe(reportETag(report.updated_at))
  })

  it('SEC-10 saveReport refuses a write based on a version since replaced (412)', async () => {
    const id = study(1)
    const first = await save(id)
    await save(id, { ...normalSections, impression: 'Normal chest.' })
    const stale = await s.call('saveReport', {
      params: { id },
      body: { sections: normalSections },
      headers: { 'if-match': reportETag(first.updated_at) },
    })
    expectRefusal(stale, 412, reportChangedError.error)
  })

  it('SEC-10 checkReport answers 200 with the issues of the sections sent', async () => {
    const body = { sections: effusion }
    const answer = await s.call('checkReport', { params: { id: study(2) }, body })
    const { issues } = expectAnswer(answer, 200, checkReportAnswerSchema)
    expect(issues).toContainEqual(
      expect.objectContaining({ code: 'empty_section', section: 'impression' }),
    )
  })

  it('SEC-10 checkReport refuses sections holding a key no report has (400)', async () => {
    const body = { sections: { ...effusion, signature: 'Dr Di' } }
    const refusal = await s.call('checkReport', { params: { id: study(2) }, body })
    expectRefusal(refusal, 400, 'bad_request')
  })

  it('SEC-10 draftImpression answers 200 with a draft of the Findings sent, again and again', async () => {
    const id = study(3)
    for (let i = 0; i < 3; i += 1) {
      const answer = await s.call('draftImpression', {
        params: { id },
        body: { sections: effusion },
      })
      const draft = expectAnswer(answer, 200, draftImpressionAnswerSchema)
      expect(draft).toEqual({ impression: 'Small left pleural effusion.', source: 'local' })
    }
  })

  it('SEC-10 draftImpression refuses an order that does not exist (404)', async () => {
    const body = { sections: effusion }
    const refusal = await s.call('draftImpression', { params: { id: MISSING_ID }, body })
    expectRefusal(refusal, 404, 'not_found')
  })

  it('SEC-10 finalizeReport answers 200 with the signed report', async () => {
    const id = study(4)
    await save(id)
    const answer = await s.call('finalizeReport', { params: { id } })
    const report = expectAnswer(answer, 200, reportAnswerSchema)
    expect(report).toMatchObject({ is_final: true, finalized_by: { name: 'Dr Di Socket' } })
    expect(answer.headers.get('etag')).toBe(reportETag(report.updated_at))
  })

  it('SEC-10 finalizeReport refuses a report holding a template field (409, with the count)', async () => {
    const id = study(5)
    await save(id, { ...normalSections, findings: 'Ventricles are [normal/enlarged].' })
    const refusal = await s.call('finalizeReport', { params: { id }, body: {} })
    expectRefusal(refusal, 409, UNFILLED_FIELDS_ERROR)
    expect(finalizeConflictSchema.parse(refusal.json).count).toBe(1)
  })

  it('SEC-10 listReportRevisions answers 200 with the saves and the signature', async () => {
    const id = study(6)
    await signed(id)
    const answer = await s.call('listReportRevisions', { params: { id } })
    const revisions = expectAnswer(answer, 200, reportRevisionListSchema)
    expect(revisions.map((revision) => revision.cause).sort()).toEqual(['finalize', 'save'])
  })

  it('SEC-10 listReportRevisions refuses an order that does not exist (404)', async () => {
    const refusal = await s.call('listReportRevisions', { params: { id: MISSING_ID } })
    expectRefusal(refusal, 404, 'not_found')
  })

  it('SEC-10 addReportAddendum answers 201 with the addendum to a signed report', async () => {
    const id = study(7)
    await signed(id)
    const body = { text: 'Addendum: the effusion was confirmed.' }
    const answer = await s.call('addReportAddendum', { params: { id }, body })
    const addendum = expectAnswer(answer, 201, addendumSchema)
    expect(addendum).toMatchObject({ text: body.text, author: { name: 'Dr Di Socket' } })
  })

  it('SEC-10 addReportAddendum refuses a report not yet signed (409)', async () => {
    const id = study(8)
    await save(id)
    const body = { text: 'Too early.' }
    const refusal = await s.call('addReportAddendum', { params: { id }, body })
    expectRefusal(refusal, 409, 'conflict')
  })

  it('SEC-10 recordCommunication answers 201 with the communication recorded', async () => {
    const answer = await s.call('recordCommunication', { params: { id: study(9) }, body: CALL })
    const record = expectAnswer(answer, 201, communicationSchema)
    expect(record).toMatchObject({ ...CALL, recorded_by: { name: 'Dr Di Socket' } })
  })

  it('SEC-10 recordCommunication refuses a communication in the future (400)', async () => {
    const body = { ...CALL, communicated_at: '2999-01-01T00:00:00.000Z' }
    const refusal = await s.call('recordCommunication', { params: { id: study(10) }, body })
    expect(expectRefusal(refusal, 400, 'bad_request').message).toMatch(/communicated_at/)
  })

  it('SEC-10 listCommunications answers 200 with the communications, oldest first', async () => {
    const id = study(11)
    const later = { ...CALL, communicated_at: new Date(Date.now() - 60_000).toISOString() }
    for (const body of [CALL, later]) {
      expect((await s.call('recordCommunication', { params: { id }, body })).status).toBe(201)
    }
    const answer = await s.call('listCommunications', { params: { id } })
    const listed = expectAnswer(answer, 200, communicationListSchema)
    expect(listed.map((c) => c.communicated_at)).toEqual([
      CALL.communicated_at,
      later.communicated_at,
    ])
  })

  it('SEC-10 listCommunications refuses an order that does not exist (404)', async () => {
    const refusal = await s.call('listCommunications', { params: { id: MISSING_ID } })
    expectRefusal(refusal, 404, 'not_found')
  })
})
