/**
 * Reads of orders, patients and conversations. Writes live by the flow they serve: `./exchange`
 * (a message and the assistant's reply, with what the assistant reads first), `./conversation`
 * (ratings, the summary, clearing) and `./reports`
 * (saving, signing, addenda), on the shared version and locking rules of `./reportVersions`.
 */
import { asc, eq, sql } from 'drizzle-orm'
import type { Message, Order, Patient } from '../../contract'
import type { Database, Queryable } from '../db/client'
import { prepared } from '../db/prepared'
import { messages, orders, patients, reports } from '../db/schema'
import { NotFound } from '../domain/errors'
import { orderJson, patientColumns, toMessage, toPatient } from './mappers'
import { listRevisions } from './reportHistory'

export async function listPatients(db: Database): Promise<Patient[]> {
  const rows = await db
    .select(patientColumns)
    .from(patients)
    .orderBy(asc(patients.lastName), asc(patients.firstName))
  return rows.map(toPatient)
}

const oneOrder = prepared<{ order: Order }>(
  'one_order',
  () => sql`select ${orderJson} as "order" from ${orders}
    inner join ${patients} on ${patients.id} = ${orders.patientId}
    left join ${reports} on ${reports.orderId} = ${orders.id}
    where ${orders.id} = ${sql.placeholder('id')}`,
)

/** One order with its patient, report and addenda, built as JSON by the database in one statement. */
export async function getOrder(db: Queryable, id: string): Promise<Order> {
  const [row] = await oneOrder.run(db, { id })
  if (!row) throw new NotFound('Order')
  return row.order
}

/** Every revision of the order's report, newest first (404 for an unknown order). */
export async function listReportRevisions(db: Database, orderId: string) {
  return db.transaction(async (tx) => {
    await assertOrderExists(tx, orderId)
    return listRevisions(tx, orderId)
  })
}

export async function listMessages(db: Queryable, orderId: string): Promise<Message[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.orderId, orderId))
    .orderBy(asc(messages.seq))
  return rows.map(toMessage)
}

export async function assertOrderExists(db: Queryable, orderId: string): Promise<void> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))
  if (!row) throw new NotFound('Order')
}
