/**
 * A received message read into what Readout stores, or the problems that refuse it, each naming
 * its field (ERR-2) with its HL7 table 0357 code: an order message (ORM^O01, or OMI^O23 under IHE
 * Scheduled Workflow; v2.3 to v2.5.1), or a patient message of the ADT feed (./patientMessage.ts).
 * Reading only: ../../usecases/receiveOrder.ts applies it in one transaction.
 */
import { Hl7Message } from '@medplum/core'
import { textOf } from './fields'
import type {
  Hl7Issue,
  MessageHeader,
  OrderFields,
  PatientFields,
  PatientMerge,
  PatientUpdate,
} from '../../domain/hl7'
import { issue } from './issues'
import { orderGroups, readOrder, type ReadOptions } from './orderGroup'
import { DEFAULT_MRN_RULE, readPatient } from './patientIdentity'
import { PATIENT_EVENTS, readPatientMessage } from './patientMessage'

export const SUPPORTED_VERSIONS = ['2.3', '2.3.1', '2.4', '2.5', '2.5.1']
const ORDER_TYPES = ['ORM^O01', 'OMI^O23']
const PATIENT_TYPES = PATIENT_EVENTS.map((event) => `ADT^${event}`)

export type ReadMessage =
  | { kind: 'not-hl7' }
  | {
      kind: 'refused'
      message: Hl7Message
      header: MessageHeader
      ackCode: 'AR' | 'AE'
      issues: Hl7Issue[]
    }
  | {
      kind: 'orders'
      message: Hl7Message
      header: MessageHeader
      patient: PatientFields
      orders: OrderFields[]
      /** When it arrived: the ordered time of a new order that names none. */
      receivedAt: Date
    }
  | {
      kind: 'patient'
      message: Hl7Message
      header: MessageHeader
      change: PatientUpdate | PatientMerge
    }

export function parseHl7(text: string): Hl7Message | null {
  // Some senders end segments with LF or CR LF; HL7 says CR.
  const normalized = text.replace(/\r\n|\n/g, '\r').replace(/^\s+/, '')
  if (!normalized.startsWith('MSH') || normalized.length < 8) return null
  try {
    return Hl7Message.parse(normalized.replace(/\r+$/, ''))
  } catch {
    return null
  }
}

export function readOrderMessage(text: string, options: ReadOptions): ReadMessage {
  const message = parseHl7(text)
  if (!message) return { kind: 'not-hl7' }
  const msh = message.header
  const header: MessageHeader = {
    sender: `${textOf(msh, 3)}|${textOf(msh, 4)}`,
    controlId: textOf(msh, 10),
    type: `${textOf(msh, 9, 1)}^${textOf(msh, 9, 2)}`,
  }
  const refuse = (ackCode: 'AR' | 'AE', ...issues: Hl7Issue[]): ReadMessage => ({
    kind: 'refused',
    message,
    header,
    ackCode,
    issues,
  })
  if (header.controlId === '')
    return refuse('AR', issue('MSH', 1, 10, 101, 'MSH-10 (message control id) is required.'))
  const supported = [...ORDER_TYPES, ...PATIENT_TYPES]
  if (!supported.includes(header.type)) {
    // An ADT event we do not act on is an unsupported event (201), not an unsupported type.
    const code = header.type.startsWith('ADT^') ? 201 : 200
    return refuse('AR', issue('MSH', 1, 9, code, `Only ${supported.join(', ')} are accepted here.`))
  }
  const processingId = textOf(msh, 11).toUpperCase()
  if (!options.processingIds.includes(processingId)) {
    return refuse(
      'AR',
      issue('MSH', 1, 11, 202, `Processing id must be ${options.processingIds.join(' or ')}.`),
    )
  }
  const version = textOf(msh, 12)
  if (!SUPPORTED_VERSIONS.includes(version)) {
    return refuse(
      'AR',
      issue('MSH', 1, 12, 203, `HL7 versions ${SUPPORTED_VERSIONS.join(', ')} are accepted.`),
    )
  }
  const issues: Hl7Issue[] = []
  const rule = options.mrn ?? DEFAULT_MRN_RULE
  if (PATIENT_TYPES.includes(header.type)) {
    const change = readPatientMessage(message, textOf(msh, 9, 2), rule, issues)
    if (issues.length > 0 || !change) return refuse('AE', ...issues)
    return { kind: 'patient', message, header, change }
  }
  const patient = readPatient(message.getSegment('PID'), rule, issues)
  const groups = orderGroups(message)
  if (groups.length === 0) issues.push(issue('ORC', 1, 1, 100, 'The message holds no ORC segment.'))
  const orders = groups.map((group, index) => readOrder(group, index + 1, options, issues))
  if (issues.length > 0 || !patient) return refuse('AE', ...issues)
  return {
    kind: 'orders',
    message,
    header,
    patient,
    orders: orders.filter((o) => o !== null),
    receivedAt: options.now,
  }
}
