/**
 * GET /follow-ups (FU-13, FU-14): overdue worked out when read, from the clock and the
 * department's time zone, never stored; overdue first (soonest ended), then open (soonest due),
 * then completed and declined (latest closed); the patient and the source report nested; every
 * filter, an opaque cursor and the total; bad input a 400. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorSchema, type FollowUp } from '../../../contract'
import { followUps } from '../../../server/db/schema'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import {
  clinician,
  type Clinician,
  confirmed,
  list,
  patientOf,
  rowsOfOrder,
  signed,
  studiesOfDistinctPatients,
  testClock,
} from './support'

describe.skipIf(skipDatabase)('the follow-up list', () => {
  let t: TestApp
  let ada: Clinician
  // 22:30 UTC is 23:30 in Berlin, still 2026-11-24 there.
  const clock = testClock('2026-11-24T22:30:00Z')
  const ids: Record<string, string> = {}
  const orders: Record<string, string> = {}

  const track = async (name: string, item: Parameters<typeof confirmed>[0]) => {
    orders[name] = take()
    await signed(ada, orders[name], undefined, { follow_ups: [confirmed(item)] })
    const [row] = await rowsOfOrder(t, orders[name])
    ids[name] = row?.id ?? ''
  }
  let take: () => string

  beforeAll(async () => {
    t = await startTestApp({ now: clock.now, env: { DEPARTMENT_TIME_ZONE: 'Europe/Berlin' } })
    ada = await clinician(t, clock, 'Dr Ada Lister')
    take = await studiesOfDistinctPatients(t)
    await track('ended', { due_from: '2026-10-01', due_to: '2026-11-20' })
    await track('endsToday', { due_from: '2026-09-01', due_to: '2026-11-24' })
    await track('later', { due_from: '2026-12-10', due_to: '2027-01-10' })
    await track('head', { modality: 'MR', body_part: 'head', due_from: '2026-12-01' })
    await track('declined', { due_from: '2027-01-01', due_to: '2027-02-01' })
    await track('completed', { due_from: '2027-01-01', due_to: '2027-02-01' })
    const close = async (name: string, status: string, at: string) => {
      await clock.set(at)
      const res = await ada.call('PATCH', `/follow-ups/${ids[name] ?? ''}`, {
        status,
        reason: 'Seen at the outside hospital.',
      })
      expect(res.status, JSON.stringify(res.json())).toBe(200)
    }
    await close('declined', 'declined', '2026-11-24T22:00:00Z')
    await close('completed', 'completed', '2026-11-24T22:10:00Z')
    await clock.set('2026-11-24T22:30:00Z')
  })
  afterAll(() => t.close())

  const names = (items: FollowUp[]) =>
    items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id))

  it("FU-13 overdue is an open follow-up whose window ended before today in the department's time zone, worked out when read; overdue first, then open, then closed, each nesting its patient and source report", async () => {
    const before = await list(ada)
    expect(names(before.items)).toEqual([
      'ended',
      'endsToday',
      'head',
      'later',
      'completed',
      'declined',
    ])
    expect(before.items.map((item) => item.status)).toEqual([
      'overdue',
      'open',
      'open',
      'open',
      'completed',
      'declined',
    ])
    // Midnight in Berlin: the window that ended yesterday is overdue, with nothing written.
    await clock.set('2026-11-24T23:30:00Z')
    const after = await list(ada)
    expect(names(after.items).slice(0, 4)).toEqual(['ended', 'endsToday', 'head', 'later'])
    expect(after.items.map((item) => item.status).slice(0, 3)).toEqual([
      'overdue',
      'overdue',
      'open',
    ])
    expect(await t.db.select({ status: followUps.status }).from(followUps)).not.toContainEqual({
      status: 'overdue',
    })

    const first = after.items[0]
    const patient = await patientOf(t, orders.ended ?? '')
    const source = await ada.order(orders.ended ?? '')
    expect(first).toMatchObject({
      patient_id: patient.id,
      source_order_id: orders.ended,
      patient: { id: patient.id, last_name: source.patient.last_name },
      source: {
        accession_number: source.accession_number,
        study_description: source.study_description,
        finalized_at: source.report?.finalized_at,
      },
      created_by: { user_id: ada.userId, name: 'Dr Ada Lister' },
      resolution: null,
    })
    const completed = after.items.find((item) => item.id === ids.completed)
    expect(completed?.resolution).toEqual({
      status: 'completed',
      by: { user_id: ada.userId, name: 'Dr Ada Lister' },
      at: '2026-11-24T22:10:00.000Z',
      reason: 'Seen at the outside hospital.',
      order_id: null,
      accession_number: null,
    })
    await clock.set('2026-11-24T22:30:00Z')
  })

  it('FU-14 the list filters by status, patient, source order, modality and window, pages by an opaque cursor in the same order, and says the total on every page; bad input is a 400', async () => {
    const query = async (q: string) => names((await list(ada, q)).items)
    expect(await query('status=open,declined')).toEqual(['endsToday', 'head', 'later', 'declined'])
    expect(await query('status=overdue')).toEqual(['ended'])
    expect(await query(`patient=${(await patientOf(t, orders.later ?? '')).id}`)).toEqual(['later'])
    expect(await query(`order=${orders.head ?? ''}`)).toEqual(['head'])
    expect(await query('modality=mr')).toEqual(['head'])
    expect(await query('due_after=2027-01-10&due_before=2026-12-31')).toEqual(['head', 'later'])

    const all = await list(ada)
    const seen: FollowUp[] = []
    let cursor: string | null = null
    do {
      const page = await list(ada, `limit=4${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.total).toBe(6)
      seen.push(...page.items)
      cursor = page.next_cursor
    } while (cursor)
    expect(seen.map((item) => item.id)).toEqual(all.items.map((item) => item.id))
    expect((await list(ada, 'status=overdue')).total).toBe(1)

    for (const bad of [
      'status=late',
      'limit=0',
      'limit=201',
      'due_after=24.11.2026',
      'cursor=bm90LWEtY3Vyc29y',
      'patient=' + 'x'.repeat(300),
      'modality=' + 'X'.repeat(17),
    ]) {
      const res = await ada.call('GET', `/follow-ups?${bad}`)
      expect(res.status, bad).toBe(400)
      expect(errorSchema.safeParse(res.json()).success).toBe(true)
    }
  })
})
