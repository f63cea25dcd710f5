/**
 * Orders from the hospital's RIS (HL7 v2, INT-1..INT-12), applied in one transaction each: the
 * patient upserted by MRN, each order created, updated (NW, XO) or cancelled (CA) by its
 * accession number, and the message recorded in `hl7_inbound` by sender and control id, so a
 * resend is answered as the first time and changes nothing. A message that cannot be applied
 * leaves nothing behind but its record. Writes only what differs: an identical resend under a new
 * control id moves no version and sends no live event.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { CANCELLED_STATUS } from '../../contract'
import type { Database, Tx } from '../db/client'
import { hl7Inbound, orderEvents, orders, patients } from '../db/schema'
import type {
  AppliedMessage,
  Hl7Issue,
  MessageHeader,
  OrderFields,
  PatientFields,
} from '../domain/hl7'

/** The status of an order the RIS sent and nobody has worked on yet. */
export const SCHEDULED_STATUS = 'scheduled'

/** Refuses the transaction's writes with these issues (rolled back, then recorded alone). */
class Refusal extends Error {
  constructor(readonly issues: Hl7Issue[]) {
    super('refused')
  }
}

/** A transaction-scoped lock on a name: the second holder waits for the first's commit. */
const lockName = (tx: Tx, name: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`)

async function storedAnswer(tx: Tx, header: MessageHeader): Promise<AppliedMessage | null> {
  await lockName(tx, `hl7:${header.sender}:${header.controlId}`)
  const [seen] = await tx
    .select({ ackCode: hl7Inbound.ackCode, error: hl7Inbound.error })
    .from(hl7Inbound)
    .where(and(eq(hl7Inbound.sender, header.sender), eq(hl7Inbound.controlId, header.controlId)))
  if (!seen) return null
  return {
    ackCode: seen.ackCode as AppliedMessage['ackCode'],
    issues: seen.error ? (JSON.parse(seen.error) as Hl7Issue[]) : [],
    replayed: true,
  }
}

async function record(
  tx: Tx,
  header: MessageHeader,
  accession: string | null,
  answer: Omit<AppliedMessage, 'replayed'>,
): Promise<AppliedMessage> {
  await tx.insert(hl7Inbound).values({
    sender: header.sender,
    controlId: header.controlId,
    messageType: header.type,
    accessionNumber: accession,
    ackCode: answer.ackCode,
    // The issues name fields and codes only, never a value of the message.
    error: answer.issues.length > 0 ? JSON.stringify(answer.issues) : null,
  })
  return { ...answer, replayed: false }
}

/** Records a message refused before any write (AR, or AE found while reading it). */
export async function recordRefusedMessage(
  db: Database,
  header: MessageHeader,
  answer: { ackCode: 'AE' | 'AR'; issues: Hl7Issue[] },
): Promise<AppliedMessage> {
  return db.transaction(
    async (tx) => (await storedAnswer(tx, header)) ?? record(tx, header, null, answer),
  )
}

export async function applyOrderMessage(
  db: Database,
  header: MessageHeader,
  patient: PatientFields,
  items: OrderFields[],
): Promise<AppliedMessage> {
  const accession = items[0]?.accessionNumber ?? null
  try {
    return await db.transaction(async (tx) => {
      const seen = await storedAnswer(tx, header)
      if (seen) return seen
      // Accessions in one order: two messages naming the same ones never wait on each other in a circle.
      for (const name of [...new Set(items.map((item) => item.accessionNumber))].sort()) {
        await lockName(tx, `hl7-accession:${name}`)
      }
      const patientId = await upsertPatient(tx, patient)
      for (const [index, item] of items.entries()) {
        if (item.control === 'CA') await cancelOrder(tx, item, index + 1)
        else await upsertOrder(tx, patientId, item)
      }
      return record(tx, header, accession, { ackCode: 'AA', issues: [] })
    })
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    return recordRefusedMessage(db, header, { ackCode: 'AE', issues: error.issues })
  }
}

async function upsertPatient(tx: Tx, patient: PatientFields): Promise<string> {
  const values = {
    firstName: patient.firstName,
    lastName: patient.lastName,
    dateOfBirth: patient.dateOfBirth,
    sex: patient.sex,
  }
  const [inserted] = await tx
    .insert(patients)
    .values({ id: randomUUID(), mrn: patient.mrn, ...values })
    .onConflictDoNothing({ target: patients.mrn })
    .returning({ id: patients.id })
  if (inserted) return inserted.id
  const [changed] = await tx
    .update(patients)
    .set(values)
    .where(
      and(
        eq(patients.mrn, patient.mrn),
        sql`(${patients.firstName}, ${patients.lastName}, ${patients.dateOfBirth}, ${patients.sex})
          is distinct from (${values.firstName}, ${values.lastName}, ${values.dateOfBirth}::date, ${values.sex})`,
      ),
    )
    .returning({ id: patients.id })
  if (changed) {
    // A patient's name is part of each of their orders on the worklist: tell the live streams.
    await tx.execute(sql`insert into ${orderEvents} ("tx", "order_id", "type")
      select txid_current(), ${orders.id}, 'order.updated' from ${orders}
      where ${orders.patientId} = ${changed.id}`)
    return changed.id
  }
  const [existing] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.mrn, patient.mrn))
  if (!existing) throw new Error('patient vanished under its lock')
  return existing.id
}

async function upsertOrder(tx: Tx, patientId: string, item: OrderFields): Promise<void> {
  const values = {
    patientId,
    modality: item.modality,
    bodyPart: item.bodyPart,
    studyDescription: item.studyDescription,
    priority: item.priority,
    indication: item.indication,
    orderedAt: item.orderedAt,
    studyInstanceUid: item.studyInstanceUid,
  }
  const [existing] = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.accessionNumber, item.accessionNumber))
  if (!existing) {
    await tx.insert(orders).values({
      id: randomUUID(),
      accessionNumber: item.accessionNumber,
      status: SCHEDULED_STATUS,
      originalStatus: SCHEDULED_STATUS,
      ...values,
    })
    return
  }
  // A new order for a cancelled accession brings it back.
  const revived =
    existing.status === CANCELLED_STATUS
      ? { status: SCHEDULED_STATUS, originalStatus: SCHEDULED_STATUS }
      : {}
  await tx
    .update(orders)
    .set({ ...values, ...revived })
    .where(
      and(
        eq(orders.id, existing.id),
        sql`(${orders.patientId}, ${orders.modality}, ${orders.bodyPart}, ${orders.studyDescription},
          ${orders.priority}, ${orders.indication}, ${orders.orderedAt}, ${orders.studyInstanceUid}, ${orders.status})
          is distinct from (${patientId}, ${values.modality}, ${values.bodyPart}, ${values.studyDescription},
          ${values.priority}, ${values.indication}, ${values.orderedAt.toISOString()}::timestamptz,
          ${values.studyInstanceUid}::text, ${revived.status ?? existing.status})`,
      ),
    )
}

/** CA: the order leaves the worklist; it and anything written about it are kept. */
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
