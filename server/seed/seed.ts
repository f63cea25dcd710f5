/**
 * Loads the demo worklist into an empty database, and adds synthetic orders on request.
 *
 * Both run in one transaction under an advisory lock: two server instances starting together on
 * one PostgreSQL seed once, and two synthetic runs never read the same "largest accession number".
 * Synthetic orders for patients already held complete the open follow-ups they fulfil, as an
 * order from the RIS does (FU-20); the demo seed fills an empty database, where none is open.
 */
import { randomUUID } from 'node:crypto'
import { count, desc, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database, Tx } from '../db/client'
import { orders, patients } from '../db/schema'
import { completeByOrders } from '../repo/followUps'
import { ageAt } from './catalogue'
import { DEMO_ORDERS, DEMO_PATIENTS } from './data'
import { createRandom } from './random'
import { seededStudyUid } from './studyUid'
import { makeSyntheticPatient, planSyntheticOrders, type OrderCandidate } from './synthetic'

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters, few enough round trips. */
const BATCH_SIZE = 500
/** Any constant works; it only has to be the same for every process that seeds. */
const SEED_LOCK = 'select pg_advisory_xact_lock(727100001)'
/** Synthetic patients aim for this many orders each, as a busy department would see. */
const ORDERS_PER_PATIENT = 3
/** Synthetic numbers start above every demo number (demo MRNs are below 5,000,000). */
const SYNTHETIC_MRN_FLOOR = 5_000_000
const SYNTHETIC_ACCESSION_FLOOR = 26_200_000
const HOUR_MS = 3_600_000

export interface SeedOptions {
  /** The moment the worklist is seeded; order times are set relative to it. */
  now?: Date
  /** DEPARTMENT_TIME_ZONE: the day an order is placed on, for a follow-up's window (UTC). */
  timeZone?: string
}

export type SeedDemoResult = { skipped: true } | { patients: number; orders: number }

export interface SyntheticResult {
  orders: number
  /** Synthetic patients created so the new orders are not piled onto a few people. */
  patients: number
  firstAccession: string | null
  lastAccession: string | null
}

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await insert(rows.slice(start, start + BATCH_SIZE))
  }
}

const toMinute = (ms: number) => new Date(Math.round(ms / 60_000) * 60_000)

/** Inserts the demo patients and orders when there are no patients yet. */
export async function seedDemoData(
  db: Database,
  options: SeedOptions = {},
): Promise<SeedDemoResult> {
  const now = options.now ?? new Date()
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(SEED_LOCK))
    const [existing] = await tx.select({ n: count() }).from(patients)
    if ((existing?.n ?? 0) > 0) return { skipped: true }

    const patientRows = DEMO_PATIENTS.map((p) => ({ id: randomUUID(), ...p }))
    const idByMrn = new Map(patientRows.map((p) => [p.mrn, p.id]))
    const orderRows = DEMO_ORDERS.map((o) => {
      const patientId = idByMrn.get(o.patientMrn)
      if (patientId === undefined) throw new Error(`Demo order ${o.accessionNumber} has no patient`)
      return {
        id: randomUUID(),
        patientId,
        status: o.status,
        originalStatus: o.status,
        modality: o.modality,
        bodyPart: o.bodyPart,
        studyDescription: o.studyDescription,
        priority: o.priority,
        accessionNumber: o.accessionNumber,
        // Demo studies have images to open (INT-96): each its own stable UID.
        studyInstanceUid: seededStudyUid(o.accessionNumber),
        indication: o.indication,
        orderedAt: toMinute(now.getTime() - o.hoursAgo * HOUR_MS),
      }
    })
    await insertInBatches(patientRows, (batch) => tx.insert(patients).values(batch))
    await insertInBatches(orderRows, (batch) => tx.insert(orders).values(batch))
    return { patients: patientRows.length, orders: orderRows.length }
  })
}

/** The largest number among values shaped `<prefix><digits>`, or null when there is none. */
async function largestNumber(
  tx: Tx,
  table: PgTable,
  column: PgColumn,
  prefix: string,
): Promise<number | null> {
  const pattern = `^${prefix}[0-9]+$`
  const numbered: SQL = sql`${column} ~ ${pattern}`
  const [row] = await tx
    .select({ value: sql<string>`${column}` })
    .from(table)
    .where(numbered)
    // Longer digit strings are larger numbers; equal lengths compare as text.
    .orderBy(desc(sql`length(${column})`), desc(column))
    .limit(1)
  return row ? Number(row.value.slice(prefix.length)) : null
}

/**
 * Adds `n` plausible orders for existing patients, creating synthetic patients when there are
 * too few to carry them. Accession numbers continue from the largest one in the database, so
 * repeated runs never collide.
 */
export async function addSyntheticOrders(
  db: Database,
  n: number,
  options: SeedOptions = {},
): Promise<SyntheticResult> {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`Order count must be a whole number >= 0, got ${n}`)
  const now = options.now ?? new Date()
  if (n === 0) return { orders: 0, patients: 0, firstAccession: null, lastAccession: null }

  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(SEED_LOCK))
    const firstAccessionNumber =
      Math.max(
        (await largestNumber(tx, orders, orders.accessionNumber, 'A')) ?? 0,
        SYNTHETIC_ACCESSION_FLOOR,
      ) + 1
    // Seeded from the database's state: the same database gets the same additions.
    const random = createRandom(firstAccessionNumber * 31 + n)

    const known = await tx
      .select({ id: patients.id, sex: patients.sex, dateOfBirth: patients.dateOfBirth })
      .from(patients)
    const perPatient = await tx
      .select({ patientId: orders.patientId, n: count() })
      .from(orders)
      .groupBy(orders.patientId)
    const load = new Map(perPatient.map((row) => [row.patientId, row.n]))
    const existingOrders = perPatient.reduce((sum, row) => sum + row.n, 0)
    const missing = Math.max(0, Math.ceil((existingOrders + n) / ORDERS_PER_PATIENT) - known.length)

    let mrn = Math.max(
      (await largestNumber(tx, patients, patients.mrn, 'MRN')) ?? 0,
      SYNTHETIC_MRN_FLOOR,
    )
    const newPatients = Array.from({ length: missing }, () => ({
      id: randomUUID(),
      mrn: `MRN${String(++mrn).padStart(7, '0')}`,
      ...makeSyntheticPatient(random, now),
    }))
    await insertInBatches(newPatients, (batch) => tx.insert(patients).values(batch))

    const candidates: OrderCandidate[] = [...known, ...newPatients].map((p) => ({
      id: p.id,
      sex: p.sex,
      age: p.dateOfBirth === null ? 0 : ageAt(p.dateOfBirth, now),
      orders: load.get(p.id) ?? 0,
    }))
    let accession = firstAccessionNumber
    const rows = planSyntheticOrders(random, candidates, n, now).map((planned) => {
      const accessionNumber = `A${String(accession++).padStart(8, '0')}`
      return {
        id: randomUUID(),
        ...planned,
        originalStatus: planned.status,
        accessionNumber,
        studyInstanceUid: seededStudyUid(accessionNumber),
      }
    })
    await insertInBatches(rows, async (batch) => {
      await tx.insert(orders).values(batch)
      await completeByOrders(tx, batch, options.timeZone ?? 'UTC', now)
    })
    return {
      orders: rows.length,
      patients: newPatients.length,
      firstAccession: rows[0]?.accessionNumber ?? null,
      lastAccession: rows.at(-1)?.accessionNumber ?? null,
    }
  })
}
