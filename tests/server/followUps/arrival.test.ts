/**
 * An arriving order closes the loop by itself (FU-18..FU-21): a new order from the RIS (HL7 over
 * real MLLP) or the synthetic seed, for the patient, of the same exam, placed on a day inside the
 * window (the department's day), completes the oldest open follow-up it fulfils in its own
 * transaction: by nobody, 'Matching order <accession> received', the order named. Two orders at
 * once complete it once; an ADT merge moves the follow-ups to the surviving patient. On PGlite and
 * PostgreSQL.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { followUps, orders, patients } from '../../../server/db/schema'
import { addSyntheticOrders } from '../../../server/seed/seed'
import { sendFrame } from '../../support/mllpPeer'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { orderByAccession, orm } from '../hl7/support'
import { readAck } from '../hl7/wire'
import { clinician, confirmed, rowsOfOrder, signed, testClock, type Clinician } from './support'

describe.skipIf(skipDatabase)('follow-ups completed by an arriving order', () => {
  let t: TestApp
  let port: number
  let ada: Clinician
  const clock = testClock('2026-11-10T12:00:00Z')

  beforeAll(async () => {
    t = await startTestApp({
      now: clock.now,
      env: { HL7_LISTEN_PORT: '0', DEPARTMENT_TIME_ZONE: 'America/New_York' },
    })
    port = t.app.hl7.port() ?? 0
    ada = await clinician(t, clock, 'Dr Ada Signer')
  })
  afterAll(() => t.close())

  /** An order in over MLLP, acknowledged AA; its id. */
  const arrive = async (options: Parameters<typeof orm>[0]) => {
    const ack = readAck(await sendFrame(port, orm(options)))
    expect(ack.code).toBe('AA')
    return (await orderByAccession(t.db, options?.accession ?? ''))?.order.id ?? ''
  }
  const CHEST = 'CT CHEST WITHOUT CONTRAST'
  const WINDOW = { due_from: '2026-11-20', due_to: '2026-12-31' }
  /** A patient's study from the RIS, signed recommending `items`; their follow-ups' ids. */
  const recommend = async (mrn: string, accession: string, items = [confirmed(WINDOW)]) => {
    const id = await arrive({ mrn, accession, description: CHEST, orderedAt: '20261101083000' })
    await signed(ada, id, undefined, { follow_ups: items })
    return (await rowsOfOrder(t, id)).map((row) => row.id)
  }
  const rowOf = async (id: string) =>
    (await t.db.select().from(followUps).where(eq(followUps.id, id)))[0]

  it("FU-18 a new HL7 order of the patient's recommended exam, placed inside the window, completes the oldest open follow-up it fulfils; another day, exam or patient completes nothing", async () => {
    await clock.set('2026-11-02T12:00:00Z')
    const [oldest = ''] = await recommend('FU18-MRN', 'FU18-A')
    await clock.set('2026-11-03T12:00:00Z')
    const [newer = '', abdomen = ''] = await recommend('FU18-MRN', 'FU18-B', [
      confirmed(WINDOW),
      confirmed({ ...WINDOW, modality: 'US', body_part: 'abdomen' }),
    ])
    await recommend('FU18-OTHER', 'FU18-C')

    // 19:30 on the 19th in New York (00:30 on the 20th in UTC): the day before the window.
    await arrive({
      mrn: 'FU18-MRN',
      accession: 'FU18-EARLY',
      description: CHEST,
      orderedAt: '20261120003000+0000',
    })
    await arrive({
      mrn: 'FU18-MRN',
      accession: 'FU18-MR',
      description: 'MR CHEST',
      modality: 'MR',
      orderedAt: '20261125083000-0500',
    })
    await arrive({
      mrn: 'FU18-ELSE',
      accession: 'FU18-ELSE',
      description: CHEST,
      orderedAt: '20261125083000-0500',
    })
    const open = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(followUps)
      .where(eq(followUps.status, 'open'))
    expect(open[0]?.n).toBe(4)

    await clock.set('2026-11-25T14:00:00Z')
    const hit = await arrive({
      mrn: 'FU18-MRN',
      accession: 'FU18-HIT',
      description: CHEST,
      orderedAt: '20261125083000-0500',
    })
    expect(await rowOf(oldest)).toMatchObject({
      status: 'completed',
      resolvedBy: null,
      resolvedByName: null,
      resolutionReason: 'Matching order FU18-HIT received',
      resolvedOrderId: hit,
      resolvedAt: new Date('2026-11-25T14:00:00Z'),
    })
    expect((await rowOf(newer))?.status).toBe('open')
    expect((await rowOf(abdomen))?.status).toBe('open')
    // A second matching order completes the next one.
    await arrive({
      mrn: 'FU18-MRN',
      accession: 'FU18-HIT2',
      description: 'CT THORAX',
      orderedAt: '20261126083000-0500',
    })
    expect((await rowOf(newer))?.resolutionReason).toBe('Matching order FU18-HIT2 received')
  })

  it('FU-19 two matching orders arriving at once complete the follow-up once', async () => {
    for (let round = 0; round < 3; round++) {
      const mrn = `FU19-MRN-${String(round)}`
      const [item = ''] = await recommend(mrn, `FU19-SRC-${String(round)}`)
      const pair = [`FU19-X-${String(round)}`, `FU19-Y-${String(round)}`]
      const acks = await Promise.all(
        pair.map((accession) =>
          sendFrame(
            port,
            orm({ mrn, accession, description: CHEST, orderedAt: '20261125083000-0500' }),
          ),
        ),
      )
      expect(acks.map((ack) => readAck(ack).code)).toEqual(['AA', 'AA'])
      const row = await rowOf(item)
      expect(row?.status).toBe('completed')
      const ids = await Promise.all(
        pair.map(async (accession) => (await orderByAccession(t.db, accession))?.order.id),
      )
      expect(ids).toContain(row?.resolvedOrderId)
    }
  })

  it("FU-20 the synthetic seed's orders complete the open follow-ups they fulfil, as the RIS's do", async () => {
    const now = new Date('2026-11-25T12:00:00Z')
    // Patients without a follow-up yet: the earlier tests' would be older, so completed first.
    const held = await t.db
      .select({ id: patients.id })
      .from(patients)
      .where(
        sql`not exists (select 1 from ${followUps} where ${followUps.patientId} = ${patients.id})`,
      )
    const exams = await t.db
      .selectDistinct({ modality: orders.modality, bodyPart: orders.bodyPart })
      .from(orders)
    const rows = held.flatMap((patient) =>
      exams.map((exam) => ({
        id: `fu20-${patient.id}-${exam.modality}-${exam.bodyPart}`.slice(0, 120),
        patientId: patient.id,
        sourceOrderId: '',
        modality: exam.modality,
        bodyPart: exam.bodyPart,
        dueFrom: '2026-01-01',
        dueTo: '2027-12-31',
        createdBy: ada.userId,
        createdByName: ada.name,
      })),
    )
    // Any signed order as their source: what matters is the patient and the exam.
    const [source] = await t.db.select({ id: orders.id }).from(orders).limit(1)
    const values = rows.map((row) => ({ ...row, sourceOrderId: source?.id ?? '' }))
    for (let start = 0; start < values.length; start += 500)
      await t.db.insert(followUps).values(values.slice(start, start + 500))

    const added = await addSyntheticOrders(t.db, 40, { now, timeZone: 'America/New_York' })
    expect(added.orders).toBe(40)
    const fresh = await t.db
      .select()
      .from(orders)
      .where(
        sql`${orders.accessionNumber} >= ${added.firstAccession} and ${orders.accessionNumber} <= ${added.lastAccession}`,
      )
    const expected = new Set(
      fresh
        .filter((order) => held.some((patient) => patient.id === order.patientId))
        .filter((order) =>
          exams.some(
            (exam) => exam.modality === order.modality && exam.bodyPart === order.bodyPart,
          ),
        )
        .map((order) => `${order.patientId}|${order.modality}|${order.bodyPart}`),
    )
    const completed = await t.db
      .select()
      .from(followUps)
      .where(
        and(
          inArray(
            followUps.id,
            values.map((row) => row.id),
          ),
          eq(followUps.status, 'completed'),
        ),
      )
    expect(completed.length).toBe(expected.size)
    for (const item of completed) {
      const order = fresh.find((o) => o.id === item.resolvedOrderId)
      expect(order).toMatchObject({
        patientId: item.patientId,
        modality: item.modality,
        bodyPart: item.bodyPart,
      })
      expect(item.resolutionReason).toBe(`Matching order ${order?.accessionNumber ?? ''} received`)
    }
    expect(expected.size).toBeGreaterThan(0)
  })

  it('FU-21 an ADT^A40 merge moves the merged patient’s follow-ups to the surviving patient', async () => {
    const [item = ''] = await recommend('FU21-OLD', 'FU21-SRC')
    await arrive({
      mrn: 'FU21-KEEP',
      accession: 'FU21-KEEP-1',
      description: 'XR HAND',
      modality: 'XR',
      orderedAt: '20261101083000',
    })
    const a40 = [
      `MSH|^~\\&|ADT|HOSP|READOUT|RAD|20261125083000||ADT^A40^ADT_A39|FU21-${String(Date.now())}|P|2.5.1`,
      'EVN|A40|20261125083000',
      'PID|1||FU21-KEEP^^^HOSP^MR||Kept^Kim||19700101|F',
      'MRG|FU21-OLD^^^HOSP^MR',
    ].join('\r')
    expect(readAck(await sendFrame(port, a40)).code).toBe('AA')
    const [survivor] = await t.db.select().from(patients).where(eq(patients.mrn, 'FU21-KEEP'))
    expect((await rowOf(item))?.patientId).toBe(survivor?.id)
    // The survivor's next matching order completes it.
    await clock.set('2026-11-25T14:00:00Z')
    await arrive({
      mrn: 'FU21-KEEP',
      accession: 'FU21-HIT',
      description: CHEST,
      orderedAt: '20261125083000-0500',
    })
    expect((await rowOf(item))?.resolutionReason).toBe('Matching order FU21-HIT received')
  })
})
