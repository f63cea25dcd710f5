/**
 * HTTP preconditions on the two report writes: `If-Match` carries the report version the client
 * last saw (its `updated_at`, quoted like an ETag), `If-None-Match: *` says it saw no report. A
 * version that is no longer current is refused with 412 and nothing is written; without the
 * headers the routes behave exactly as the product spec says. The clock stands still, so every
 * write in this file happens "in the same millisecond" (unless a test steps it back): versions
 * must still never repeat, not even across a cleared conversation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  errorSchema,
  orderListSchema,
  orderSchema,
  reportSchema,
  type Order,
  type Report,
  type ReportSections,
} from '../../contract'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const FROZEN = new Date('2026-11-21T14:00:00.123Z')
const REPORT_CHANGED = {
  error: 'report_changed',
  message: 'The report was changed by someone else since you opened it.',
}

const SECTIONS: ReportSections = {
  history: 'Cough.',
  technique: 'CT chest with contrast.',
  comparison: 'None.',
  findings: 'No nodule.',
  impression: 'Normal chest CT.',
}

const etag = (report: Report) => `"${report.updated_at}"`

describe.skipIf(skipDatabase)('report preconditions (If-Match / If-None-Match)', () => {
  let t: TestApp
  let token: string
  let orders: Order[]
  let next = 0
  /** The server's clock: FROZEN, except inside `withClock`. */
  let clock = FROZEN
  async function withClock<T>(at: Date, work: () => Promise<T>): Promise<T> {
    clock = at
    try {
      return await work()
    } finally {
      clock = FROZEN
    }
  }
  /** A study of its own for every test, without a report. */
  const freshOrder = () => {
    const order = orders.find((candidate, index) => index >= next && candidate.report === null)
    if (!order) throw new Error('the seed has run out of studies without a report')
    next = orders.indexOf(order) + 1
    return order.id
  }

  beforeAll(async () => {
    // The session is issued two minutes before FROZEN and lives a day: a clock stepped back a
    // minute below still finds it issued in the past (SEC-4 refuses tokens from the future).
    t = await startTestApp({ now: () => clock, env: { SESSION_TTL_SECONDS: '86400' } })
    token = (await withClock(new Date(FROZEN.getTime() - 120_000), () => t.signUp())).token
    orders = orderListSchema.parse((await t.api('GET', '/orders')).json())
  })
  afterAll(() => t.close())

  const send = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    })

  const put = (id: string, sections: ReportSections, headers: Record<string, string> = {}) =>
    send('PUT', `/orders/${id}/report`, headers, { sections })
  const finalize = (id: string, headers: Record<string, string> = {}) =>
    send('POST', `/orders/${id}/report/finalize`, headers)
  const getOrder = async (id: string) =>
    orderSchema.parse((await send('GET', `/orders/${id}`)).json())
  async function clear(id: string) {
    expect((await send('DELETE', `/orders/${id}/conversation`)).statusCode).toBe(204)
    expect((await getOrder(id)).report).toBeNull()
  }

  async function saved(id: string, sections: ReportSections = SECTIONS): Promise<Report> {
    const res = await put(id, sections)
    expect(res.statusCode).toBe(200)
    return reportSchema.parse(res.json())
  }

  function expectReportChanged(res: { statusCode: number; json: () => unknown }) {
    expect(res.statusCode).toBe(412)
    expect(errorSchema.parse(res.json())).toEqual(REPORT_CHANGED)
  }

  it('RP-2 GET order, PUT and finalize answer the report version as an ETag', async () => {
    const id = freshOrder()
    expect((await send('GET', `/orders/${id}`)).headers.etag).toBeUndefined()
    const res = await put(id, SECTIONS)
    const report = reportSchema.parse(res.json())
    expect(res.headers.etag).toBe(etag(report))
    expect((await send('GET', `/orders/${id}`)).headers.etag).toBe(etag(report))
    const final = await finalize(id, { 'if-match': etag(report) })
    expect(final.headers.etag).toBe(etag(reportSchema.parse(final.json())))
  })

  it('RP-2 every write moves the version on, even within one millisecond', async () => {
    const id = freshOrder()
    const first = await saved(id)
    const second = await saved(id, { ...SECTIONS, findings: 'Small nodule.' })
    const message = await send('POST', `/orders/${id}/messages`, {}, { content: 'Impression: x' })
    expect(message.statusCode).toBe(200)
    const third = (await getOrder(id)).report
    const versions = [first.updated_at, second.updated_at, third?.updated_at]
    expect(new Set(versions).size).toBe(3)
    expect(first.updated_at).toBe(FROZEN.toISOString())
  })

  it('RP-2 a PUT with the current version saves and answers the new version', async () => {
    const id = freshOrder()
    const first = await saved(id)
    const edited = { ...SECTIONS, findings: 'Small nodule, 4 mm.' }

    const res = await put(id, edited, { 'if-match': etag(first) })

    expect(res.statusCode).toBe(200)
    const report = reportSchema.parse(res.json())
    expect(report.sections).toEqual(edited)
    expect(report.updated_at).not.toBe(first.updated_at)
    expect((await getOrder(id)).report?.sections).toEqual(edited)
  })

  it('RP-6 a PUT with a stale version answers 412 report_changed and writes nothing', async () => {
    const id = freshOrder()
    const first = await saved(id)
    const theirs = await saved(id, { ...SECTIONS, findings: 'Written in another tab.' })

    const res = await put(id, { ...SECTIONS, findings: 'Mine.' }, { 'if-match': etag(first) })

    expectReportChanged(res)
    const after = (await getOrder(id)).report
    expect(after?.sections.findings).toBe('Written in another tab.')
    expect(after?.updated_at).toBe(theirs.updated_at)
  })

  it('RP-6 a report the assistant changed since makes a PUT with the older version fail', async () => {
    const id = freshOrder()
    const first = await saved(id)
    await send('POST', `/orders/${id}/messages`, {}, { content: 'Findings: small effusion.' })
    const changed = (await getOrder(id)).report
    expect(changed?.updated_at).not.toBe(first.updated_at)

    expectReportChanged(await put(id, SECTIONS, { 'if-match': etag(first) }))
    const res = await put(id, SECTIONS, { 'if-match': etag(changed as Report) })
    expect(res.statusCode).toBe(200)
  })

  it('RP-6 If-None-Match: * saves the first report and is refused once a report exists', async () => {
    const id = freshOrder()
    const first = await put(id, SECTIONS, { 'if-none-match': '*' })
    expect(first.statusCode).toBe(200)

    expectReportChanged(await put(id, { ...SECTIONS, findings: 'Mine.' }, { 'if-none-match': '*' }))
    expect((await getOrder(id)).report?.sections).toEqual(SECTIONS)
  })

  it('RP-6 an If-Match version when the study has no report answers 412', async () => {
    const id = freshOrder()
    expectReportChanged(await put(id, SECTIONS, { 'if-match': `"${FROZEN.toISOString()}"` }))
    expect((await getOrder(id)).report).toBeNull()
  })

  it('RP-6 two concurrent PUTs with the same version: exactly one wins, the other answers 412', async () => {
    const id = freshOrder()
    const first = await saved(id)
    const a = { ...SECTIONS, findings: 'Tab A.' }
    const b = { ...SECTIONS, findings: 'Tab B.' }

    const answers = await Promise.all([
      put(id, a, { 'if-match': etag(first) }),
      put(id, b, { 'if-match': etag(first) }),
    ])

    const statuses = answers.map((res) => res.statusCode).sort()
    expect(statuses).toEqual([200, 412])
    const winner = answers.find((res) => res.statusCode === 200)
    const report = reportSchema.parse(winner?.json())
    expect((await getOrder(id)).report).toEqual(report)
  })

  it('RP-3 RP-5 finalize with a stale version answers 412 and the report stays a draft', async () => {
    const id = freshOrder()
    const seen = await saved(id)
    await saved(id, { ...SECTIONS, impression: 'Changed after the clinician read it.' })

    expectReportChanged(await finalize(id, { 'if-match': etag(seen) }))

    const after = (await getOrder(id)).report
    expect(after?.is_final).toBe(false)
    expect(after?.finalized_at).toBeNull()
  })

  it('RP-3 finalize with the current version signs that version', async () => {
    const id = freshOrder()
    const seen = await saved(id)

    const res = await finalize(id, { 'if-match': etag(seen) })

    expect(res.statusCode).toBe(200)
    const report = reportSchema.parse(res.json())
    expect(report).toMatchObject({ is_final: true, sections: SECTIONS })
  })

  it('RP-5 a final report answers 409 before any precondition is looked at', async () => {
    const id = freshOrder()
    const seen = await saved(id)
    const final = reportSchema.parse((await finalize(id)).json())

    const stale = { 'if-match': etag(seen) }
    expect((await put(id, SECTIONS, stale)).statusCode).toBe(409)
    expect((await put(id, SECTIONS, { 'if-none-match': '*' })).statusCode).toBe(409)
    expect((await finalize(id, stale)).statusCode).toBe(409)
    expect((await finalize(id, { 'if-match': etag(final) })).statusCode).toBe(409)
  })

  it('RP-2 RP-5 without the headers nothing changes: last write wins, 409 once final', async () => {
    const id = freshOrder()
    await saved(id)
    await saved(id, { ...SECTIONS, findings: 'Another tab.' })
    const res = await put(id, { ...SECTIONS, findings: 'Last write.' })
    expect(res.statusCode).toBe(200)
    expect((await getOrder(id)).report?.sections.findings).toBe('Last write.')
    expect((await finalize(id)).statusCode).toBe(200)
    expect((await put(id, SECTIONS)).statusCode).toBe(409)
    expect((await finalize(freshOrder())).statusCode).toBe(409)
  })

  it('If-Match: a list of versions matches any of them; a weak tag never does', async () => {
    const id = freshOrder()
    const first = await saved(id)
    expectReportChanged(await put(id, SECTIONS, { 'if-match': `W/${etag(first)}` }))
    const res = await put(id, SECTIONS, {
      'if-match': `"1999-01-01T00:00:00.000Z", ${etag(first)}`,
    })
    expect(res.statusCode).toBe(200)
  })

  it('RP-2 RP-6 CL-2 a report written after clearing the conversation never takes back a cleared version', async () => {
    const id = freshOrder()
    const cleared = await saved(id)
    expect(cleared.updated_at).toBe(FROZEN.toISOString())
    await clear(id)

    // The same frozen instant: without the order's version floor this would be `cleared` again.
    const res = await put(id, SECTIONS, { 'if-none-match': '*' })

    expect(res.statusCode).toBe(200)
    const report = reportSchema.parse(res.json())
    expect(etag(report)).not.toBe(etag(cleared))
    expect(res.headers.etag).toBe(etag(report))
    const stale = { 'if-match': etag(cleared) }
    expectReportChanged(await put(id, { ...SECTIONS, findings: 'A stale tab.' }, stale))
    expectReportChanged(await finalize(id, stale))
    expect((await getOrder(id)).report).toEqual(report)
    expect((await finalize(id, { 'if-match': etag(report) })).statusCode).toBe(200)
  })

  it('RP-2 RP-6 CL-2 the version floor never moves back: repeated clears, the assistant, a clock stepped back', async () => {
    const id = freshOrder()
    const first = await saved(id)
    const second = await saved(id, { ...SECTIONS, findings: 'Edited.' })
    await clear(id)
    // The assistant writes the next report, at the same instant.
    const message = await send('POST', `/orders/${id}/messages`, {}, { content: 'Findings: x' })
    expect(message.statusCode).toBe(200)
    const third = reportSchema.parse((await getOrder(id)).report)
    await clear(id)
    // Clearing a conversation that has no report keeps the floor where it was.
    await clear(id)
    // The clock steps back a minute before the next report is written.
    const fourth = await withClock(new Date(FROZEN.getTime() - 60_000), () => saved(id))

    const versions = [first, second, third, fourth].map((report) => report.updated_at)
    expect(new Set(versions).size).toBe(4)
    expect([...versions].sort()).toEqual(versions)
    for (const old of [first, second, third]) {
      expectReportChanged(await put(id, SECTIONS, { 'if-match': etag(old) }))
      expectReportChanged(await finalize(id, { 'if-match': etag(old) }))
    }
    expect((await put(id, SECTIONS, { 'if-match': etag(fourth) })).statusCode).toBe(200)
  })
})
