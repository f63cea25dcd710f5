/**
 * Order messages for the HL7 tests, built field by field as a RIS writes them, and reads of what
 * the server stored.
 */
import { Hl7Message } from '@medplum/core'
import { eq } from 'drizzle-orm'
import type { Database } from '../../../server/db/client'
import { hl7Inbound, orders, patients } from '../../../server/db/schema'

let counter = 0

export interface OrmOptions {
  control?: string
  controlId?: string
  accession?: string
  mrn?: string
  family?: string
  given?: string
  birth?: string
  sex?: string
  description?: string
  modality?: string
  priority?: string
  orderedAt?: string
  indication?: string
  type?: string
  processingId?: string
  version?: string
  uid?: string
}

/** An ORM^O01 (v2.3) with one order; every field can be changed or emptied. */
export function orm(options: OrmOptions = {}): string {
  counter += 1
  const o = {
    control: 'NW',
    controlId: `CTRL${Date.now()}${counter}`,
    accession: `ACC${Date.now()}${counter}`,
    mrn: `MRN${Date.now()}${counter}`,
    family: 'Testpatient',
    given: 'Ada',
    birth: '19700214',
    sex: 'F',
    description: 'CT CHEST WITH CONTRAST',
    modality: 'CT',
    priority: 'R',
    orderedAt: '20261125083000-0500',
    indication: 'Cough',
    type: 'ORM^O01',
    processingId: 'P',
    version: '2.3',
    uid: '',
    ...options,
  }
  const obr = [
    'OBR',
    '1',
    `P${o.accession}`,
    `F${o.accession}`,
    `71260^${o.description}^C4`,
    '',
    '',
    '',
    ...Array<string>(10).fill(''),
    o.accession,
    '',
    '',
    '',
    '',
    '',
    o.modality,
    '',
    '',
    `^^^^^${o.priority}`,
    '',
    '',
    '',
    `^${o.indication}`,
  ].join('|')
  return [
    `MSH|^~\\&|RIS|HOSP|READOUT|RAD|20261125083000||${o.type}|${o.controlId}|${o.processingId}|${o.version}`,
    `PID|1||${o.mrn}^^^HOSP^MR||${o.family}^${o.given}||${o.birth}|${o.sex}`,
    `ORC|${o.control}|P${o.accession}|F${o.accession}||SC||||${o.orderedAt}`,
    obr,
    ...(o.uid ? [`ZDS|${o.uid}^^Application^DICOM`] : []),
  ].join('\r')
}

export async function orderByAccession(db: Database, accession: string) {
  const [row] = await db
    .select({ order: orders, patient: patients })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .where(eq(orders.accessionNumber, accession))
  return row
}

export async function patientByMrn(db: Database, mrn: string) {
  const [row] = await db.select().from(patients).where(eq(patients.mrn, mrn))
  return row
}

export async function inboundCount(db: Database): Promise<number> {
  return (await db.select({ id: hl7Inbound.id }).from(hl7Inbound)).length
}

/**
 * Results settings that make retries quick in tests. The ACK timeout stays well above what a
 * loopback ACK takes on a busy 2-core machine: an ACK later than it is a failed attempt, and the
 * result is sent again (at least once, as MLLP delivers), which the tests that count receptions
 * would see.
 */
export const FAST = {
  HL7_ACK_TIMEOUT_MS: '2000',
  HL7_RETRY_MIN_MS: '50',
  HL7_RETRY_MAX_MS: '200',
  HL7_OUTBOX_POLL_MS: '50',
}

export const sections = (findings: string, impression = 'No acute findings.') => ({
  history: 'Cough for two weeks.',
  technique: 'PA and lateral views.',
  comparison: '',
  findings,
  impression,
})

/** An independent reading of HL7 escapes (the test does not use the server's own). */
export const unescape = (value: string) =>
  value
    .replaceAll('\\F\\', '|')
    .replaceAll('\\S\\', '^')
    .replaceAll('\\T\\', '&')
    .replaceAll('\\R\\', '~')
    .replaceAll('\\E\\', '\\')

export const controlIdOf = (message: string) =>
  Hl7Message.parse(message).header.getField(10).toString()
export const accessionOf = (message: string) =>
  Hl7Message.parse(message).getSegment('OBR')?.getField(18).toString() ?? ''
