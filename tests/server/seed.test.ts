import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ORDERS, parseSeedArgs, runSeed } from '../../server/cli/seed'
import type { Database, OpenDatabase } from '../../server/db/client'
import { orders, patients } from '../../server/db/schema'
import { STUDIES, ageAt, fits, type Study } from '../../server/seed/catalogue'
import { addSyntheticOrders, seedDemoData } from '../../server/seed/seed'
import { seededStudyUid } from '../../server/seed/studyUid'
import { onPostgres, openTestDatabase, skipDatabase } from '../support/testDatabase'

const NOW = new Date('2026-11-21T09:00:00Z')
const HOUR_MS = 3_600_000

type PatientRow = typeof patients.$inferSelect
type OrderRow = typeof orders.$inferSelect

async function snapshot(db: Database) {
  const patientRows = await db.select().from(patients)
  const orderRows = await db.select().from(orders)
  return {
    patients: patientRows,
    orders: orderRows,
    byId: new Map(patientRows.map((p) => [p.id, p])),
  }
}

const DESCRIPTION_PREFIX: Record<string, RegExp> = {
  CT: /^CTA? /,
  MR: /^(MRI|MRA|MRCP|MR) /,
  XR: /^XR /,
  US: /^US /,
  NM: /^(NM|PET\/CT) /,
}

const studyByDescription = new Map(
  (Object.values(STUDIES) as Study[]).map((study) => [study.description, study]),
)

/** The checks every seeded order must pass, demo or synthetic. */
function expectPlausible(order: OrderRow, patient: PatientRow | undefined) {
  expect(patient, `order ${order.accessionNumber} has a patient`).toBeDefined()
  expect(order.studyDescription).toMatch(DESCRIPTION_PREFIX[order.modality] ?? /^$/)
  expect(order.bodyPart).toMatch(/^[a-z]+( [a-z]+)*$/)
  expect(order.accessionNumber).toMatch(/^A\d{8}$/)
  // INT-96: a study with images to open, under a DICOM UID (digits and dots, at most 64).
  expect(order.studyInstanceUid).toMatch(/^2\.25\.[1-9][0-9]{0,38}$/)
  expect(order.studyInstanceUid).toBe(seededStudyUid(order.accessionNumber))
  expect(order.indication.length).toBeGreaterThan(10)
  expect(['scheduled', 'completed']).toContain(order.status)
  expect(order.originalStatus).toBe(order.status)
  const study = studyByDescription.get(order.studyDescription)
  expect(study, order.studyDescription).toBeDefined()
  // No prostate MRI for a woman, no lung screening for a child.
  expect(fits(study ?? {}, ageAt(patient?.dateOfBirth ?? '', NOW), patient?.sex ?? '')).toBe(true)
}

describe.skipIf(skipDatabase)('the demo worklist', () => {
  let first: OpenDatabase
  let second: OpenDatabase
  let seeded: Awaited<ReturnType<typeof seedDemoData>>
  let simultaneous: Awaited<ReturnType<typeof seedDemoData>>[]
  let data: Awaited<ReturnType<typeof snapshot>>

  beforeAll(async () => {
    ;[first, second] = await Promise.all([openTestDatabase(), openTestDatabase()])
    seeded = await seedDemoData(first.db, { now: NOW })
    // Two server instances starting together on one empty database.
    simultaneous = await Promise.all([
      seedDemoData(second.db, { now: NOW }),
      seedDemoData(second.db, { now: NOW }),
    ])
    data = await snapshot(first.db)
  })
  afterAll(async () => {
    await Promise.all([first.close(), second.close()])
  })

  it('loads at least 40 patients and 80 orders and reports what it added', () => {
    expect(data.patients.length).toBeGreaterThanOrEqual(40)
    expect(data.orders.length).toBeGreaterThanOrEqual(80)
    expect(seeded).toEqual({ patients: data.patients.length, orders: data.orders.length })
  })

  it('covers every modality, all three priorities in realistic shares, and many body parts', () => {
    expect(new Set(data.orders.map((o) => o.modality))).toEqual(
      new Set(['CT', 'MR', 'XR', 'US', 'NM']),
    )
    const share = (priority: string) =>
      data.orders.filter((o) => o.priority === priority).length / data.orders.length
    expect(share('stat')).toBeGreaterThan(0.1)
    expect(share('stat')).toBeLessThan(0.2)
    expect(share('urgent')).toBeGreaterThan(0.2)
    expect(share('urgent')).toBeLessThan(0.32)
    expect(share('routine')).toBeGreaterThan(0.5)
    expect(share('routine')).toBeLessThan(0.68)
    expect(new Set(data.orders.map((o) => o.bodyPart)).size).toBeGreaterThanOrEqual(15)
  })

  it('gives every order a unique accession number and a study, indication and status that fit its patient', () => {
    expect(new Set(data.orders.map((o) => o.accessionNumber)).size).toBe(data.orders.length)
    for (const order of data.orders) expectPlausible(order, data.byId.get(order.patientId))
    expect(data.orders.some((o) => o.status === 'scheduled')).toBe(true)
    expect(data.orders.some((o) => o.status === 'completed')).toBe(true)
  })

  it('gives every patient an MRN, a real date of birth, a sex and two to five history items', () => {
    expect(new Set(data.patients.map((p) => p.mrn)).size).toBe(data.patients.length)
    const ages = data.patients.map((p) => ageAt(p.dateOfBirth ?? '', NOW))
    for (const patient of data.patients) {
      expect(patient.mrn).toMatch(/^MRN\d{7}$/)
      expect(new Date(`${patient.dateOfBirth}T00:00:00Z`).toISOString().slice(0, 10)).toBe(
        patient.dateOfBirth,
      )
      expect(['female', 'male', 'other', 'unknown']).toContain(patient.sex)
      expect(patient.history.length).toBeGreaterThanOrEqual(2)
      expect(patient.history.length).toBeLessThanOrEqual(5)
      expect(patient.firstName.trim()).not.toBe('')
      expect(patient.lastName.trim()).not.toBe('')
    }
    expect(Math.min(...ages)).toBeLessThanOrEqual(5)
    expect(Math.max(...ages)).toBeGreaterThanOrEqual(85)
    expect(ages.filter((age) => age >= 18).length / ages.length).toBeGreaterThan(0.8)
  })

  it('references existing patients only, with several orders for some of them', () => {
    const perPatient = new Map<string, number>()
    for (const order of data.orders) {
      expect(data.byId.has(order.patientId)).toBe(true)
      perPatient.set(order.patientId, (perPatient.get(order.patientId) ?? 0) + 1)
    }
    expect([...perPatient.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(10)
  })

  it('spreads ordered_at over the last few days before the seeding time', () => {
    const hoursAgo = data.orders.map((o) => (NOW.getTime() - o.orderedAt.getTime()) / HOUR_MS)
    expect(Math.min(...hoursAgo)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...hoursAgo)).toBeLessThanOrEqual(24 * 5)
    expect(Math.max(...hoursAgo) - Math.min(...hoursAgo)).toBeGreaterThan(48)
  })

  it('seeds the same worklist every time', async () => {
    const other = await snapshot(second.db)
    const patientKey = (p: PatientRow) => [
      p.mrn,
      p.firstName,
      p.lastName,
      p.dateOfBirth,
      p.sex,
      p.history,
    ]
    const orderKey = (o: OrderRow, byId: Map<string, PatientRow>) => [
      o.accessionNumber,
      byId.get(o.patientId)?.mrn,
      o.studyDescription,
      o.priority,
      o.indication,
      o.orderedAt.toISOString(),
    ]
    const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort()
    expect(sorted(other.patients.map(patientKey))).toEqual(sorted(data.patients.map(patientKey)))
    expect(sorted(other.orders.map((o) => orderKey(o, other.byId)))).toEqual(
      sorted(data.orders.map((o) => orderKey(o, data.byId))),
    )
  })

  it('INT-96 gives every demo study its own Study Instance UID, the same on every seeding', async () => {
    const uids = data.orders.map((o) => o.studyInstanceUid)
    expect(new Set(uids).size).toBe(data.orders.length)
    const other = await snapshot(second.db)
    const uidOf = (rows: OrderRow[]) =>
      Object.fromEntries(rows.map((o) => [o.accessionNumber, o.studyInstanceUid]))
    expect(uidOf(other.orders)).toEqual(uidOf(data.orders))
    // Pinned: an archive loaded with the demo's images keeps matching after an upgrade.
    expect(seededStudyUid('A26114220')).toBe('2.25.79513592914706910038017739656806600868')
  })

  it('seeds once when two seedings start at the same time', () => {
    expect(simultaneous).toContainEqual({ skipped: true })
    expect(simultaneous).toContainEqual(seeded)
  })

  it('does not seed a database that already has patients', async () => {
    expect(await seedDemoData(first.db, { now: new Date() })).toEqual({ skipped: true })
    const again = await snapshot(first.db)
    expect(again.patients).toHaveLength(data.patients.length)
    expect(again.orders).toHaveLength(data.orders.length)
  })
})

describe.skipIf(skipDatabase)('synthetic orders', () => {
  let database: OpenDatabase
  let empty: OpenDatabase
  beforeAll(async () => {
    ;[database, empty] = await Promise.all([openTestDatabase(), openTestDatabase()])
    await seedDemoData(database.db, { now: NOW })
  })
  afterAll(async () => {
    await Promise.all([database.close(), empty.close()])
  })

  it('adds exactly 500 plausible orders with unique accession numbers', async () => {
    const before = await snapshot(database.db)
    const result = await addSyntheticOrders(database.db, 500, { now: NOW })
    const after = await snapshot(database.db)

    expect(after.orders.length - before.orders.length).toBe(500)
    expect(result.orders).toBe(500)
    expect(after.patients.length - before.patients.length).toBe(result.patients)
    expect(new Set(after.orders.map((o) => o.accessionNumber)).size).toBe(after.orders.length)

    const known = new Set(before.orders.map((o) => o.id))
    const added = after.orders.filter((o) => !known.has(o.id))
    for (const order of added) expectPlausible(order, after.byId.get(order.patientId))
    expect(new Set(added.map((o) => o.modality))).toEqual(new Set(['CT', 'MR', 'XR', 'US', 'NM']))
    expect(new Set(added.map((o) => o.priority))).toEqual(new Set(['stat', 'urgent', 'routine']))
    const stat = added.filter((o) => o.priority === 'stat').length / added.length
    expect(stat).toBeGreaterThan(0.08)
    expect(stat).toBeLessThan(0.22)
    for (const order of added) {
      const hoursAgo = (NOW.getTime() - order.orderedAt.getTime()) / HOUR_MS
      expect(hoursAgo).toBeGreaterThanOrEqual(0)
      expect(hoursAgo).toBeLessThanOrEqual(96)
    }
    // Orders go to many patients, not a handful.
    expect(new Set(added.map((o) => o.patientId)).size).toBeGreaterThan(100)
  })

  it('keeps accession numbers and MRNs unique when run again, continuing after the largest', async () => {
    const before = await snapshot(database.db)
    const largest = Math.max(...before.orders.map((o) => Number(o.accessionNumber.slice(1))))
    const result = await addSyntheticOrders(database.db, 500, { now: NOW })
    const after = await snapshot(database.db)

    expect(after.orders.length - before.orders.length).toBe(500)
    expect(new Set(after.orders.map((o) => o.accessionNumber)).size).toBe(after.orders.length)
    expect(new Set(after.patients.map((p) => p.mrn)).size).toBe(after.patients.length)
    expect(Number(result.firstAccession?.slice(1))).toBe(largest + 1)
    expect(Number(result.lastAccession?.slice(1))).toBe(largest + 500)
  })

  it('creates synthetic patients with a full record when the database has none', async () => {
    const result = await addSyntheticOrders(empty.db, 60, { now: NOW })
    const data = await snapshot(empty.db)
    expect(data.orders).toHaveLength(60)
    expect(data.patients).toHaveLength(result.patients)
    expect(result.patients).toBeGreaterThanOrEqual(20)
    for (const patient of data.patients) {
      expect(patient.mrn).toMatch(/^MRN\d{7}$/)
      expect(patient.history.length).toBeGreaterThanOrEqual(2)
      expect(ageAt(patient.dateOfBirth ?? '', NOW)).toBeGreaterThanOrEqual(1)
      expect(ageAt(patient.dateOfBirth ?? '', NOW)).toBeLessThanOrEqual(95)
    }
    for (const order of data.orders) expectPlausible(order, data.byId.get(order.patientId))
  })

  it('keeps accession numbers unique when two runs add orders at the same time', async () => {
    const before = await snapshot(database.db)
    await Promise.all([
      addSyntheticOrders(database.db, 200, { now: NOW }),
      addSyntheticOrders(database.db, 200, { now: NOW }),
    ])
    const after = await snapshot(database.db)
    expect(after.orders.length - before.orders.length).toBe(400)
    expect(new Set(after.orders.map((o) => o.accessionNumber)).size).toBe(after.orders.length)
  })

  it('refuses a count that is not a whole number', async () => {
    await expect(addSyntheticOrders(database.db, -1)).rejects.toThrow(RangeError)
    await expect(addSyntheticOrders(database.db, 2.5)).rejects.toThrow(RangeError)
    expect(await addSyntheticOrders(database.db, 0)).toMatchObject({ orders: 0, patients: 0 })
  })
})

describe('the seed command', () => {
  it('reads --orders N and --orders=N, and runs without it', () => {
    expect(parseSeedArgs([])).toEqual({ kind: 'run', orders: undefined })
    expect(parseSeedArgs(['--orders', '500'])).toEqual({ kind: 'run', orders: 500 })
    expect(parseSeedArgs(['--orders=10000'])).toEqual({ kind: 'run', orders: 10_000 })
    expect(parseSeedArgs(['--orders', String(MAX_ORDERS)])).toEqual({
      kind: 'run',
      orders: MAX_ORDERS,
    })
    expect(parseSeedArgs(['--help'])).toEqual({ kind: 'help' })
  })

  it.each([
    [['--orders'], /needs a number/],
    [['--orders', ''], /needs a number/],
    [['--orders', 'abc'], /whole number/],
    [['--orders', '1.5'], /whole number/],
    [['--orders', '-5'], /whole number/],
    [['--orders', '1e3'], /whole number/],
    [['--orders', '0'], /between 1 and/],
    [['--orders', String(MAX_ORDERS + 1)], /between 1 and/],
    [['--orders', '5', '--orders', '6'], /more than once/],
    [['--order', '5'], /Unknown argument "--order"/],
    [['500'], /Unknown argument "500"/],
  ])('rejects %j', (argv, message) => {
    const parsed = parseSeedArgs(argv)
    expect(parsed.kind).toBe('invalid')
    expect(parsed.kind === 'invalid' ? parsed.message : '').toMatch(message)
  })

  it('answers bad input with the message and the usage, exit code 2, without opening a database', async () => {
    const out: string[] = []
    const err: string[] = []
    const code = await runSeed(
      ['--orders', 'lots'],
      (l) => out.push(l),
      (l) => err.push(l),
    )
    expect(code).toBe(2)
    expect(out).toEqual([])
    expect(err.join('\n')).toMatch(/--orders must be a whole number, got "lots"/)
    expect(err.join('\n')).toMatch(/Usage: npm run seed -- \[--orders N\]/)
    expect(err.join('\n')).toMatch(/stop the server before seeding/)
  })

  describe.skipIf(onPostgres)('run as a process on an embedded database', () => {
    let dataDir: string
    beforeAll(() => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'readout-seed-'))
    })
    afterAll(() => {
      rmSync(dataDir, { recursive: true, force: true })
    })

    const run = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
        delete env.DATABASE_URL
        const child = spawn(
          path.resolve('node_modules/.bin/tsx'),
          ['server/cli/seed.ts', ...args],
          { env, stdio: ['ignore', 'pipe', 'pipe'] },
        )
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
        child.on('error', reject)
        child.on('close', (code) => {
          resolve({ code, stdout, stderr })
        })
      })

    // Two process starts with tsx and an embedded PostgreSQL each: slow on a busy machine.
    it(
      'seeds the demo worklist and the synthetic orders, then only adds orders on a second run',
      { timeout: 90_000 },
      async () => {
        const firstRun = await run(['--orders', '25'])
        expect(firstRun.stderr).toBe('')
        expect(firstRun.code).toBe(0)
        expect(firstRun.stdout).toMatch(/Demo worklist: added \d+ patients and \d+ orders\./)
        expect(firstRun.stdout).toMatch(/Synthetic orders: added 25 orders \(A\d{8} to A\d{8}\)/)

        const secondRun = await run(['--orders=5'])
        expect(secondRun.code).toBe(0)
        expect(secondRun.stdout).toMatch(/already has patients; left unchanged/)
        expect(secondRun.stdout).toMatch(/Synthetic orders: added 5 orders/)
      },
    )

    it('exits with code 2 and the usage on bad input', async () => {
      const result = await run(['--orders', '0'])
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(/--orders must be between 1 and 100,000, got 0/)
      expect(result.stderr).toMatch(/Usage:/)
    })
  })
})
