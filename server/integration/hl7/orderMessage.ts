/**
 * An order message (ORM^O01, or OMI^O23 under IHE Scheduled Workflow; v2.3 to v2.5.1) read into
 * what Readout stores, or the problems that refuse it, each naming its field (ERR-2) with its
 * HL7 table 0357 code. Reading only: ../../repo/hl7Orders.ts applies it in one transaction.
 */
import { Hl7Message, type Hl7Segment } from '@medplum/core'
import type { Priority, Sex } from '../../../contract'
import { parseBirthDate, parseDtm, repetitionsOf, textOf } from './fields'

export const SUPPORTED_VERSIONS = ['2.3', '2.3.1', '2.4', '2.5', '2.5.1']
const SUPPORTED_TYPES = ['ORM^O01', 'OMI^O23']

/** HL7 table 0357 (message error condition codes) as far as we answer them. */
export const ERROR_CODES = {
  100: 'Segment sequence error',
  101: 'Required field missing',
  102: 'Data type error',
  103: 'Table value not found',
  200: 'Unsupported message type',
  201: 'Unsupported event code',
  202: 'Unsupported processing id',
  203: 'Unsupported version id',
  204: 'Unknown key identifier',
  207: 'Application internal error',
} as const
export type ErrorCode = keyof typeof ERROR_CODES

/** One problem: where (ERL: segment^sequence^field), its 0357 code, and words for a person. */
export interface Hl7Issue {
  location: string
  code: ErrorCode
  text: string
}

export interface MessageHeader {
  /** MSH-3 and MSH-4, joined by '|'. */
  sender: string
  controlId: string
  /** MSH-9 as type^event, e.g. ORM^O01. */
  type: string
}

export interface PatientFields {
  mrn: string
  firstName: string
  lastName: string
  dateOfBirth: string
  sex: Sex
}

export interface OrderFields {
  /** ORC-1: NW creates or updates (XO too), CA cancels. */
  control: 'NW' | 'XO' | 'CA'
  accessionNumber: string
  studyDescription: string
  modality: string
  bodyPart: string
  priority: Priority
  studyInstanceUid: string | null
  indication: string
  orderedAt: Date
}

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

export interface ReadOptions {
  timeZone: string
  processingIds: string[]
  now: Date
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

const issue = (
  segment: string,
  sequence: number,
  field: number,
  code: ErrorCode,
  text: string,
): Hl7Issue => ({
  location: `${segment}^${sequence}^${field}`,
  code,
  text,
})

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
  return { mrn, firstName, lastName, dateOfBirth, sex: SEX[sexCode] ?? 'unknown' }
}

interface OrderGroup {
  orc: Hl7Segment
  obr?: Hl7Segment
  tq1?: Hl7Segment
  ipc?: Hl7Segment
  zds?: Hl7Segment
}

/** Each ORC with the segments that follow it up to the next ORC (OBR, TQ1, IPC, ZDS). */
function orderGroups(message: Hl7Message): OrderGroup[] {
  const groups: OrderGroup[] = []
  for (const segment of message.segments) {
    if (segment.name === 'ORC') groups.push({ orc: segment })
    const group = groups.at(-1)
    if (!group) continue
    const key = segment.name.toLowerCase()
    if ((key === 'obr' || key === 'tq1' || key === 'ipc' || key === 'zds') && !group[key])
      group[key] = segment
  }
  return groups
}

/** CR, DX and DR are all projection radiography: the worklist calls it XR. */
const MODALITY_ALIASES: Record<string, string> = { CR: 'XR', DX: 'XR', DR: 'XR' }

const PRIORITIES: Record<string, Priority> = { S: 'stat', A: 'urgent', R: 'routine', '': 'routine' }

/** Body parts the worklist knows, looked for in a description when OBR-15 names none. */
const BODY_PARTS = [
  'cervical spine',
  'thoracic spine',
  'lumbar spine',
  'whole spine',
  'whole body',
  'abdomen',
  'pelvis',
  'chest',
  'brain',
  'head',
  'neck',
  'sinus',
  'heart',
  'liver',
  'kidney',
  'thyroid',
  'breast',
  'shoulder',
  'elbow',
  'wrist',
  'hand',
  'hip',
  'knee',
  'ankle',
  'foot',
  'leg',
  'arm',
  'scrotum',
  'spine',
]

function bodyPartOf(description: string): string {
  const lower = description.toLowerCase()
  return BODY_PARTS.find((part) => lower.includes(part)) ?? 'unspecified'
}

const UID = /^[0-2](\.(0|[1-9]\d*))+$/

function readOrder(
  group: OrderGroup,
  n: number,
  options: ReadOptions,
  issues: Hl7Issue[],
): OrderFields | null {
  const { orc, obr, tq1, ipc, zds } = group
  const before = issues.length
  const control = textOf(orc, 1).toUpperCase()
  if (control === '') issues.push(issue('ORC', n, 1, 101, 'ORC-1 (order control) is required.'))
  else if (control !== 'NW' && control !== 'XO' && control !== 'CA') {
    issues.push(issue('ORC', n, 1, 103, 'ORC-1 (order control) must be NW, XO or CA.'))
  }
  // The accession: OBR-18 or IPC-1, else the filler's order number, else (senders that carry
  // nothing more) the placer's.
  const accessionNumber =
    textOf(obr, 18) ||
    textOf(ipc, 1) ||
    textOf(obr, 3) ||
    textOf(orc, 3) ||
    textOf(obr, 2) ||
    textOf(orc, 2)
  if (accessionNumber === '') {
    issues.push(
      issue('OBR', n, 18, 101, 'An accession number is required (OBR-18, IPC-1 or OBR-3).'),
    )
  }
  if (control === 'CA') {
    if (issues.length > before) return null
    return {
      control,
      accessionNumber,
      studyDescription: '',
      modality: '',
      bodyPart: '',
      priority: 'routine',
      studyInstanceUid: null,
      indication: '',
      orderedAt: options.now,
    }
  }
  if (!obr) {
    issues.push(issue('OBR', n, 4, 100, 'A new order needs its OBR segment.'))
    return null
  }
  // OBR-4's text, else its alternate text, else a code.
  const studyDescription =
    textOf(obr, 4, 2) || textOf(obr, 4, 5) || textOf(obr, 4, 1) || textOf(obr, 4, 4)
  if (studyDescription === '')
    issues.push(issue('OBR', n, 4, 101, 'OBR-4 (universal service id) is required.'))
  const rawModality = (textOf(obr, 24) || textOf(ipc, 5)).toUpperCase()
  if (rawModality === '')
    issues.push(issue('OBR', n, 24, 101, 'A modality is required (OBR-24 or IPC-5).'))
  // OBR-15 is the specimen source; its body site (component 4) or its first component names a part.
  const site = (textOf(obr, 15, 4) || textOf(obr, 15, 1)).toLowerCase()
  // TQ1-9, else the quantity/timing of OBR-27 or (v2.3 senders) ORC-7.
  const priorityCode = (
    tq1 ? textOf(tq1, 9) : textOf(obr, 27, 6) || textOf(orc, 7, 6)
  ).toUpperCase()
  const priority = PRIORITIES[priorityCode] ?? 'routine'
  const uid = textOf(ipc, 3) || textOf(zds, 1)
  if (uid !== '' && (uid.length > 64 || !UID.test(uid))) {
    issues.push(
      ipc && textOf(ipc, 3)
        ? issue('IPC', n, 3, 102, 'IPC-3 is not a DICOM UID.')
        : issue('ZDS', n, 1, 102, 'ZDS-1 is not a DICOM UID.'),
    )
  }
  const indication = Array.from(
    { length: repetitionsOf(obr, 31) },
    (_, r) => textOf(obr, 31, 2, r) || textOf(obr, 31, 1, r),
  )
    .filter(Boolean)
    .join('; ')
  const orderedField = textOf(orc, 9)
    ? { segment: 'ORC', field: 9, value: textOf(orc, 9) }
    : { segment: 'OBR', field: 6, value: textOf(obr, 6) }
  const orderedAt =
    orderedField.value === '' ? options.now : parseDtm(orderedField.value, options.timeZone)
  if (!orderedAt) {
    issues.push(
      issue(
        orderedField.segment,
        n,
        orderedField.field,
        102,
        `${orderedField.segment}-${orderedField.field} is not an HL7 date and time.`,
      ),
    )
  }
  if (issues.length > before || !orderedAt) return null
  return {
    control: control as 'NW' | 'XO',
    accessionNumber,
    studyDescription,
    modality: MODALITY_ALIASES[rawModality] ?? rawModality,
    bodyPart: site || bodyPartOf(studyDescription),
    priority,
    studyInstanceUid: uid || null,
    indication,
    orderedAt,
  }
}
