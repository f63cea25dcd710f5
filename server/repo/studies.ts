/**
 * Reads of orders, patients and conversations. Writes live by the flow they serve:
 * `./conversation` (exchanges with the assistant, ratings, the summary, clearing) and `./reports`
 * (saving, signing, addenda), on the shared version and locking rules of `./reportVersions`.
 */
import { asc, eq } from 'drizzle-orm'
import type { Message, Order, Patient } from '../../contract'
import type { StudyContext } from '../assistant/types'
import type { Database, Queryable } from '../db/client'
import { messages, orders, patients, reports } from '../db/schema'
import { notFound } from '../http/errors'
import { orderJson, patientColumns, toMessage, toPatient } from './mappers'
import { listRevisions, sectionsOf } from './reportHistory'

export async function listPatients(db: Database): Promise<Patient[]> {
  const rows = await db
    .select(patientColumns)
    .from(patients)
    .orderBy(asc(patients.lastName), asc(patients.firstName))
  return rows.map(toPatient)
}

const orderQuery = (db: Queryable) =>
  db
    .select({ order: orders, patient: patients, report: reports })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .leftJoin(reports, eq(reports.orderId, orders.id))

/** One order with its patient, report and addenda, built as JSON by the database in one statement. */
export async function getOrder(db: Queryable, id: string): Promise<Order> {
  const [row] = await db
    .select({ order: orderJson })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .leftJoin(reports, eq(reports.orderId, orders.id))
    .where(eq(orders.id, id))
  if (!row) throw notFound('Order')
  return row.order
}

/** Every revision of the order's report, newest first (404 for an unknown order). */
export async function listReportRevisions(db: Database, orderId: string) {
  return db.transaction(async (tx) => {
    await assertOrderExists(tx, orderId)
    return listRevisions(tx, orderId)
  })
}

export async function loadStudy(db: Queryable, orderId: string): Promise<StudyContext> {
  const [row] = await orderQuery(db).where(eq(orders.id, orderId))
  if (!row) throw notFound('Order')
  const { order, patient, report } = row
  return {
    order: {
      id: order.id,
      modality: order.modality,
      bodyPart: order.bodyPart,
      studyDescription: order.studyDescription,
      indication: order.indication,
      priority: order.priority,
      accessionNumber: order.accessionNumber,
      orderedAt: order.orderedAt,
    },
    patient: {
      firstName: patient.firstName,
      lastName: patient.lastName,
      dateOfBirth: patient.dateOfBirth,
      sex: patient.sex,
      history: patient.history,
    },
    report: report ? { sections: sectionsOf(report), isFinal: report.isFinal } : null,
  }
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
  if (!row) throw notFound('Order')
}
