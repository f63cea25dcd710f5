/**
 * The follow-up tests' server (FU-9..FU-24): a clock the tests set, the department's time zone,
 * the reports that recommend an exam, and reads of what was stored.
 */
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import {
  followUpPageSchema,
  orderSchema,
  reportSchema,
  type UserRole,
  type FollowUpInput,
  type FollowUpPage,
  type ReportSections,
} from '../../../contract'
import { followUps, orders, patients, reports, users } from '../../../server/db/schema'
import type { TestApp } from '../../support/testApp'
import type { Clinician as ReviewClinician } from '../reviewSupport'

/** A report recommending a chest CT in three months (found by ../../server/outcomes/extract). */
export const RECOMMENDING: ReportSections = {
  history: 'Cough.',
  technique: 'CT of the chest without contrast.',
  comparison: 'None.',
  findings: 'A 7 mm solid nodule in the right upper lobe.',
  impression: '7 mm right upper lobe pulmonary nodule. Recommend CT chest in 3 months.',
}
/** A report that says no follow-up is needed. */
export const NOTHING_TO_FOLLOW: ReportSections = {
  ...RECOMMENDING,
  findings: 'The lungs are clear.',
  impression: 'No acute abnormality. No follow-up imaging is needed.',
}

export const confirmed = (over: Partial<FollowUpInput> = {}): FollowUpInput => ({
  modality: 'CT',
  body_part: 'chest',
  due_from: '2026-12-01',
  due_to: '2027-01-31',
  reason: 'pulmonary nodule',
  text: 'Recommend CT chest in 2 months.',
  ...over,
})

/** An account's calls (../reviewSupport.ts's, with PATCH). */
export type Clinician = Omit<ReviewClinician, 'call'> & {
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): ReturnType<ReviewClinician['call']>
}

/**
 * A settable clock for the app (`startTestApp({ now })`). Sessions are checked against it too, so
 * each clinician made by `clinician` signs in again whenever it moves.
 */
export function testClock(start: string) {
  let at = new Date(start)
  const onMove: (() => Promise<void>)[] = []
  return {
    now: () => at,
    async set(instant: string) {
      at = new Date(instant)
      for (const signIn of onMove) await signIn()
    },
    onMove(signIn: () => Promise<void>) {
      onMove.push(signIn)
    },
  }
}
export type TestClock = ReturnType<typeof testClock>

let accounts = 0

/** An account with `roles` whose calls follow the clock (../reviewSupport.ts's, signed in anew). */
export async function clinician(
  t: TestApp,
  clock: TestClock,
  name: string,
  roles: UserRole[] = ['radiologist'],
): Promise<Clinician> {
  accounts += 1
  const loginId = `followups${String(accounts)}-${String(Date.now())}@hospital.test`
  const first = await t.signUp(loginId, name)
  await t.db.update(users).set({ roles }).where(eq(users.id, first.userId))
  let token = first.token
  clock.onMove(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password/signin',
      payload: { loginId, password: 'correct horse battery' },
    })
    token = res.json<{ sessionJwt: string }>().sessionJwt
  })
  const call: Clinician['call'] = async (method, path, body, headers = {}) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    })
    return { status: res.statusCode, json: () => res.json(), headers: res.headers }
  }
  return {
    userId: first.userId,
    name,
    get token() {
      return token
    },
    call,
    async save(orderId, sections = RECOMMENDING) {
      expect((await call('PUT', `/orders/${orderId}/report`, { sections })).status).toBe(200)
    },
    async send(orderId) {
      const res = await call('POST', `/orders/${orderId}/report/preliminary`)
      expect(res.status, JSON.stringify(res.json())).toBe(200)
      return reportSchema.parse(res.json())
    },
    async order(orderId) {
      return orderSchema.parse((await call('GET', `/orders/${orderId}`)).json())
    },
  }
}

/** The study's report saved and signed by `who` (the finalize body as given); its answer. */
export async function sign(
  who: Clinician,
  orderId: string,
  sections: ReportSections = RECOMMENDING,
  body?: { follow_ups?: FollowUpInput[] },
) {
  await who.save(orderId, sections)
  return who.call('POST', `/orders/${orderId}/report/finalize`, body)
}

/** Signs and expects 200. */
export async function signed(...args: Parameters<typeof sign>): Promise<void> {
  const res = await sign(...args)
  expect(res.status, JSON.stringify(res.json())).toBe(200)
}

/** GET /follow-ups with a query string, read by the contract's schema. */
export async function list(who: Clinician, query = ''): Promise<FollowUpPage> {
  const res = await who.call('GET', `/follow-ups${query ? `?${query}` : ''}`)
  expect(res.status, JSON.stringify(res.json())).toBe(200)
  return followUpPageSchema.parse(res.json())
}

export const rowsOfOrder = (t: TestApp, orderId: string) =>
  t.db.select().from(followUps).where(eq(followUps.sourceOrderId, orderId))

/** The patient (id and MRN) of an order. */
export async function patientOf(t: TestApp, orderId: string) {
  const [row] = await t.db
    .select({ id: patients.id, mrn: patients.mrn })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .where(eq(orders.id, orderId))
  if (!row) throw new Error(`no order ${orderId}`)
  return row
}

/** The seeded studies without a report, one per patient (so patients do not share follow-ups). */
export async function studiesOfDistinctPatients(t: TestApp) {
  const rows = await t.db
    .select({ id: orders.id, patientId: orders.patientId, report: reports.orderId })
    .from(orders)
    .leftJoin(reports, eq(reports.orderId, orders.id))
    .orderBy(orders.accessionNumber)
  const seen = new Set<string>()
  const free: string[] = []
  for (const row of rows) {
    if (seen.has(row.patientId)) continue
    seen.add(row.patientId)
    if (row.report === null) free.push(row.id)
  }
  return () => {
    const id = free.shift()
    if (!id) throw new Error('the seed has run out of patients')
    return id
  }
}
