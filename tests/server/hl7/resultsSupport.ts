/**
 * Results-out tests' moves: sign a report and add an addendum through any server instance (the
 * test app's or a second one on its database), and read the outbox.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { orderListSchema } from '../../../contract'
import type { Database } from '../../../server/db/client'
import { hl7Outbox } from '../../../server/db/schema'
import { sections } from './support'

const auth = (token: string) => ({ authorization: `Bearer ${token}` })

/** Orders with no report yet, as the worklist lists them. */
export async function unsignedOrders(app: FastifyInstance, token: string) {
  const res = await app.inject({ method: 'GET', url: '/api/v1/orders', headers: auth(token) })
  return orderListSchema.parse(res.json()).filter((o) => !o.report)
}

/** Saves a report with `findings` and signs it (both must succeed). */
export async function signOn(
  app: FastifyInstance,
  token: string,
  orderId: string,
  findings: string,
): Promise<void> {
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/v1/orders/${orderId}/report`,
    headers: auth(token),
    payload: { sections: sections(findings) },
  })
  expect(saved.statusCode).toBe(200)
  const signed = await app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/report/finalize`,
    headers: auth(token),
  })
  expect(signed.statusCode).toBe(200)
}

export async function addendumOn(
  app: FastifyInstance,
  token: string,
  orderId: string,
  text: string,
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/report/addenda`,
    headers: auth(token),
    payload: { text },
  })
  expect(res.statusCode).toBe(201)
}

export async function outboxRows(db: Database, orderId?: string) {
  return db
    .select()
    .from(hl7Outbox)
    .where(orderId === undefined ? undefined : eq(hl7Outbox.orderId, orderId))
    .orderBy(hl7Outbox.id)
}

/** True once the outbox holds `count` rows, every one acknowledged. */
export async function allAcknowledged(db: Database, count: number): Promise<boolean> {
  const rows = await outboxRows(db)
  return rows.length === count && rows.every((row) => row.ackedAt !== null)
}
