/**
 * An order message (ORM^O01, or OMI^O23 under IHE Scheduled Workflow; v2.3 to v2.5.1) read into
 * what Readout stores, or the problems that refuse it, each naming its field (ERR-2) with its
 * HL7 table 0357 code. Reading only: ../../usecases/receiveOrder.ts applies it in one transaction.
 */
import { Hl7Message, type Hl7Segment } from '@medplum/core'
import type { Sex } from '../../../contract'
import { parseBirthDate, textOf } from './fields'
import type { Hl7Issue, MessageHeader, OrderFields, PatientFields } from '../../domain/hl7'
import { issue } from './issues'
import { orderGroups, readOrder, type ReadOptions } from './orderGroup'

export const SUPPORTED_VERSIONS = ['2.3', '2.3.1', '2.4', '2.5', '2.5.1']
const SUPPORTED_TYPES = ['ORM^O01', 'OMI^O23']

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
  if (!SUPPORTED_TYPES.includes(header.type)) {
    return refuse(
      'AR',
      issue('MSH', 1, 9, 200, `Only ${SUPPORTED_TYPES.join(' and ')} are accepted here.`),
    )
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
  const patient = readPatient(message.getSegment('PID'), issues)
  const groups = orderGroups(message)
  if (groups.length === 0) issues.push(issue('ORC', 1, 1, 100, 'The message holds no ORC segment.'))
  const orders = groups.map((group, index) => readOrder(group, index + 1, options, issues))
  if (issues.length > 0 || !patient) return refuse('AE', ...issues)
  return { kind: 'orders', message, header, patient, orders: orders.filter((o) => o !== null) }
}

const SEX: Record<string, Sex> = {
  F: 'female',
  M: 'male',
  O: 'other',
  A: 'other',
  U: 'unknown',
  N: 'unknown',
}

function readPatient(pid: Hl7Segment | undefined, issues: Hl7Issue[]): PatientFields | null {
  if (!pid) {
    issues.push(issue('PID', 1, 3, 100, 'The message holds no PID segment.'))
    return null
  }
  const mrn = textOf(pid, 3, 1, 0)
  const lastName = textOf(pid, 5, 1)
  const firstName = [textOf(pid, 5, 2), textOf(pid, 5, 3)].filter(Boolean).join(' ')
  const birth = textOf(pid, 7)
  const dateOfBirth = parseBirthDate(birth)
  const sexCode = textOf(pid, 8).toUpperCase()
  const before = issues.length
  if (mrn === '') issues.push(issue('PID', 1, 3, 101, 'PID-3 (patient identifier) is required.'))
  if (lastName === '')
    issues.push(issue('PID', 1, 5, 101, 'PID-5 (patient family name) is required.'))
  if (birth === '') issues.push(issue('PID', 1, 7, 101, 'PID-7 (date of birth) is required.'))
  else if (!dateOfBirth)
    issues.push(issue('PID', 1, 7, 102, 'PID-7 (date of birth) is not a date (YYYYMMDD).'))
  if (sexCode !== '' && !(sexCode in SEX))
    issues.push(issue('PID', 1, 8, 103, 'PID-8 (sex) must be F, M, O, A, U or N.'))
  if (issues.length > before || !dateOfBirth) return null
  return { mrn, mrnAuthority: '', firstName, lastName, dateOfBirth, sex: SEX[sexCode] ?? 'unknown' }
}
