/**
 * Report revisions: every write of a report (a save, an assistant update, a finalize, an undo or a
 * restore) appends an immutable revision in the transaction of the write, and
 * GET /orders/{id}/report/revisions answers them newest first with their author and cause.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  errorSchema,
  orderListSchema,
  reportRevisionListSchema,
  reportSchema,
  type Order,
  type ReportRevision,
  type ReportSections,
} from '../../contract'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const SECTIONS: ReportSections = {
  history: 'Cough.',
  technique: 'CT chest with contrast.',
  comparison: 'None.',
  findings: 'No nodule.',
  impression: 'Normal chest CT.',
}

describe.skipIf(skipDatabase)('report revisions', () => {
  let t: TestApp
  let ada: { token: string; userId: string }
  let bob: { token: string; userId: string }
  let orders: Order[]
  let next = 0
  const freshOrder = () => {
    const order = orders[next++]
    if (!order) throw new Error('the seed has run out of studies')
    return order.id
  }

  beforeAll(async () => {
    t = await startTestApp()
    ada = await t.signUp(undefined, 'Dr Ada Reader')
    bob = await t.signUp(undefined, 'Dr Bob Second')
    orders = orderListSchema
      .parse((await t.api('GET', '/orders', { token: ada.token })).json())
      .filter((order) => order.report === null)
  })
  afterAll(() => t.close())

  const put = (
    id: string,
    sections: ReportSections,
    token = ada.token,
    cause?: 'undo' | 'restore',
  ) =>
    t.api('PUT', `/orders/${id}/report`, {
      token,
      body: cause === undefined ? { sections } : { sections, cause },
    })
  async function revisions(id: string): Promise<ReportRevision[]> {
    const res = await t.api('GET', `/orders/${id}/report/revisions`, { token: ada.token })
    expect(res.statusCode).toBe(200)
    return reportRevisionListSchema.parse(res.json())
  }

  it('a study without a report has no revisions; an unknown study answers 404', async () => {
    expect(await revisions(freshOrder())).toEqual([])
    const res = await t.api('GET', `/orders/${UNKNOWN}/report/revisions`, { token: ada.token })
    expect(res.statusCode).toBe(404)
    errorSchema.parse(res.json())
  })

  it('every save is a revision, newest first, with its author, cause and changed sections', async () => {
    const id = freshOrder()
    const first = reportSchema.parse((await put(id, SECTIONS)).json())
    const edited = { ...SECTIONS, findings: 'Small nodule, 4 mm.', impression: 'Nodule.' }
    const second = reportSchema.parse((await put(id, edited, bob.token)).json())

    const list = await revisions(id)

    expect(list).toHaveLength(2)
    expect(list[0]).toMatchObject({
      sections: edited,
      author: { kind: 'user', user_id: bob.userId, name: 'Dr Bob Second' },
      cause: 'save',
      sections_changed: ['findings', 'impression'],
      created_at: second.updated_at,
    })
    expect(list[1]).toMatchObject({
      sections: SECTIONS,
      author: { kind: 'user', user_id: ada.userId, name: 'Dr Ada Reader' },
      cause: 'save',
      // The first revision is compared with a blank report.
      sections_changed: ['history', 'technique', 'comparison', 'findings', 'impression'],
      created_at: first.updated_at,
    })
    expect(new Set(list.map((revision) => revision.id)).size).toBe(2)
  })

  it('an assistant update through a chat reply is a revision written by the assistant', async () => {
    const id = freshOrder()
    await put(id, SECTIONS)
    const res = await t.api('POST', `/orders/${id}/messages`, {
      token: ada.token,
      body: { content: 'Findings: small left pleural effusion.' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ report_updated: boolean }>().report_updated).toBe(true)

    const [latest, older] = await revisions(id)

    expect(latest?.author).toEqual({ kind: 'assistant' })
    expect(latest?.cause).toBe('assistant')
    expect(latest?.sections_changed).toEqual(['findings'])
    expect(latest?.sections.findings).not.toBe(SECTIONS.findings)
    expect(latest?.sections.impression).toBe(SECTIONS.impression)
    expect(older?.cause).toBe('save')
  })

  it('UA-1 an assistant update over an impression a clinician typed says so; the typed text is the revision before, and Undo brings it back as a new revision', async () => {
    const id = freshOrder()
    const typed = { ...SECTIONS, impression: 'Acute calculous cholecystitis.\nNo perforation.' }
    await put(id, typed)
    const res = await t.api('POST', `/orders/${id}/messages`, {
      token: ada.token,
      body: {
        content: 'Update the impression: recommend surgical consultation',
        input_type: 'voice',
      },
    })
    expect(res.statusCode).toBe(200)
    const answer = res.json<{ content: string; report_updated: boolean }>()
    expect(answer.report_updated).toBe(true)
    expect(answer.content).toContain(
      "This replaced the Impression section you had written; 'Undo assistant change' in the report brings your text back.",
    )
    const reply = (await t.api('GET', `/orders/${id}/messages`, { token: ada.token }))
      .json<{ role: string; meta_data: unknown }[]>()
      .at(-1)
    expect(reply?.meta_data).toEqual({
      type: 'report_update',
      sections: ['impression'],
      replaced: ['impression'],
    })

    const [assistant, saved] = await revisions(id)
    expect(assistant?.cause).toBe('assistant')
    expect(assistant?.sections.impression).not.toBe(typed.impression)
    expect(saved?.sections).toEqual(typed)

    expect(
      (await put(id, { ...SECTIONS, impression: typed.impression }, ada.token, 'undo')).statusCode,
    ).toBe(200)
    const after = await revisions(id)
    expect(after).toHaveLength(3)
    expect(after[0]).toMatchObject({
      cause: 'undo',
      sections: typed,
      sections_changed: ['impression'],
    })
    expect(after.slice(1)).toEqual([assistant, saved])
  })

  it('UA-1 an assistant update of an empty section, or of text the assistant wrote, names nothing replaced', async () => {
    const id = freshOrder()
    await put(id, { ...SECTIONS, impression: '' })
    const ask = (content: string) =>
      t.api('POST', `/orders/${id}/messages`, { token: ada.token, body: { content } })

    const first = (await ask('Impression: recommend surgical consultation')).json<{
      content: string
    }>()
    const second = (await ask('Impression: no acute abnormality')).json<{ content: string }>()

    expect(first.content).not.toContain('This replaced')
    expect(second.content).not.toContain('This replaced')
    const replies = (await t.api('GET', `/orders/${id}/messages`, { token: ada.token })).json<
      { role: string; meta_data: { replaced?: unknown } | null }[]
    >()
    expect(replies.some((message) => message.meta_data?.replaced !== undefined)).toBe(false)
  })

  it('an undo is a new revision with cause undo; the revisions before it never change', async () => {
    const id = freshOrder()
    await put(id, SECTIONS)
    await put(id, { ...SECTIONS, impression: 'Changed my mind.' })
    const before = await revisions(id)

    const res = await put(id, SECTIONS, ada.token, 'undo')
    expect(res.statusCode).toBe(200)
    await put(id, { ...SECTIONS, impression: 'Changed my mind.' }, ada.token, 'restore')

    const after = await revisions(id)
    expect(after).toHaveLength(4)
    expect(after.slice(2)).toEqual(before)
    expect(after[1]).toMatchObject({
      cause: 'undo',
      sections: SECTIONS,
      sections_changed: ['impression'],
    })
    expect(after[0]).toMatchObject({ cause: 'restore', sections_changed: ['impression'] })
  })

  it('a save without any change is still a revision (nothing changed)', async () => {
    const id = freshOrder()
    await put(id, SECTIONS)
    await put(id, SECTIONS)
    const [latest] = await revisions(id)
    expect(latest?.sections_changed).toEqual([])
  })

  it('an unknown cause is refused with 400 and writes nothing', async () => {
    const id = freshOrder()
    const res = await t.api('PUT', `/orders/${id}/report`, {
      token: ada.token,
      body: { sections: SECTIONS, cause: 'assistant' },
    })
    expect(res.statusCode).toBe(400)
    expect(await revisions(id)).toEqual([])
  })

  it('finalize signs the report with the signer and appends a finalize revision', async () => {
    const id = freshOrder()
    const draft = reportSchema.parse((await put(id, SECTIONS)).json())
    expect(draft.finalized_by).toBeNull()
    expect(draft.addenda).toEqual([])

    const res = await t.api('POST', `/orders/${id}/report/finalize`, { token: bob.token })

    expect(res.statusCode).toBe(200)
    const final = reportSchema.parse(res.json())
    expect(final.finalized_by).toEqual({ user_id: bob.userId, name: 'Dr Bob Second' })
    expect(final.addenda).toEqual([])
    const order = await t.api('GET', `/orders/${id}`, { token: ada.token })
    expect(order.json<Order>().report?.finalized_by).toEqual(final.finalized_by)
    const [latest] = await revisions(id)
    expect(latest).toMatchObject({
      cause: 'finalize',
      author: { kind: 'user', user_id: bob.userId, name: 'Dr Bob Second' },
      sections: SECTIONS,
      sections_changed: [],
      created_at: final.updated_at,
    })
  })

  it('refused writes leave no revision (409 final, 412 stale version)', async () => {
    const id = freshOrder()
    const first = reportSchema.parse((await put(id, SECTIONS)).json())
    await put(id, { ...SECTIONS, findings: 'Later.' })
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${id}/report`,
      headers: { authorization: `Bearer ${ada.token}`, 'if-match': `"${first.updated_at}"` },
      payload: { sections: SECTIONS },
    })
    expect(stale.statusCode).toBe(412)
    await t.api('POST', `/orders/${id}/report/finalize`, { token: ada.token })
    expect((await put(id, SECTIONS)).statusCode).toBe(409)
    expect((await revisions(id)).map((revision) => revision.cause)).toEqual([
      'finalize',
      'save',
      'save',
    ])
  })

  it('two saves at once make two revisions, none lost, in the order they were written', async () => {
    const id = freshOrder()
    const a = { ...SECTIONS, findings: 'Tab A.' }
    const b = { ...SECTIONS, findings: 'Tab B.' }

    const answers = await Promise.all([put(id, a), put(id, b, bob.token)])

    expect(answers.map((res) => res.statusCode)).toEqual([200, 200])
    const list = await revisions(id)
    expect(list).toHaveLength(2)
    expect(new Set(list.map((revision) => revision.sections.findings))).toEqual(
      new Set(['Tab A.', 'Tab B.']),
    )
    // The newest revision is the report as it stands.
    const order = (await t.api('GET', `/orders/${id}`, { token: ada.token })).json<Order>()
    expect(list[0]?.sections).toEqual(order.report?.sections)
    expect(list[0]?.created_at).toBe(order.report?.updated_at)
  })

  it('the database refuses to rewrite a revision', async () => {
    const id = freshOrder()
    await put(id, SECTIONS)
    await expect(
      t.db.execute(sql`update report_revisions set findings = 'rewritten' where order_id = ${id}`),
    ).rejects.toThrow()
    expect((await revisions(id))[0]?.sections.findings).toBe(SECTIONS.findings)
  })
})
