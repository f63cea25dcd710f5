/**
 * Claims and 'Next study' (issue 16), on PGlite and PostgreSQL: a study opened is claimed for its
 * reader, another reader is told who reads it and may take over, a lease ends when it is not
 * renewed, and fifty clinicians pressing 'Next study' at once through HTTP get fifty studies.
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  claimAnswerSchema,
  claimConflictSchema,
  orderListSchema,
  orderPageSchema,
  messageListSchema,
  orderSchema,
  sendMessageAnswerSchema,
  type Order,
} from '../../contract'
import { listAuditEvents } from '../../server/repo/audit'
import { addSyntheticOrders } from '../../server/seed/seed'
import { normalSections } from '../support/sections'
import { startTestApp, type TestApp } from '../support/testApp'
import { skipDatabase } from '../support/testDatabase'

const sections = normalSections

describe.skipIf(skipDatabase)('claims', () => {
  let t: TestApp
  let clock = new Date()
  let ada: { token: string; userId: string }
  let ben: { token: string; userId: string }
  let ids: string[]

  beforeAll(async () => {
    t = await startTestApp({ now: () => clock })
    ada = await t.signUp(undefined, 'Dr Ada Reader')
    ben = await t.signUp(undefined, 'Dr Ben Second')
    ids = orderListSchema
      .parse((await t.api('GET', '/orders', { token: ada.token })).json())
      .filter((o) => !o.report?.is_final)
      .map((o) => o.id)
  })
  afterAll(() => t.close())

  const getOrder = async (id: string, token = ada.token) =>
    orderSchema.parse((await t.api('GET', `/orders/${id}`, { token })).json())

  it('CLM-1 opening a study claims it: the order names its reader, and claiming again renews it', async () => {
    const id = ids[0]!
    const first = await t.api('POST', `/orders/${id}/claim`, { token: ada.token })
    expect(first.statusCode).toBe(200)
    const claim = claimAnswerSchema.parse(first.json())
    expect(claim.claimed_by).toMatchObject({ user_id: ada.userId, name: 'Dr Ada Reader' })
    expect((await getOrder(id, ben.token)).claimed_by).toEqual(claim.claimed_by)

    clock = new Date(clock.getTime() + 60_000)
    const renewed = claimAnswerSchema.parse(
      (await t.api('POST', `/orders/${id}/claim`, { token: ada.token, body: {} })).json(),
    )
    expect(renewed.claimed_by.since).toBe(claim.claimed_by.since)
    expect(Date.parse(renewed.expires_at)).toBe(Date.parse(claim.expires_at) + 60_000)
  })

  it('CLM-2 a study someone else reads answers 409 with its reader; taking over moves the claim and is audited', async () => {
    const id = ids[1]!
    await t.api('POST', `/orders/${id}/claim`, { token: ada.token })
    await t.api('PUT', `/orders/${id}/report`, { token: ada.token, body: { sections } })

    const refused = await t.api('POST', `/orders/${id}/claim`, { token: ben.token })
    expect(refused.statusCode).toBe(409)
    const conflict = claimConflictSchema.parse(refused.json())
    expect(conflict).toMatchObject({
      error: 'claimed',
      message: 'Dr Ada Reader is reading this study.',
      claimed_by: { user_id: ada.userId, name: 'Dr Ada Reader' },
    })
    // Reading is never blocked.
    expect((await t.api('GET', `/orders/${id}`, { token: ben.token })).statusCode).toBe(200)
    expect((await t.api('GET', `/orders/${id}/messages`, { token: ben.token })).statusCode).toBe(
      200,
    )
    // Writing the report of a study another clinician reads is.
    const write = await t.api('PUT', `/orders/${id}/report`, {
      token: ben.token,
      body: { sections },
    })
    expect(write.statusCode).toBe(409)
    expect(write.json()).toMatchObject({ error: 'claimed' })

    const taken = await t.api('POST', `/orders/${id}/claim`, {
      token: ben.token,
      body: { take_over: true },
    })
    expect(taken.statusCode).toBe(200)
    expect((await getOrder(id)).claimed_by).toMatchObject({ user_id: ben.userId })
    // The previous reader's late autosave is refused, not written over the new reader's report.
    const late = await t.api('PUT', `/orders/${id}/report`, {
      token: ada.token,
      body: { sections },
    })
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ error: 'claimed', claimed_by: { user_id: ben.userId } })
    const audit = await listAuditEvents(t.db, { orderId: id })
    expect(audit.filter((event) => event.kind === 'claim_taken_over')).toEqual([
      expect.objectContaining({ user_id: ben.userId, detail: { previous_holder: ada.userId } }),
    ])
  })

  it("CLM-9 a colleague's message about a study another clinician reads is answered and kept, but changes no report", async () => {
    const id = ids[4]!
    await t.api('POST', `/orders/${id}/claim`, { token: ben.token })
    await t.api('PUT', `/orders/${id}/report`, { token: ben.token, body: { sections } })
    const report = (await getOrder(id)).report
    const consult = await t.api('POST', `/orders/${id}/messages`, {
      token: ada.token,
      body: { content: 'Findings: small effusion. Impression: effusion.', input_type: 'text' },
    })
    expect(consult.statusCode).toBe(200)
    const answer = sendMessageAnswerSchema.parse(consult.json())
    expect(answer.report_updated).toBe(false)
    expect(answer.content).toContain(
      'Dr Ben Second is reading this study, so the report was left as it is.',
    )
    expect((await getOrder(id)).report).toEqual(report)
    const thread = messageListSchema.parse(
      (await t.api('GET', `/orders/${id}/messages`, { token: ben.token })).json(),
    )
    expect(thread.map((message) => message.content)).toContain(
      'Findings: small effusion. Impression: effusion.',
    )

    // The reader's own message changes the report as before.
    const own = await t.api('POST', `/orders/${id}/messages`, {
      token: ben.token,
      body: { content: 'Findings: small effusion. Impression: effusion.', input_type: 'text' },
    })
    expect(own.statusCode).toBe(200)
    expect(own.json()).toMatchObject({ report_updated: true })
    expect((await getOrder(id)).report?.sections.impression).toContain('effusion')
    await t.api('DELETE', `/orders/${id}/claim`, { token: ben.token })
  })

  it("CLM-3 closing a study releases its claim; releasing someone else's claim changes nothing", async () => {
    const id = ids[2]!
    await t.api('POST', `/orders/${id}/claim`, { token: ada.token })
    expect((await t.api('DELETE', `/orders/${id}/claim`, { token: ben.token })).statusCode).toBe(
      204,
    )
    expect((await getOrder(id)).claimed_by).toMatchObject({ user_id: ada.userId })
    expect((await t.api('DELETE', `/orders/${id}/claim`, { token: ada.token })).statusCode).toBe(
      204,
    )
    expect((await getOrder(id)).claimed_by).toBeNull()
    expect((await t.api('DELETE', '/orders/nope/claim', { token: ada.token })).statusCode).toBe(204)
    expect((await t.api('POST', '/orders/nope/claim', { token: ada.token })).statusCode).toBe(404)
  })

  it("CLM-12 signing ends the signer's claim: no one sees a signed study 'Being read by'", async () => {
    const id = ids[5]!
    await t.api('POST', `/orders/${id}/claim`, { token: ada.token })
    const saved = await t.api('PUT', `/orders/${id}/report`, {
      token: ada.token,
      body: { sections },
    })
    expect(saved.statusCode).toBe(200)
    expect((await getOrder(id, ben.token)).claimed_by).toMatchObject({ user_id: ada.userId })
    const signed = await t.api('POST', `/orders/${id}/report/finalize`, { token: ada.token })
    expect(signed.statusCode).toBe(200)
    const seen = await getOrder(id, ben.token)
    expect(seen.report?.is_final).toBe(true)
    expect(seen.claimed_by).toBeNull()
  })

  it('CLM-4 a claim not renewed for the lease ends: another reader claims without taking over, and the sweep clears it', async () => {
    const id = ids[3]!
    await t.api('POST', `/orders/${id}/claim`, { token: ada.token })
    clock = new Date(clock.getTime() + t.config.claimLeaseSeconds * 1000 - 1000)
    expect((await t.api('POST', `/orders/${id}/claim`, { token: ben.token })).statusCode).toBe(409)

    clock = new Date(clock.getTime() + 2000)
    expect(await t.app.liveEvents.housekeeping.runOnce()).toBeGreaterThanOrEqual(1)
    expect((await getOrder(id)).claimed_by).toBeNull()
    const after = await t.api('POST', `/orders/${id}/claim`, { token: ben.token })
    expect(after.statusCode).toBe(200)
    expect((await getOrder(id)).claimed_by).toMatchObject({ user_id: ben.userId })
  })

  it("CLM-5 the worklist filters 'Mine' and 'Unclaimed'", async () => {
    const page = async (query: string, token: string) =>
      orderPageSchema.parse((await t.api('GET', `/orders?${query}`, { token })).json())
    const mine = await page('claimed=mine&limit=500', ben.token)
    expect(mine.items.length).toBeGreaterThan(0)
    expect(mine.items.every((o) => o.claimed_by?.user_id === ben.userId)).toBe(true)
    const unclaimed = await page('claimed=unclaimed&limit=500', ben.token)
    expect(unclaimed.items.every((o) => o.claimed_by === null)).toBe(true)
    const all = await page('limit=500', ben.token)
    expect(unclaimed.total + all.items.filter((o) => o.claimed_by).length).toBe(all.total)
    expect((await t.api('GET', '/orders?claimed=theirs', { token: ben.token })).statusCode).toBe(
      400,
    )
  })
})

describe.skipIf(skipDatabase)('next study', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await startTestApp({ seed: false })
    await addSyntheticOrders(t.db, 60, { now: new Date() })
  })
  afterAll(() => t.close())

  it('NX-1 fifty clinicians pressing Next study at once through HTTP get fifty different studies, the most urgent first', async () => {
    const readers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.signUp(undefined, `Dr Reader ${String(i)}`)),
    )
    const before = orderListSchema.parse((await t.api('GET', '/orders')).json())
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const picked = await Promise.all(
      readers.map(async (reader) => {
        const res = await fetch(`${base}/api/v1/worklist/next`, {
          method: 'POST',
          headers: { authorization: `Bearer ${reader.token}` },
        })
        expect(res.status).toBe(200)
        const order = orderSchema.parse(await res.json())
        expect(order.claimed_by?.user_id).toBe(reader.userId)
        return order
      }),
    )
    t.app.server.closeAllConnections()
    const pickedIds = picked.map((order) => order.id)
    expect(new Set(pickedIds).size).toBe(50)
    // Together they took the fifty most urgent (priority, then longest waiting).
    const rank = { stat: 0, urgent: 1, routine: 2 }
    const urgentFirst = [...before].sort(
      (a, b) => rank[a.priority] - rank[b.priority] || a.ordered_at.localeCompare(b.ordered_at),
    )
    expect(new Set(pickedIds)).toEqual(new Set(urgentFirst.slice(0, 50).map((o: Order) => o.id)))
  })

  it('NX-2 Next study skips claimed and signed studies, and answers 204 when nothing is left', async () => {
    const reader = await t.signUp()
    const left: string[] = []
    for (;;) {
      const res = await t.api('POST', '/worklist/next', { token: reader.token })
      if (res.statusCode === 204) break
      expect(res.statusCode).toBe(200)
      left.push(orderSchema.parse(res.json()).id)
    }
    expect(left).toHaveLength(10)
    expect(res204Body(await t.api('POST', '/worklist/next', { token: reader.token }))).toBe('')
  })
})

function res204Body(res: { statusCode: number; body: string }): string {
  expect(res.statusCode).toBe(204)
  return res.body
}
