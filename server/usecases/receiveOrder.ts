/**
 * Orders in from the hospital's RIS: an order message the HL7 edge has read (../integration/hl7)
 * is applied in one transaction, or recorded as refused, and answers what its acknowledgement
 * says (INT-1..INT-12). A message without a control id cannot be told from a resend, so it is
 * answered without a record (INT-3 needs one to answer a resend as the first time).
 */
import type { Database } from '../db/client'
import type {
  AppliedMessage,
  Hl7Issue,
  MessageHeader,
  OrderFields,
  PatientFields,
} from '../domain/hl7'
import { applyOrderMessage, recordRefusedMessage } from '../repo/hl7Orders'

/** An order message as the edge read it: refused on reading, or its patient and orders. */
export type ReceivedOrderMessage =
  | { kind: 'refused'; header: MessageHeader; ackCode: 'AR' | 'AE'; issues: Hl7Issue[] }
  | { kind: 'orders'; header: MessageHeader; patient: PatientFields; orders: OrderFields[] }

export async function receiveOrderMessage(
  db: Database,
  read: ReceivedOrderMessage,
): Promise<AppliedMessage> {
  if (read.kind === 'orders') return applyOrderMessage(db, read.header, read.patient, read.orders)
  if (read.header.controlId === '') {
    return { ackCode: read.ackCode, issues: read.issues, replayed: false }
  }
  return recordRefusedMessage(db, read.header, read)
}
