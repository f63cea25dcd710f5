/**
 * Orders from the hospital's RIS (HL7 v2, INT-1..INT-12), applied in one transaction each
 * (./hl7Inbound.ts records it, so a resend changes nothing): the patient upserted by MRN
 * (./hl7Patients.ts), each order created or updated (NW, XO) or cancelled (CA, DC, OC) by its
 * accession number; SC changes nothing (INT-54). An update writes only the fields sent (INT-52)
 * and only what differs: an identical message under a new control id moves no version and sends
 * no live event. A new order completes an open follow-up it fulfils, in the same transaction
 * (FU-18, ./followUps.ts).
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { CANCELLED_STATUS } from '../../contract'
import type { Database, Tx } from '../db/client'
import { orders } from '../db/schema'
import type {
  AppliedMessage,
  Hl7Issue,
  MessageHeader,
  OrderFields,
  PatientFields,
} from '../domain/hl7'
import { completeByOrders, type InsertedOrder } from './followUps'
import { applyOnce, lockName, Refusal } from './hl7Inbound'
import { upsertPatient } from './hl7Patients'

export { recordRefusedMessage } from './hl7Inbound'

/** The status of an order the RIS sent and nobody has worked on yet. */
export const SCHEDULED_STATUS = 'scheduled'

const CANCELS = new Set(['CA', 'DC', 'OC'])
const UPDATES = new Set(['NW', 'XO'])

type OrderRow = typeof orders.$inferSelect
/** The columns an order message may change. */
const UPDATABLE = [
  'placerOrderNumber',
  'fillerOrderNumber',
  'procedureCode',
  'procedureCodingSystem',
  'studyDescription',
  'modality',
  'bodyPart',
  'priority',
  'studyInstanceUid',
  'indication',
  'orderedAt',
] as const
type Updatable = Pick<OrderRow, (typeof UPDATABLE)[number]>

export async function applyOrderMessage(
  db: Database,
  header: MessageHeader,
  patient: PatientFields,
  items: OrderFields[],
  receivedAt: Date,
  /** DEPARTMENT_TIME_ZONE: the day an order is placed on, for its follow-up's window. */
  timeZone = 'UTC',
): Promise<AppliedMessage> {
  return applyOnce(db, header, items[0]?.accessionNumber ?? null, async (tx) => {
    // Several accessions, locked in one order: two messages naming the same ones never wait on
    // each other in a circle. One accession needs none: its row (or its unique index) serialises.
    const accessions = [...new Set(items.map((item) => item.accessionNumber))].sort()
    if (accessions.length > 1) {
      for (const name of accessions) await lockName(tx, `hl7-accession:${name}`)
    }
    // A message that only cancels (or notes a status) needs no patient of its own (INT-57).
    const creates = items.some((item) => UPDATES.has(item.control))
    const patientId = await upsertPatient(tx, patient, creates)
    const inserted: InsertedOrder[] = []
    for (const [index, item] of items.entries()) {
      if (CANCELS.has(item.control)) await cancelOrder(tx, item, index + 1)
      else if (UPDATES.has(item.control) && patientId) {
        const added = await upsertOrder(tx, patientId, item, index + 1, receivedAt)
        if (added) inserted.push(added)
      }
    }
    await completeByOrders(tx, inserted, timeZone, receivedAt)
  })
}

const isSame = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b

async function upsertOrder(
  tx: Tx,
  patientId: string,
  item: OrderFields,
  sequence: number,
  receivedAt: Date,
): Promise<InsertedOrder | null> {
  // A new order is one statement; an accession already held (or just inserted by a parallel
  // message, waited for on the unique index) is read and locked, then updated.
  const added = await insertOrder(tx, patientId, item, sequence, receivedAt)
  if (added) return added
  const [existing] = await tx
    .select()
    .from(orders)
    .where(eq(orders.accessionNumber, item.accessionNumber))
    .for('update')
  if (!existing) throw new Error('order vanished under its conflict')
  const sent: Partial<Updatable> = Object.fromEntries(
    UPDATABLE.filter((key) => item[key] !== undefined).map((key) => [key, item[key]]),
  )
  const changes: Partial<OrderRow> = Object.fromEntries(
    Object.entries(sent).filter(([key, value]) => !isSame(existing[key as keyof Updatable], value)),
  )
  if (existing.patientId !== patientId) changes.patientId = patientId
  // A new order for a cancelled accession brings it back.
  if (existing.status === CANCELLED_STATUS) {
    changes.status = SCHEDULED_STATUS
    changes.originalStatus = SCHEDULED_STATUS
  }
  if (Object.keys(changes).length === 0) return null
  await tx.update(orders).set(changes).where(eq(orders.id, existing.id))
  return null
}

/**
 * Inserts a new order unless its accession is held (null). Its description and modality are
 * required (AE 101 when the accession is new), the rest has defaults.
 */
async function insertOrder(
  tx: Tx,
  patientId: string,
  item: OrderFields,
  sequence: number,
  receivedAt: Date,
): Promise<InsertedOrder | null> {
  const { studyDescription, modality } = item
  if (studyDescription === undefined || modality === undefined) {
    const [held] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.accessionNumber, item.accessionNumber))
    if (held) return null
  }
  const missing: Hl7Issue[] = []
  if (studyDescription === undefined) {
    missing.push({
      location: `OBR^${sequence}^4`,
      code: 101,
      text: 'OBR-4 (universal service id) is required for a new order.',
    })
  }
  if (modality === undefined) {
    missing.push({
      location: `OBR^${sequence}^24`,
      code: 101,
      text: 'A modality is required for a new order (OBR-24 or IPC-5).',
    })
  }
  if (studyDescription === undefined || modality === undefined) throw new Refusal(missing)
  const [inserted] = await tx
    .insert(orders)
    .values({
      id: randomUUID(),
      accessionNumber: item.accessionNumber,
      status: SCHEDULED_STATUS,
      originalStatus: SCHEDULED_STATUS,
      patientId,
      studyDescription,
      modality,
      bodyPart: item.bodyPart ?? 'unspecified',
      priority: item.priority ?? 'routine',
      indication: item.indication ?? '',
      orderedAt: item.orderedAt ?? receivedAt,
      studyInstanceUid: item.studyInstanceUid ?? null,
      placerOrderNumber: item.placerOrderNumber ?? null,
      fillerOrderNumber: item.fillerOrderNumber ?? null,
      procedureCode: item.procedureCode ?? null,
      procedureCodingSystem: item.procedureCodingSystem ?? null,
    })
    .onConflictDoNothing({ target: orders.accessionNumber })
    .returning({
      id: orders.id,
      patientId: orders.patientId,
      accessionNumber: orders.accessionNumber,
      modality: orders.modality,
      bodyPart: orders.bodyPart,
      studyDescription: orders.studyDescription,
      orderedAt: orders.orderedAt,
    })
  return inserted ?? null
}

/** CA, DC, OC: the order leaves the worklist; it and anything written about it are kept. */
async function cancelOrder(tx: Tx, item: OrderFields, sequence: number): Promise<void> {
  const [existing] = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.accessionNumber, item.accessionNumber))
  if (!existing) {
    throw new Refusal([
      {
        location: `OBR^${sequence}^18`,
        code: 204,
        text: 'No order with this accession number to cancel.',
      },
    ])
  }
  if (existing.status === CANCELLED_STATUS) return
  // Clear All restores `original_status`: a cancelled order stays cancelled.
  await tx
    .update(orders)
    .set({ status: CANCELLED_STATUS, originalStatus: CANCELLED_STATUS })
    .where(eq(orders.id, existing.id))
}
