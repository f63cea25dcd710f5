/**
 * The list answers are built differently from the single-order answer (the orders list as JSON in
 * SQL, the patients list from a narrow select), so these tests pin them to it: same objects, same
 * bytes, same order, on a worklist with draft, final (signed, with addenda) and cleared reports.
 */
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  orderListSchema,
  patientListSchema,
  type Addendum,
  type Order,
  type Patient,
} from '../../contract'
import { orderClaims, orders, patients, reports } from '../../server/db/schema'
import {
  toPatient,
  toReport,
  type OrderRow,
  type PatientRow,
  type ReportRow,
} from '../../server/repo/mappers'
import { listAddenda } from '../../server/repo/reportHistory'
import { addSyntheticOrders } from '../../server/seed/seed'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const sections = {
  history: 'Cough for 3 weeks.',
  technique: 'CT chest with contrast.',
  comparison: 'None.',
  findings: 'No nodule.',
  impression: 'Normal chest CT.',
}

/** Text JSON must escape (a person can type all of it: SEC-3 refuses other controls), and text
 * that is not ASCII. */
const awkward = {
  ...sections,
  findings: 'Line one\r\nline two\t"quoted" back\\slash, </script> and ü, 結節, 🫁, \u2028.',
}

/** An order from its rows, as the row mappers the report writes answer with would make it. */
function toOrder(
  order: OrderRow,
  patient: PatientRow,
  report: ReportRow | null,
  addenda: Addendum[],
  claim: typeof orderClaims.$inferSelect | null,
): Order {
  return {
    id: order.id,
    patient_id: order.patientId,
    status: order.status,
    modality: order.modality,
    body_part: order.bodyPart,
    study_description: order.studyDescription,
    priority: order.priority,
    accession_number: order.accessionNumber,
    indication: order.indication,
    ordered_at: order.orderedAt.toISOString(),
    patient: toPatient(patient),
    report: report ? toReport(report, addenda) : null,
    claimed_by: claim
      ? { user_id: claim.userId, name: claim.userName, since: claim.since.toISOString() }
      : null,
    study_instance_uid: order.studyInstanceUid,
  }
}

describe.skipIf(skipDatabase)('list answers', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await startTestApp()
    await t.signUp()
    // Synthetic orders come after the demo worklist, for patients with several orders.
    await addSyntheticOrders(t.db, 150, { now: new Date('2026-11-20T09:00:00Z') })
    const list = orderListSchema.parse((await t.api('GET', '/orders')).json())
    const order = (i: number) => list[i]!.id
    const put = (id: string, body: typeof sections) =>
      t.api('PUT', `/orders/${id}/report`, { body: { sections: body } })
    // A draft, a draft with awkward text, a final report, a conversation (in_progress, with a
    // report written by the assistant) and a cleared one (report gone, status restored).
    await put(order(0), sections)
    await put(order(1), awkward)
    await put(order(2), sections)
    await t.api('POST', `/orders/${order(2)}/report/finalize`)
    await t.api('POST', `/orders/${order(2)}/report/addenda`, { body: { text: 'First.' } })
    await t.api('POST', `/orders/${order(2)}/report/addenda`, { body: { text: awkward.findings } })
    await t.api('POST', `/orders/${order(3)}/messages`, {
      body: { content: 'Findings: small effusion. Impression: effusion.' },
    })
    await t.api('POST', `/orders/${order(4)}/messages`, { body: { content: 'Findings: none.' } })
    await t.api('DELETE', `/orders/${order(4)}/conversation`)
    await put(order(list.length - 1), sections)
    // A study someone reads.
    await t.api('POST', `/orders/${order(5)}/claim`)
  })
  afterAll(() => t.close())

  it('GET /orders answers, for every order, exactly what GET /orders/{id} answers', async () => {
    const res = await t.api('GET', '/orders')
    expect(res.statusCode).toBe(200)
    const list: unknown[] = res.json()
    const parsed = orderListSchema.parse(list)
    expect(parsed.filter((o) => o.report?.is_final === false)).toHaveLength(4)
    expect(parsed.filter((o) => o.report?.is_final === true)).toHaveLength(1)
    expect(parsed.some((o) => o.report?.sections.findings === awkward.findings)).toBe(true)
    for (const item of list) {
      const one = await t.api('GET', `/orders/${(item as Order).id}`)
      expect(one.statusCode).toBe(200)
      // Same bytes: same keys in the same order, same values, same timestamp format.
      expect(JSON.stringify(item)).toBe(one.body)
    }
  })

  it('GET /orders keeps insertion order and is byte for byte what the full rows map to', async () => {
    const res = await t.api('GET', '/orders')
    const rows = await t.db
      .select({ order: orders, patient: patients, report: reports, claim: orderClaims })
      .from(orders)
      .innerJoin(patients, eq(patients.id, orders.patientId))
      .leftJoin(reports, eq(reports.orderId, orders.id))
      .leftJoin(orderClaims, eq(orderClaims.orderId, orders.id))
      .orderBy(asc(orders.seq))
    expect(rows.length).toBeGreaterThan(150)
    const expected = orderListSchema.parse(
      await Promise.all(
        rows.map(async (r) =>
          toOrder(
            r.order,
            r.patient,
            r.report,
            r.report?.isFinal ? await listAddenda(t.db, r.order.id) : [],
            r.claim,
          ),
        ),
      ),
    )
    expect(expected.flatMap((o) => o.report?.addenda ?? [])).toHaveLength(2)
    expect(expected.filter((o) => o.claimed_by)).toHaveLength(1)
    expect(res.body).toBe(JSON.stringify(expected))
  })

  it('GET /patients answers what the full rows map to, sorted by name, without the history', async () => {
    const res = await t.api('GET', '/patients')
    expect(res.statusCode).toBe(200)
    const answered = patientListSchema.parse(res.json())
    const rows = await t.db
      .select()
      .from(patients)
      .orderBy(asc(patients.lastName), asc(patients.firstName))
    const expected = patientListSchema.parse(rows.map(toPatient))
    // Patients who share a name are in no particular order (as before): the names must follow
    // the same sequence, the patients must be the same.
    const name = (p: Patient) => `${p.last_name}, ${p.first_name}`
    expect(answered.map(name)).toEqual(expected.map(name))
    const byId = (list: Patient[]) => [...list].sort((a, b) => a.id.localeCompare(b.id))
    expect(byId(answered)).toEqual(byId(expected))
    expect(res.body).toBe(JSON.stringify(answered))
    expect(Object.keys(res.json<object[]>()[0]!)).toEqual([
      'id',
      'first_name',
      'last_name',
      'date_of_birth',
      'sex',
    ])
  })
})

describe.skipIf(skipDatabase)('list answers of an empty database', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ seed: false })
    await t.signUp()
  })
  afterAll(() => t.close())

  it('GET /orders and GET /patients answer empty arrays', async () => {
    for (const path of ['/orders', '/patients']) {
      const res = await t.api('GET', path)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([])
    }
  })
})
