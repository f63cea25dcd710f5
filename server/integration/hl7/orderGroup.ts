/**
 * One order of an order message: an ORC with the OBR, TQ1, IPC and ZDS that follow it, read into
 * the fields Readout stores, or the problems that refuse it (./issues.ts), each naming its field.
 */
import type { Hl7Message, Hl7Segment } from '@medplum/core'
import type { Priority } from '../../../contract'
import { parseDtm, repetitionsOf, textOf } from './fields'
import type { Hl7Issue, OrderFields } from '../../domain/hl7'
import { issue } from './issues'

export interface ReadOptions {
  timeZone: string
  processingIds: string[]
  now: Date
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

export function readOrder(
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
  const identity = {
    placerOrderNumber: textOf(orc, 2) || textOf(obr, 2) || null,
    fillerOrderNumber: textOf(orc, 3) || textOf(obr, 3) || null,
    procedureCode: textOf(obr, 4, 1) || null,
    procedureCodingSystem: textOf(obr, 4, 3) || null,
  }
  if (control === 'CA') {
    if (issues.length > before) return null
    return {
      control,
      accessionNumber,
      ...identity,
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
    ...identity,
    studyDescription,
    modality: MODALITY_ALIASES[rawModality] ?? rawModality,
    bodyPart: site || bodyPartOf(studyDescription),
    priority,
    studyInstanceUid: uid || null,
    indication,
    orderedAt,
  }
}
