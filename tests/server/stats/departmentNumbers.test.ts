/**
 * DEPT-5..DEPT-17 on a department with known numbers (dataset.ts), through the routes: each answer
 * checked against values worked out by hand, and against SQL written here independently of the
 * server's (percentile_cont over the same studies, counted another way). PGlite in the `server`
 * project, PostgreSQL in `server-pg`.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  criticalCommunicationStatsSchema,
  followUpStatsSchema,
  turnaroundStatsSchema,
  volumeStatsSchema,
} from '../../../contract'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { setRoles } from '../admin/accountsHarness'
import { NOW, seedFollowUps, seedStudies, STUDIES, WINDOW, ZONE } from './dataset'

let t: TestApp
let token: string

const get = async (path: string) => {
  const res = await t.api('GET', path, { token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<unknown>()
}
const rows = async <Row>(query: ReturnType<typeof sql>): Promise<Row[]> => {
  const result: unknown = await t.db.execute(query)
  return (result as { rows: Row[] }).rows
}
const window = `from=${WINDOW.from}&to=${WINDOW.to}`

describe.skipIf(skipDatabase)('the department’s numbers on a seeded department', () => {
  beforeAll(async () => {
    t = await startTestApp({ seed: false, now: () => NOW, env: { DEPARTMENT_TIME_ZONE: ZONE } })
    const user = await t.signUp()
    token = user.token
    await setRoles(t.db, user.userId, ['trainee'])
    await seedStudies(t.db, STUDIES)
    await seedFollowUps(t.db)
  })
  afterAll(() => t.close())

  it('DEPT-5 DEPT-6 turnaround by priority: per day signed (Berlin) and overall, by hand', async () => {
    const answer = turnaroundStatsSchema.parse(await get(`/stats/turnaround?${window}`))
    expect(answer).toMatchObject({ ...WINDOW, time_zone: ZONE, by: 'priority' })
    const stage = (p50: number | null, p90: number | null) => ({ p50, p90 })
    expect(answer.days).toEqual([
      {
        day: '2026-11-02',
        group: 'stat',
        count: 3,
        ordered_to_opened: stage(20, 28),
        opened_to_signed: stage(30, 86),
        ordered_to_signed: stage(60, 108),
      },
      // D and G were never opened: only ordered to signed is measured.
      {
        day: '2026-11-02',
        group: 'routine',
        count: 2,
        ordered_to_opened: stage(null, null),
        opened_to_signed: stage(null, null),
        ordered_to_signed: stage(750, 1302),
      },
      {
        day: '2026-11-03',
        group: 'routine',
        count: 1,
        ordered_to_opened: stage(10, 10),
        opened_to_signed: stage(40, 40),
        ordered_to_signed: stage(50, 50),
      },
    ])
    expect(answer.overall.map((row) => [row.group, row.count, row.ordered_to_signed])).toEqual([
      ['stat', 3, stage(60, 108)],
      ['routine', 3, stage(60, 1164)],
    ])
  })

  it('DEPT-7 turnaround by modality, narrowed to stat and routine CT', async () => {
    const answer = turnaroundStatsSchema.parse(await get(`/stats/turnaround?${window}&by=modality`))
    expect(answer.overall.map((row) => [row.group, row.count])).toEqual([
      ['CR', 1],
      ['CT', 4],
      ['MR', 1],
    ])
    const narrowed = turnaroundStatsSchema.parse(
      await get(`/stats/turnaround?${window}&by=modality&modality=CT&priority=stat`),
    )
    expect(narrowed.overall).toEqual([
      {
        group: 'CT',
        count: 2,
        ordered_to_opened: { p50: 20, p90: 28 },
        opened_to_signed: { p50: 30, p90: 30 },
        ordered_to_signed: { p50: 50, p90: 58 },
      },
    ])
  })

  it('DEPT-8 turnaround agrees with percentile_cont written here over the same studies', async () => {
    const answer = turnaroundStatsSchema.parse(await get(`/stats/turnaround?${window}`))
    const expected = await rows<{
      day: string
      grp: string
      n: number
      p50: number | string
      p90: number | string
    }>(
      sql`select to_char(r.finalized_at at time zone ${ZONE}, 'YYYY-MM-DD') as day,
        o.priority as grp, count(*)::int as n,
        percentile_cont(0.5) within group (order by extract(epoch from r.finalized_at - o.ordered_at)::float8 / 60) as p50,
        percentile_cont(0.9) within group (order by extract(epoch from r.finalized_at - o.ordered_at)::float8 / 60) as p90
      from reports r join orders o on o.id = r.order_id
      where r.is_final and (r.finalized_at at time zone ${ZONE})::date between ${WINDOW.from}::date and ${WINDOW.to}::date
      group by 1, 2`,
    )
    expect(expected).toHaveLength(answer.days.length)
    for (const row of expected) {
      const found = answer.days.find((d) => d.day === row.day && d.group === row.grp)
      expect(found?.count).toBe(row.n)
      expect(found?.ordered_to_signed.p50).toBeCloseTo(Number(row.p50), 6)
      expect(found?.ordered_to_signed.p90).toBeCloseTo(Number(row.p90), 6)
    }
  })

  it('DEPT-10 DEPT-11 volume: 48 hours, ordered and signed in each, by hand and by SQL', async () => {
    const answer = volumeStatsSchema.parse(await get(`/stats/volume?${window}`))
    expect(answer.hours).toHaveLength(48)
    expect(answer.hours[0]?.hour).toBe('2026-11-01T23:00:00.000Z')
    const busy = answer.hours
      .map((h, i) => [i, h.ordered, h.signed])
      .filter(([, o, s]) => o !== 0 || s !== 0)
    expect(busy).toEqual([
      [0, 0, 1],
      [8, 1, 1],
      [9, 1, 0],
      [10, 1, 1],
      [11, 1, 0],
      [13, 0, 2],
      [23, 1, 0],
      [24, 0, 1],
      [47, 1, 0],
    ])
    const byLocalHour = await rows<{ hour: string; ordered: number; signed: number }>(
      sql`with h as (
        select to_char(o.ordered_at at time zone ${ZONE}, 'YYYY-MM-DD HH24') as hour, 1 as ordered, 0 as signed from orders o
        union all
        select to_char(o.finalized_at at time zone ${ZONE}, 'YYYY-MM-DD HH24'), 0, 1 from orders o where o.finalized_at is not null)
      select hour, sum(ordered)::int as ordered, sum(signed)::int as signed from h
      where hour between '2026-11-02 00' and '2026-11-03 23' group by hour`,
    )
    const local = (iso: string) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: ZONE,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
      }).format(new Date(iso))
    for (const row of byLocalHour) {
      const found = answer.hours.find((h) => local(h.hour) === row.hour)
      expect([found?.ordered, found?.signed], row.hour).toEqual([row.ordered, row.signed])
    }
    expect(answer.hours.reduce((sum, h) => sum + h.ordered, 0)).toBe(
      byLocalHour.reduce((sum, h) => sum + h.ordered, 0),
    )
  })

  it('DEPT-13 DEPT-14 DEPT-15 critical communication: from the first saved statement to the first call', async () => {
    const answer = criticalCommunicationStatsSchema.parse(
      await get(`/stats/critical-communication?${window}`),
    )
    // A 10 (07:20 → 07:30), B 0 (told before saved), D 60 (no revision: from the signature).
    expect(answer.days).toEqual([
      { day: '2026-11-02', count: 3, delay: { p50: 10, p90: 50 }, max: 60 },
    ])
    expect(answer.overall).toEqual({ count: 3, delay: { p50: 10, p90: 50 } })
    // E's subdural hematoma was never communicated; F was signed after the window.
    expect(answer.uncommunicated).toBe(1)
  })

  it('DEPT-16 critical delays agree with percentile_cont over the delays SQL computes here', async () => {
    const answer = criticalCommunicationStatsSchema.parse(
      await get(`/stats/critical-communication?${window}`),
    )
    // Which texts state a critical finding is the checker's (tests/server/qa); the clock is SQL's.
    const critical = ['A', 'B', 'D', 'E']
    const [expected] = await rows<{
      n: number
      p50: number | string
      p90: number | string
      max: number | string
    }>(
      sql`with d as (
        select o.id, greatest(0, extract(epoch from (
          (select min(c.communicated_at) from critical_communications c where c.order_id = o.id)
          - coalesce((select min(v.created_at) from report_revisions v where v.order_id = o.id
              and v.findings ~* 'pneumothorax|embolism|hematoma|free air' and v.findings !~* '^no '),
            r.finalized_at)))::float8 / 60) as minutes
        from orders o join reports r on r.order_id = o.id
        where o.id in (select value from jsonb_array_elements_text(${JSON.stringify(critical)}::jsonb))
          and exists (select 1 from critical_communications c where c.order_id = o.id))
      select count(minutes)::int as n,
        percentile_cont(0.5) within group (order by minutes) as p50,
        percentile_cont(0.9) within group (order by minutes) as p90, max(minutes) as max from d`,
    )
    expect(answer.overall.count).toBe(expected?.n)
    expect(answer.overall.delay.p50).toBeCloseTo(Number(expected?.p50), 6)
    expect(answer.overall.delay.p90).toBeCloseTo(Number(expected?.p90), 6)
    expect(answer.days[0]?.max).toBeCloseTo(Number(expected?.max), 6)
  })

  it('DEPT-12 follow-ups by the month their window ends, with the completion rate', async () => {
    const answer = followUpStatsSchema.parse(
      await get('/stats/follow-ups?from=2026-10-01&to=2026-11-30'),
    )
    expect(answer.months).toEqual([
      {
        month: '2026-10',
        due: 4,
        completed: 2,
        declined: 1,
        overdue: 1,
        open: 0,
        completion_rate: 0.5,
      },
      // Due on the 20th (today) is still open; the 19th is overdue; December is out.
      {
        month: '2026-11',
        due: 3,
        completed: 1,
        declined: 0,
        overdue: 1,
        open: 1,
        completion_rate: 0.5,
      },
    ])
    const [counted] = await rows<{ due: number; completed: number }>(
      sql`select count(*)::int as due, (count(*) filter (where status = 'completed'))::int as completed
      from follow_ups where due_to between '2026-10-01' and '2026-11-30'`,
    )
    const sum = (key: 'due' | 'completed') => answer.months.reduce((n, m) => n + m[key], 0)
    expect([sum('due'), sum('completed')]).toEqual([counted?.due, counted?.completed])
  })

  it('DEPT-17 a period with nothing in it answers empty lists, zero hours and a null rate', async () => {
    const empty = 'from=2026-09-01&to=2026-09-30'
    const turnaround = turnaroundStatsSchema.parse(await get(`/stats/turnaround?${empty}`))
    expect([turnaround.days, turnaround.overall]).toEqual([[], []])
    const critical = criticalCommunicationStatsSchema.parse(
      await get(`/stats/critical-communication?${empty}`),
    )
    expect(critical).toMatchObject({
      days: [],
      overall: { count: 0, delay: { p50: null, p90: null } },
      uncommunicated: 0,
    })
    const followUps = followUpStatsSchema.parse(await get(`/stats/follow-ups?${empty}`))
    expect(followUps.months).toEqual([
      {
        month: '2026-09',
        due: 0,
        completed: 0,
        declined: 0,
        overdue: 0,
        open: 0,
        completion_rate: null,
      },
    ])
    const volume = volumeStatsSchema.parse(await get(`/stats/volume?${empty}`))
    expect(volume.hours.every((h) => h.ordered === 0 && h.signed === 0)).toBe(true)
  })
})
