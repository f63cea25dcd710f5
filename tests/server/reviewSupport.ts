/**
 * The teaching flow's server tests (RV-*): a server whose accounts hold the roles of a reading
 * room (the first account admin and radiologist, a trainee, attendings), each account's calls,
 * and what the audit trail recorded of an order.
 */
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { UserRole } from '../../contract'
import { orderSchema, reportSchema, type ReportSections } from '../../contract'
import { users } from '../../server/db/schema'
import { listAuditEvents } from '../../server/repo/audit'
import type { TestApp } from '../support/testApp'

export const SECTIONS: ReportSections = {
  history: 'Cough for three weeks.',
  technique: 'PA and lateral chest radiographs.',
  comparison: 'None.',
  findings: 'The lungs are clear. No pleural effusion.',
  impression: 'No acute cardiopulmonary abnormality.',
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** One account's calls on the test app. */
export interface Clinician {
  userId: string
  name: string
  token: string
  call(
    method: Method,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; json: () => unknown; headers: Record<string, unknown> }>
  save(orderId: string, sections?: ReportSections): Promise<void>
  send(orderId: string): Promise<ReturnType<typeof reportSchema.parse>>
  order(orderId: string): Promise<ReturnType<typeof orderSchema.parse>>
}

/**
 * Signs up `name` and gives the account `roles` in its row, before its first call (the session
 * guard reads the row: RL-2).
 */
export async function clinician(
  t: TestApp,
  name: string,
  roles: UserRole[] = ['radiologist'],
): Promise<Clinician> {
  const { token, userId } = await t.signUp(undefined, name)
  await t.db.update(users).set({ roles }).where(eq(users.id, userId))
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
    userId,
    name,
    token,
    call,
    async save(orderId, sections = SECTIONS) {
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

/** The kinds of the audit events of an order, oldest first, and each event's detail. */
export async function auditOfOrder(t: TestApp, orderId: string) {
  const events = await listAuditEvents(t.db, { orderId })
  return { kinds: events.map((event) => event.kind), events }
}
