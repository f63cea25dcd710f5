/**
 * One order of an order message: an ORC with the OBR, TQ1, IPC and ZDS that follow it, read into
 * the fields Readout stores, or the problems that refuse it (./issues.ts), each naming its field.
 */
import type { Hl7Message, Hl7Segment } from '@medplum/core'
import { ORDER_LIMITS, type Priority } from '../../../contract'
import { parseDtm, repetitionsOf, textOf } from './fields'
import type { Hl7Issue, OrderControl, OrderFields } from '../../domain/hl7'
import { issue } from './issues'
import type { MrnRule } from './patientIdentity'
import { checkLength, fieldState, firstSent, sentOf } from './sentValues'

export interface ReadOptions {
  timeZone: string
  processingIds: string[]
  now: Date
  /** Which PID-3 identifier is the MRN (INT-51); MR of any authority when not given. */
  mrn?: MrnRule
}

export interface OrderGroup {
  orc: Hl7Segment
  obr?: Hl7Segment
  tq1?: Hl7Segment
  ipc?: Hl7Segment
  zds?: Hl7Segment
}

/** Each ORC with the segments that follow it up to the next ORC (OBR, TQ1, IPC, ZDS). */
export function orderGroups(message: Hl7Message): OrderGroup[] {
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

const CONTROLS: readonly OrderControl[] = ['NW', 'XO', 'CA', 'DC', 'OC', 'SC']
/** CA (placer cancels), DC (discontinued) and OC (filler cancelled): the order leaves (INT-54). */
export const CANCELLING: readonly OrderControl[] = ['CA', 'DC', 'OC']

/** Both ORC-2/OBR-2 (or -3) as sent: ORC's first, then OBR's. */
const orderNumber = (orc: Hl7Segment, obr: Hl7Segment | undefined, field: number) =>
  firstSent(sentOf(orc, field), sentOf(obr, field))

export function readOrder(
  group: OrderGroup,
  n: number,
  options: ReadOptions,
  issues: Hl7Issue[],
): OrderFields | null {
  const { orc, obr, tq1, ipc, zds } = group
  const before = issues.length
  const at = (segment: string, field: number, name: string) => ({
    segment,
    sequence: n,
    field,
    name,
  })
  const rawControl = textOf(orc, 1).toUpperCase()
  const control = CONTROLS.find((c) => c === rawControl)
  if (rawControl === '') issues.push(issue('ORC', n, 1, 101, 'ORC-1 (order control) is required.'))
  else if (!control) {
    issues.push(issue('ORC', n, 1, 103, `ORC-1 (order control) must be ${CONTROLS.join(', ')}.`))
  }
  // The accession: OBR-18 or IPC-1, else the filler's order number, else (senders that carry
  // nothing more) the placer's.
  const accessionNumber =
    [
      sentOf(obr, 18),
      sentOf(ipc, 1),
      sentOf(obr, 3),
      sentOf(orc, 3),
      sentOf(obr, 2),
      sentOf(orc, 2),
    ].find((value) => typeof value === 'string') ?? ''
  if (accessionNumber === '') {
    issues.push(
      issue('OBR', n, 18, 101, 'An accession number is required (OBR-18, IPC-1 or OBR-3).'),
    )
  }
  checkLength(
    accessionNumber,
    ORDER_LIMITS.accessionChars,
    at('OBR', 18, 'accession number'),
    issues,
  )
  if (!control || issues.length > before) return null
  // Cancels and status changes name their order and change nothing of it (INT-54).
  if (control !== 'NW' && control !== 'XO') return { control, accessionNumber }
  const order: OrderFields = {
    control,
    accessionNumber,
    placerOrderNumber: orderNumber(orc, obr, 2),
    fillerOrderNumber: orderNumber(orc, obr, 3),
  }
  checkLength(
    order.placerOrderNumber,
    ORDER_LIMITS.orderNumberChars,
    at('ORC', 2, 'placer order number'),
    issues,
  )
  checkLength(
    order.fillerOrderNumber,
    ORDER_LIMITS.orderNumberChars,
    at('ORC', 3, 'filler order number'),
    issues,
  )
  readService(obr, n, order, issues)
  const modality = firstSent(sentOf(obr, 24), sentOf(ipc, 5))
  if (modality === null) {
    issues.push(issue('OBR', n, 24, 101, 'The modality (OBR-24 or IPC-5) cannot be deleted.'))
  } else if (modality !== undefined) {
    const code = modality.toUpperCase()
    order.modality = MODALITY_ALIASES[code] ?? code
    checkLength(order.modality, ORDER_LIMITS.modalityChars, at('OBR', 24, 'modality'), issues)
  }
  // OBR-15 is the specimen source; its body site (component 4) or its first component names a
  // part; without it, the description (when sent) does.
  const site = firstSent(sentOf(obr, 15, 4), sentOf(obr, 15, 1))
  if (typeof site === 'string') order.bodyPart = site.toLowerCase()
  else if (order.studyDescription !== undefined) order.bodyPart = bodyPartOf(order.studyDescription)
  checkLength(order.bodyPart, ORDER_LIMITS.bodyPartChars, at('OBR', 15, 'body site'), issues)
  // TQ1-9, else the quantity/timing of OBR-27 or (v2.3 senders) ORC-7.
  const priority = tq1 ? sentOf(tq1, 9) : firstSent(sentOf(obr, 27, 6), sentOf(orc, 7, 6))
  if (priority !== undefined)
    order.priority = PRIORITIES[(priority ?? '').toUpperCase()] ?? 'routine'
  readStudyUid(ipc, zds, n, order, issues)
  const indication = fieldState(obr, 31)
  if (indication !== 'absent') {
    order.indication = Array.from(
      { length: indication === 'null' ? 0 : repetitionsOf(obr, 31) },
      (_, r) => textOf(obr, 31, 2, r) || textOf(obr, 31, 1, r),
    )
      .filter(Boolean)
      .join('; ')
    checkLength(
      order.indication,
      ORDER_LIMITS.indicationChars,
      at('OBR', 31, 'reason for study'),
      issues,
    )
  }
  readOrderedAt(orc, obr, n, options, order, issues)
  return issues.length > before ? null : order
}

/** OBR-4: the description (its text, else its alternate text, else a code) and the code. */
function readService(
  obr: Hl7Segment | undefined,
  n: number,
  order: OrderFields,
  issues: Hl7Issue[],
) {
  const state = fieldState(obr, 4)
  if (state === 'absent') return
  const description = firstSent(
    sentOf(obr, 4, 2),
    sentOf(obr, 4, 5),
    sentOf(obr, 4, 1),
    sentOf(obr, 4, 4),
  )
  if (state === 'null' || typeof description !== 'string') {
    issues.push(issue('OBR', n, 4, 101, 'OBR-4 (universal service id) cannot be deleted.'))
    return
  }
  order.studyDescription = description
  // OBR-4 sent is one coded value: a part it leaves out is gone.
  order.procedureCode = textOf(obr, 4, 1) || null
  order.procedureCodingSystem = textOf(obr, 4, 3) || null
  const at = (name: string) => ({ segment: 'OBR', sequence: n, field: 4, name })
  checkLength(description, ORDER_LIMITS.descriptionChars, at('universal service id'), issues)
  checkLength(order.procedureCode, ORDER_LIMITS.procedureCodeChars, at('procedure code'), issues)
  checkLength(
    order.procedureCodingSystem,
    ORDER_LIMITS.codingSystemChars,
    at('coding system'),
    issues,
  )
}

/** The Study Instance UID: IPC-3 (OMI) or ZDS-1 (ORM), checked to be a DICOM UID. */
function readStudyUid(
  ipc: Hl7Segment | undefined,
  zds: Hl7Segment | undefined,
  n: number,
  order: OrderFields,
  issues: Hl7Issue[],
) {
  const fromIpc = sentOf(ipc, 3)
  const uid = firstSent(fromIpc, sentOf(zds, 1))
  if (uid === undefined) return
  if (uid !== null && (uid.length > 64 || !UID.test(uid))) {
    issues.push(
      typeof fromIpc === 'string'
        ? issue('IPC', n, 3, 102, 'IPC-3 is not a DICOM UID.')
        : issue('ZDS', n, 1, 102, 'ZDS-1 is not a DICOM UID.'),
    )
    return
  }
  order.studyInstanceUid = uid
}

/** ORC-9, else OBR-6; a new order sent neither is ordered when it was received. */
function readOrderedAt(
  orc: Hl7Segment,
  obr: Hl7Segment | undefined,
  n: number,
  options: ReadOptions,
  order: OrderFields,
  issues: Hl7Issue[],
) {
  const fromOrc = sentOf(orc, 9)
  const [segment, field, value] =
    fromOrc !== undefined ? ['ORC', 9, fromOrc] : (['OBR', 6, sentOf(obr, 6)] as const)
  if (value === undefined) return
  if (value === null) {
    issues.push(
      issue(segment, n, field, 101, `${segment}-${field} (ordered time) cannot be deleted.`),
    )
    return
  }
  const orderedAt = parseDtm(value, options.timeZone)
  if (orderedAt) order.orderedAt = orderedAt
  else
    issues.push(issue(segment, n, field, 102, `${segment}-${field} is not an HL7 date and time.`))
}
