/**
 * Messages in from the hospital's RIS and ADT feed: an order message or a patient message the
 * HL7 edge has read (../integration/hl7) is applied in one transaction, or recorded as refused,
 * and answers what its acknowledgement says (INT-1..INT-12, INT-51..INT-59). A message without a
 * control id cannot be told from a resend, so it is answered without a record (INT-3 needs one to
 * answer a resend as the first time).
 */
import type { Database } from '../db/client'
import type {
  AppliedMessage,
  Hl7Issue,
  MessageHeader,
  OrderFields,
  PatientFields,
  PatientMerge,
  PatientUpdate,
} from '../domain/hl7'
import { applyOrderMessage, recordRefusedMessage } from '../repo/hl7Orders'
import { applyPatientMerge, applyPatientUpdate } from '../repo/hl7Patients'

/** A message as the edge read it: refused on reading, its patient and orders, or a patient's change. */
export type ReceivedOrderMessage =
  | { kind: 'refused'; header: MessageHeader; ackCode: 'AR' | 'AE'; issues: Hl7Issue[] }
  | {
      kind: 'orders'
      header: MessageHeader
      patient: PatientFields
      orders: OrderFields[]
      receivedAt: Date
    }
  | { kind: 'patient'; header: MessageHeader; change: PatientUpdate | PatientMerge }

export async function receiveOrderMessage(
  db: Database,
  read: ReceivedOrderMessage,
  /** DEPARTMENT_TIME_ZONE: the day a new order is placed on, for a follow-up's window (FU-18). */
  timeZone = 'UTC',
): Promise<AppliedMessage> {
  if (read.kind === 'orders') {
    const { header, patient, orders, receivedAt } = read
    return applyOrderMessage(db, header, patient, orders, receivedAt, timeZone)
  }
  if (read.kind === 'patient') {
    return read.change.kind === 'merge'
      ? applyPatientMerge(db, read.header, read.change)
      : applyPatientUpdate(db, read.header, read.change)
  }
  if (read.header.controlId === '') {
    return { ackCode: read.ackCode, issues: read.issues, replayed: false }
  }
  return recordRefusedMessage(db, read.header, read)
}
