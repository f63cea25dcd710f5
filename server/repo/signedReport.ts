/**
 * A signed report as other systems read it (GET /orders/{id}/report/fhir): the order as the
 * contract's JSON, with what only those systems need of its patient (the MRN).
 */
import { eq, sql } from 'drizzle-orm'
import type { Order } from '../../contract'
import type { Queryable } from '../db/client'
import { orders, patients, reports } from '../db/schema'
import { Conflict, NotFound } from '../domain/errors'
import type { SignedStudy } from '../domain/studies'
import { orderJson } from './mappers'

/**
 * The order with its final report and addenda. 404: no such order; 409: its report is not signed
 * yet, or it has none (to a reader of signed reports both are "not final yet").
 */
export async function getSignedStudy(db: Queryable, orderId: string): Promise<SignedStudy> {
  const [row] = await db
    .select({ order: sql<Order>`${orderJson}`, mrn: patients.mrn })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .leftJoin(reports, eq(reports.orderId, orders.id))
    .where(eq(orders.id, orderId))
  if (!row) throw new NotFound('Order')
  const { order, mrn } = row
  if (!order.report?.is_final) {
    throw new Conflict('The report is not final: only a signed report is answered as FHIR.')
  }
  return { order: { ...order, report: order.report }, mrn }
}
