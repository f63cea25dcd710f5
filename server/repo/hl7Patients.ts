/**
 * Patients as the hospital's HL7 messages name them, by MRN: created by the first order that
 * names them, updated by what later messages send (INT-52: a field not sent keeps its value),
 * renamed by the ADT feed (A08, A31: INT-58) and merged (A40: INT-59). A change of demographics
 * tells the live worklist through each of the patient's orders (INT-11).
 */
import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Database, Tx } from '../db/client'
import { orderEvents, orders, patients } from '../db/schema'
import type {
  AppliedMessage,
  MessageHeader,
  PatientFields,
  PatientMerge,
  PatientUpdate,
} from '../domain/hl7'
import { moveFollowUps } from './followUps'
import { applyOnce, Refusal } from './hl7Inbound'

type PatientRow = typeof patients.$inferSelect
type Demographics = Pick<
  PatientRow,
  'mrnAuthority' | 'firstName' | 'lastName' | 'dateOfBirth' | 'sex'
>

const DEMOGRAPHICS = ['mrnAuthority', 'firstName', 'lastName', 'dateOfBirth', 'sex'] as const

/** What `patient` sends that differs from `row` (an authority not named keeps the stored one). */
function changesOf(row: Demographics, patient: PatientFields): Partial<Demographics> {
  const sent: Partial<Demographics> = {
    ...(patient.mrnAuthority !== '' && { mrnAuthority: patient.mrnAuthority }),
    ...(patient.firstName !== undefined && { firstName: patient.firstName }),
    ...(patient.lastName !== undefined && { lastName: patient.lastName }),
    ...(patient.dateOfBirth !== undefined && { dateOfBirth: patient.dateOfBirth }),
    ...(patient.sex !== undefined && { sex: patient.sex }),
  }
  return Object.fromEntries(
    DEMOGRAPHICS.filter((key) => key in sent && sent[key] !== row[key]).map((key) => [
      key,
      sent[key],
    ]),
  )
}

/** Writes what changed of a patient, and tells the live streams of each of their orders. */
async function updateDemographics(
  tx: Tx,
  row: PatientRow,
  patient: PatientFields,
): Promise<boolean> {
  const changes = changesOf(row, patient)
  if (Object.keys(changes).length === 0) return false
  await tx.update(patients).set(changes).where(eq(patients.id, row.id))
  await tellOrdersOf(tx, row.id)
  return true
}

/** A patient's name is part of each of their orders on the worklist: an event per order. */
const tellOrdersOf = (tx: Tx, patientId: string) =>
  tx.execute(sql`insert into ${orderEvents} ("tx", "order_id", "type")
    select txid_current(), ${orders.id}, 'order.updated' from ${orders}
    where ${orders.patientId} = ${patientId}`)

const patientByMrn = async (tx: Tx, mrn: string) =>
  (await tx.select().from(patients).where(eq(patients.mrn, mrn)).for('update'))[0]

/**
 * The patient of an order message, updated with what it sends; created when `mayCreate` (a new
 * patient needs PID-5: AE 101). Null when unknown and not to be created (a cancel, INT-57).
 */
export async function upsertPatient(
  tx: Tx,
  patient: PatientFields,
  mayCreate: boolean,
): Promise<string | null> {
  const existing = await patientByMrn(tx, patient.mrn)
  if (existing) {
    await updateDemographics(tx, existing, patient)
    return existing.id
  }
  if (!mayCreate) return null
  if (patient.lastName === undefined) {
    throw new Refusal([
      { location: 'PID^1^5', code: 101, text: 'PID-5 (patient family name) is required.' },
    ])
  }
  const [inserted] = await tx
    .insert(patients)
    .values({
      id: randomUUID(),
      mrn: patient.mrn,
      mrnAuthority: patient.mrnAuthority,
      firstName: patient.firstName ?? '',
      lastName: patient.lastName,
      dateOfBirth: patient.dateOfBirth ?? null,
      sex: patient.sex ?? 'unknown',
    })
    .onConflictDoNothing({ target: patients.mrn })
    .returning({ id: patients.id })
  if (inserted) return inserted.id
  // Another message created them meanwhile: theirs, updated with ours.
  const created = await patientByMrn(tx, patient.mrn)
  if (!created) throw new Error('patient vanished under its lock')
  await updateDemographics(tx, created, patient)
  return created.id
}

/**
 * ADT^A08/A31: the demographics of a patient Readout holds. A patient it does not hold is no
 * error (the ADT feed names every patient of the hospital): acknowledged, nothing stored; their
 * first order brings them with its own PID.
 */
export function applyPatientUpdate(
  db: Database,
  header: MessageHeader,
  update: PatientUpdate,
): Promise<AppliedMessage> {
  return applyOnce(db, header, null, async (tx) => {
    await upsertPatient(tx, update.patient, false)
  })
}

/**
 * ADT^A40: every order of the merged MRN moves to the surviving patient (each move an
 * `order.updated`, by the orders' trigger), and every follow-up (FU-21), who takes PID's
 * demographics. A survivor Readout does
 * not hold yet is the merged patient under the new MRN. A merged MRN it does not hold (never
 * known, or merged before) leaves nothing to move.
 */
export function applyPatientMerge(
  db: Database,
  header: MessageHeader,
  merge: PatientMerge,
): Promise<AppliedMessage> {
  return applyOnce(db, header, null, async (tx) => {
    // Both rows locked in one statement, in MRN order: two merges never wait in a circle.
    const rows = await tx
      .select()
      .from(patients)
      .where(inArray(patients.mrn, [merge.merged.mrn, merge.patient.mrn]))
      .orderBy(patients.mrn)
      .for('update')
    const merged = rows.find((row) => row.mrn === merge.merged.mrn)
    const survivor = rows.find((row) => row.mrn === merge.patient.mrn)
    if (!merged) {
      if (survivor) await updateDemographics(tx, survivor, merge.patient)
      return
    }
    if (!survivor) {
      await tx.update(patients).set({ mrn: merge.patient.mrn }).where(eq(patients.id, merged.id))
      const renamed = { ...merged, mrn: merge.patient.mrn }
      if (!(await updateDemographics(tx, renamed, merge.patient))) await tellOrdersOf(tx, merged.id)
      return
    }
    await tx.update(orders).set({ patientId: survivor.id }).where(eq(orders.patientId, merged.id))
    await moveFollowUps(tx, merged.id, survivor.id)
    await updateDemographics(tx, survivor, merge.patient)
  })
}
