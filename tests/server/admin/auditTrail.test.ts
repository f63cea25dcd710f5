/**
 * ADM-4..ADM-6: the audit trail for an admin, GET /admin/audit: newest first, a page at a time by
 * an opaque cursor, filtered by user, study (an order id or its accession number), kind and
 * time (a date: its whole UTC day), each event with its user's current name and its study's
 * accession number. The events are written straight to the trail at known times.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditPageSchema, type AuditEventAnswer, type AuditQuery } from '../../../contract'
import type { OpenDatabase } from '../../../server/db/client'
import { orders, users } from '../../../server/db/schema'
import { recordAudit, type AuditEventInput } from '../../../server/repo/audit'
import { seedDemoData } from '../../../server/seed/seed'
import { buildInstance, signUp, type ApiSession } from '../identity/apiSessions'
import { createTestClock } from '../identity/identityHarness'
import { openTestDatabase } from '../../support/testDatabase'
import { call } from './accountsHarness'

const clock = createTestClock()
let database: OpenDatabase
let app: FastifyInstance
let admin: ApiSession
let reader: ApiSession
let study: { id: string; accession: string }

/** The reader's events, oldest first: times around one UTC day, a study, kinds. */
const TIMES = [
  '2026-03-01T23:59:59.999Z',
  '2026-03-02T00:00:00.000Z',
  '2026-03-02T12:00:00.000Z',
  '2026-03-02T23:59:59.999Z',
  '2026-03-03T00:00:00.000Z',
]

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemoData(database.db, { now: new Date('2026-11-20T08:00:00Z') })
  app = await buildInstance(database.db, clock)
  admin = await signUp(app)
  reader = await signUp(app)
  const [order] = await database.db
    .select({ id: orders.id, accession: orders.accessionNumber })
    .from(orders)
    .limit(1)
  study = order!
  for (const [i, at] of TIMES.entries()) {
    const event: AuditEventInput = {
      kind: i % 2 === 0 ? 'study_opened' : 'report_saved',
      userId: reader.userId,
      orderId: i < 3 ? study.id : 'O-no-longer-held',
      address: '10.0.0.7',
      detail: { n: i },
      at: new Date(at),
    }
    await recordAudit(database.db, event)
  }
  await database.db
    .update(users)
    .set({ name: 'Dr Renamed Reader' })
    .where(eq(users.id, reader.userId))
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const audit = async (query: AuditQuery) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  )
  return call(app, 'GET', `/admin/audit?${search.toString()}`, admin.sessionJwt)
}
const page = async (query: AuditQuery) => {
  const answer = await audit(query)
  expect(answer.status).toBe(200)
  return auditPageSchema.parse(answer.body)
}
/** The written events' numbers (the reader's own sign-up, with no number, left out). */
const numbers = (items: AuditEventAnswer[]) =>
  items.filter((item) => item.kind !== 'sign_up').map((item) => item.detail?.n)

describe('ADM-4 pages', () => {
  it('ADM-4 newest first, a page at a time through next_cursor, no event twice or missed; the last page says null', async () => {
    const seen: AuditEventAnswer[] = []
    let cursor: string | undefined
    for (let pages = 0; pages < 10; pages += 1) {
      const next = await page({ user: reader.userId, limit: 2, ...(cursor ? { cursor } : {}) })
      seen.push(...next.items)
      if (next.next_cursor === null) break
      cursor = next.next_cursor
    }
    expect(numbers(seen)).toEqual([4, 3, 2, 1, 0])
    expect(seen.at(-1)?.kind).toBe('sign_up')
    const seqs = seen.map((item) => item.seq)
    expect([...seqs].sort((x, y) => y - x)).toEqual(seqs)
  })

  it("ADM-4 each event names its user as the account is named now and its study's accession number (null when the study is not held)", async () => {
    const { items } = await page({ user: reader.userId })
    expect(items[0]).toMatchObject({
      user_id: reader.userId,
      user_name: 'Dr Renamed Reader',
      order_id: 'O-no-longer-held',
      accession_number: null,
      address: '10.0.0.7',
      at: TIMES[4],
    })
    expect(items.find((item) => item.detail?.n === 0)).toMatchObject({
      order_id: study.id,
      accession_number: study.accession,
    })
  })

  it('ADM-4 only an admin reads it', async () => {
    expect((await call(app, 'GET', '/admin/audit', reader.sessionJwt)).status).toBe(403)
    expect((await call(app, 'GET', '/admin/audit', null)).status).toBe(401)
  })
})

describe('ADM-5 filters', () => {
  it('ADM-5 by study, as an order id or as its accession number', async () => {
    expect(numbers((await page({ order: study.id })).items)).toEqual([2, 1, 0])
    expect(numbers((await page({ order: study.accession })).items)).toEqual([2, 1, 0])
    expect((await page({ order: 'nothing-like-it' })).items).toEqual([])
  })

  it('ADM-5 by kind, and by user with the others', async () => {
    expect(numbers((await page({ user: reader.userId, kind: 'report_saved' })).items)).toEqual([
      3, 1,
    ])
    expect(numbers((await page({ order: study.id, kind: 'study_opened' })).items)).toEqual([2, 0])
    expect((await page({ user: admin.userId, kind: 'report_saved' })).items).toEqual([])
  })

  it('ADM-5 a date means its whole UTC day, both ends inclusive; an instant is inclusive too', async () => {
    const day = { user: reader.userId, from: '2026-03-02', to: '2026-03-02' }
    expect(numbers((await page(day)).items)).toEqual([3, 2, 1])
    expect(numbers((await page({ user: reader.userId, from: '2026-03-03' })).items)).toEqual([4])
    expect(numbers((await page({ user: reader.userId, to: '2026-03-01' })).items)).toEqual([0])
    const instants = { user: reader.userId, from: TIMES[1]!, to: TIMES[2]! }
    expect(numbers((await page(instants)).items)).toEqual([2, 1])
    expect(
      numbers((await page({ user: reader.userId, from: '2026-03-02T01:00:00+01:00' })).items),
    ).toEqual([4, 3, 2, 1])
  })
})

describe('ADM-6 refusals', () => {
  it('ADM-6 a cursor this server did not hand out, a bad kind, date or limit is 400, never 500', async () => {
    const bad: Record<string, string>[] = [
      { cursor: 'garbage' },
      { cursor: Buffer.from('s0').toString('base64url') },
      { cursor: Buffer.from('s99999999999999999999').toString('base64url') },
      { cursor: Buffer.from('{"seq":1}').toString('base64url') },
      { cursor: `${Buffer.from('s1').toString('base64url')}=` },
      { kind: 'report_deleted' },
      { from: '2026-02-30' },
      { from: '2026-02-03x' },
      { to: 'yesterday' },
      { limit: '0' },
      { limit: '201' },
    ]
    for (const query of bad) {
      const answer = await call(
        app,
        'GET',
        `/admin/audit?${new URLSearchParams(query).toString()}`,
        admin.sessionJwt,
      )
      expect({ query, status: answer.status }).toEqual({ query, status: 400 })
    }
  })
})
