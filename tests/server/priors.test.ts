/**
 * A study's priors (issue 18), on PGlite and PostgreSQL: the patient's other studies, newest
 * first, each with the impression signed for it; never the study itself, never a cancelled order.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  orderListSchema,
  priorListSchema,
  sendMessageAnswerSchema,
  type Order,
} from '../../contract'
import { orders } from '../../server/db/schema'
import { normalSections } from '../support/sections'
import { startTestApp, type TestApp } from '../support/testApp'
import { skipDatabase } from '../support/testDatabase'

describe.skipIf(skipDatabase)('priors', () => {
  let t: TestApp
  let token: string
  /** The orders of the demo patient with the most of them, oldest first. */
  let family: Order[]

  beforeAll(async () => {
    t = await startTestApp()
    ;({ token } = await t.signUp(undefined, 'Dr Ada Reader'))
    const all = orderListSchema.parse((await t.api('GET', '/orders', { token })).json())
    const byPatient = new Map<string, Order[]>()
    for (const order of all)
      byPatient.set(order.patient_id, [...(byPatient.get(order.patient_id) ?? []), order])
    family = [...byPatient.values()]
      .sort((a, b) => b.length - a.length)[0]!
      .sort((a, b) => a.ordered_at.localeCompare(b.ordered_at))
  })
  afterAll(() => t.close())

  const priors = async (id: string) => {
    const res = await t.api('GET', `/orders/${id}/priors`, { token })
    expect(res.statusCode).toBe(200)
    return priorListSchema.parse(res.json()).items
  }

  it("PR-1 answers the patient's other studies, newest first, with what each was", async () => {
    expect(family.length).toBeGreaterThanOrEqual(3)
    const [oldest, ...rest] = family
    const items = await priors(oldest!.id)

    expect(items.map((prior) => prior.id)).toEqual(rest.map((order) => order.id).reverse())
    const newest = rest.at(-1)!
    expect(items[0]).toMatchObject({
      id: newest.id,
      ordered_at: newest.ordered_at,
      modality: newest.modality,
      body_part: newest.body_part,
      study_description: newest.study_description,
      accession_number: newest.accession_number,
    })
  })

  it('PR-1 a prior carries the impression that was signed for it, and only a signed one', async () => {
    const [current, signed, draft] = family
    const sections = { ...normalSections, impression: 'No acute intracranial abnormality.' }
    await t.api('PUT', `/orders/${signed!.id}/report`, { token, body: { sections } })
    const finalized = await t.api('POST', `/orders/${signed!.id}/report/finalize`, { token })
    expect(finalized.statusCode).toBe(200)
    await t.api('PUT', `/orders/${draft!.id}/report`, {
      token,
      body: { sections: { ...normalSections, impression: 'Unsigned words.' } },
    })

    const items = await priors(current!.id)
    const byId = new Map(items.map((prior) => [prior.id, prior]))
    expect(byId.get(signed!.id)?.impression).toBe('No acute intracranial abnormality.')
    expect(byId.get(signed!.id)?.finalized_at).toEqual(expect.stringMatching(/^\d{4}-/))
    expect(byId.get(draft!.id)).toMatchObject({ impression: null, finalized_at: null })
  })

  it('PR-1 a cancelled order is no prior', async () => {
    const [current, cancelled] = family
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled!.id))
    try {
      expect((await priors(current!.id)).map((prior) => prior.id)).not.toContain(cancelled!.id)
    } finally {
      await t.db
        .update(orders)
        .set({ status: cancelled!.status })
        .where(eq(orders.id, cancelled!.id))
    }
  })

  it('PR-1 an unknown study is 404, and priors need a session', async () => {
    const unknown = await t.api('GET', '/orders/no-such-order/priors', { token })
    expect(unknown.statusCode).toBe(404)
    expect(Object.keys(unknown.json<object>())).toContain('error')
    const anonymous = await t.api('GET', `/orders/${family[0]!.id}/priors`, { token: null })
    expect(anonymous.statusCode).toBe(401)
  })

  it('PR-1 a patient with one study has no priors', async () => {
    const all = orderListSchema.parse((await t.api('GET', '/orders', { token })).json())
    const counts = new Map<string, number>()
    for (const order of all) counts.set(order.patient_id, (counts.get(order.patient_id) ?? 0) + 1)
    const alone = all.find((order) => counts.get(order.patient_id) === 1)
    expect(alone).toBeDefined()
    expect(await priors(alone!.id)).toEqual([])
  })

  it('PR-4 the local assistant answers "any prior imaging?" from the priors', async () => {
    const [oldest, ...rest] = family
    const res = await t.api('POST', `/orders/${oldest!.id}/messages`, {
      token,
      body: { content: 'Any prior imaging?', input_type: 'text' },
    })
    expect(res.statusCode).toBe(200)
    const reply = sendMessageAnswerSchema.parse(res.json()).content
    expect(reply).toContain('Prior imaging for this patient, newest first:')
    for (const order of rest) expect(reply).toContain(order.study_description)
  })
})
