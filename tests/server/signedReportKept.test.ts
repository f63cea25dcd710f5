/**
 * CL-6: below every code path, the database keeps what was signed. A signed report's row is never
 * deleted and its sections, signature and override never change (an addendum or a communication
 * still moves its version); its revisions, addenda and communications are never deleted. An
 * unsigned draft and its revisions are still removed by a clear. On PGlite and PostgreSQL.
 */
import { count as countOf, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema, orderSchema } from '../../contract'
import {
  criticalCommunications,
  reportAddenda,
  reportRevisions,
  reports,
} from '../../server/db/schema'
import { criticalSections, phoneCall } from '../support/criticalResult'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

describe.skipIf(skipDatabase)('CL-6 the database keeps a signed report', () => {
  let t: TestApp
  let token: string
  let signed: string
  let draft: string

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const answer = await t.api(method, path, { token, ...(body === undefined ? {} : { body }) })
    return answer.statusCode
  }

  beforeAll(async () => {
    t = await startTestApp()
    token = (await t.signUp()).token
    const free = orderListSchema
      .parse((await t.api('GET', '/orders', { token })).json())
      .filter((order) => order.report === null)
    signed = free[0]?.id ?? ''
    draft = free[1]?.id ?? ''
    expect(await call('PUT', `/orders/${signed}/report`, { sections: criticalSections })).toBe(200)
    expect(await call('POST', `/orders/${signed}/report/communications`, phoneCall)).toBe(201)
    expect(await call('POST', `/orders/${signed}/report/finalize`)).toBe(200)
    expect(await call('POST', `/orders/${signed}/report/addenda`, { text: 'Seen again.' })).toBe(
      201,
    )
    expect(await call('PUT', `/orders/${draft}/report`, { sections: criticalSections })).toBe(200)
  })
  afterAll(() => t.close())

  const tables = {
    reports,
    report_revisions: reportRevisions,
    report_addenda: reportAddenda,
    critical_communications: criticalCommunications,
  }
  const count = async (name: keyof typeof tables, orderId: string) => {
    const table = tables[name]
    const [row] = await t.db.select({ n: countOf() }).from(table).where(eq(table.orderId, orderId))
    return row?.n
  }

  it('CL-6 deleting or rewriting a signed report, its revisions, addenda or communications is refused', async () => {
    const refused = [
      sql`delete from reports where order_id = ${signed}`,
      sql`update reports set impression = 'Changed behind the signer''s back.' where order_id = ${signed}`,
      sql`update reports set is_final = false where order_id = ${signed}`,
      sql`update reports set finalized_by_name = 'Someone else' where order_id = ${signed}`,
      sql`delete from report_revisions where order_id = ${signed}`,
      sql`delete from report_addenda where order_id = ${signed}`,
      sql`delete from critical_communications where order_id = ${signed}`,
    ]
    for (const statement of refused) {
      await expect(t.db.execute(statement)).rejects.toThrow()
    }
    expect(await count('reports', signed)).toBe(1)
    expect(await count('report_revisions', signed)).toBeGreaterThan(1)
    expect(await count('report_addenda', signed)).toBe(1)
    expect(await count('critical_communications', signed)).toBe(1)
    const order = orderSchema.parse((await t.api('GET', `/orders/${signed}`, { token })).json())
    expect(order.report?.is_final).toBe(true)
    expect(order.report?.sections.impression).toBe(criticalSections.impression)
  })

  it('CL-6 a signed report is still appended to, and an unsigned draft is still cleared', async () => {
    expect(await call('POST', `/orders/${signed}/report/addenda`, { text: 'And again.' })).toBe(201)
    expect(await count('report_addenda', signed)).toBe(2)
    expect(await call('DELETE', `/orders/${draft}/conversation`)).toBe(204)
    expect(await count('reports', draft)).toBe(0)
    expect(await count('report_revisions', draft)).toBe(0)
    expect(await call('DELETE', `/orders/${signed}/conversation`)).toBe(204)
    expect(await count('reports', signed)).toBe(1)
  })
})
