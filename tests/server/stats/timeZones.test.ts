/**
 * The department's days and hours are its own (DEPT-1..DEPT-4, DEPT-9): the window's arithmetic,
 * refusals of a window that cannot be asked, hours across daylight saving changes and in a zone
 * half an hour off UTC, and percentiles as percentile_cont computes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { volumeStatsSchema } from '../../../contract'
import { percentileCont, statsWindow } from '../../../server/outcomes/statsWindow'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { seedStudies } from './dataset'

describe('the window of the department’s numbers', () => {
  const now = new Date('2026-03-01T23:30:00Z')

  it('DEPT-1 by default the last 30 days ending today, in the department’s zone', () => {
    // 23:30 UTC on 1 March is 2 March in Berlin, still 1 March in New York.
    expect(statsWindow({}, 'Europe/Berlin', now)).toEqual({
      ok: true,
      window: { from: '2026-02-01', to: '2026-03-02', time_zone: 'Europe/Berlin' },
    })
    expect(statsWindow({}, 'America/New_York', now)).toMatchObject({
      window: { from: '2026-01-31', to: '2026-03-01' },
    })
    expect(statsWindow({ to: '2026-01-30' }, 'UTC', now)).toMatchObject({
      window: { from: '2026-01-01', to: '2026-01-30' },
    })
    expect(statsWindow({ from: '2026-02-20' }, 'UTC', now)).toMatchObject({
      window: { from: '2026-02-20', to: '2026-03-01' },
    })
  })

  it('DEPT-2 refuses from after to, a day that does not exist and more than 366 days', () => {
    const refusal = (query: { from?: string; to?: string }) => statsWindow(query, 'UTC', now)
    expect(refusal({ from: '2026-02-02', to: '2026-02-01' })).toEqual({
      ok: false,
      message: "'from' (2026-02-02) is after 'to' (2026-02-01).",
    })
    expect(refusal({ from: '2026-02-30', to: '2026-03-01' })).toMatchObject({ ok: false })
    expect(refusal({ from: '2025-01-01', to: '2026-01-02' })).toEqual({
      ok: false,
      message: 'The period is 367 days; at most 366 may be asked at once.',
    })
    expect(refusal({ from: '2025-01-01', to: '2026-01-01' })).toMatchObject({ ok: true })
  })

  it('DEPT-9 percentiles interpolate between ranks as percentile_cont does', () => {
    expect(percentileCont([], 0.5)).toBeNull()
    expect(percentileCont([7], 0.9)).toBe(7)
    expect(percentileCont([60, 1440], 0.5)).toBe(750)
    expect(percentileCont([120, 40, 60], 0.9)).toBeCloseTo(108, 9)
    expect(percentileCont([1, 2, 3, 4], 0.5)).toBe(2.5)
  })
})

describe.skipIf(skipDatabase)('the department’s hours over the API', () => {
  let berlin: TestApp
  let kolkata: TestApp
  const now = () => new Date('2026-11-20T08:00:00Z')

  beforeAll(async () => {
    berlin = await startTestApp({
      seed: false,
      now,
      env: { DEPARTMENT_TIME_ZONE: 'Europe/Berlin' },
    })
    kolkata = await startTestApp({
      seed: false,
      now,
      env: { DEPARTMENT_TIME_ZONE: 'Asia/Kolkata' },
    })
    // 00:30 and 01:30 UTC on 25 October are both 02:30 in Berlin: CEST, then CET.
    await seedStudies(berlin.db, [
      { id: 'S1', priority: 'stat', modality: 'CT', ordered: '2026-10-25T00:30:00Z' },
      { id: 'S2', priority: 'stat', modality: 'CT', ordered: '2026-10-25T01:30:00Z' },
    ])
    // 04:00 UTC is 09:30 in Kolkata: the hour from 09:00.
    await seedStudies(kolkata.db, [
      { id: 'K1', priority: 'stat', modality: 'CT', ordered: '2026-11-02T04:00:00Z' },
    ])
  })
  afterAll(async () => {
    await berlin.close()
    await kolkata.close()
  })

  const volume = async (t: TestApp, query: string) => {
    const res = await t.api('GET', `/stats/volume?${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return volumeStatsSchema.parse(res.json())
  }

  it('DEPT-3 a day of 23 hours in spring and of 25 in autumn, each hour once', async () => {
    const spring = await volume(berlin, 'from=2026-03-29&to=2026-03-29')
    expect(spring.hours).toHaveLength(23)
    expect(spring.hours[0]?.hour).toBe('2026-03-28T23:00:00.000Z')
    const autumn = await volume(berlin, 'from=2026-10-25&to=2026-10-25')
    expect(autumn.hours).toHaveLength(25)
    expect(new Set(autumn.hours.map((h) => h.hour)).size).toBe(25)
    // Both 02:30s are counted, each in its own hour.
    expect(autumn.hours.map((h) => h.ordered).slice(0, 5)).toEqual([0, 0, 1, 1, 0])
    expect(autumn.hours[2]?.hour).toBe('2026-10-25T00:00:00.000Z')
    expect(autumn.hours[3]?.hour).toBe('2026-10-25T01:00:00.000Z')
  })

  it('DEPT-4 hours start on the department’s hour, also half an hour off UTC', async () => {
    const day = await volume(kolkata, 'from=2026-11-02&to=2026-11-02')
    expect(day.hours).toHaveLength(24)
    expect(day.hours[0]?.hour).toBe('2026-11-01T18:30:00.000Z')
    const busy = day.hours.findIndex((h) => h.ordered > 0)
    expect([busy, day.hours[busy]?.hour]).toEqual([9, '2026-11-02T03:30:00.000Z'])
  })

  it('DEPT-2 a window the calendar refuses is a 400 that says why, never a 500', async () => {
    for (const query of [
      'from=2026-03-02&to=2026-03-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2024-01-01&to=2026-01-01',
      'from=yesterday',
      'by=week',
    ]) {
      const res = await berlin.api('GET', `/stats/turnaround?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0)
    }
  })
})
