/**
 * ADM-7, ADM-8: GET /admin/audit/export, every matching event as RFC 4180 CSV, newest first, with
 * a spreadsheet's formulas defused (OWASP CSV injection); a long trail is streamed page by page.
 * The CSV is read by a parser we did not write (csv-parse, strict about quotes and column counts).
 */
import type { AddressInfo } from 'node:net'
import { parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditPageSchema } from '../../../contract'
import type { OpenDatabase } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { recordAudit } from '../../../server/repo/audit'
import { buildInstance, signUp, type ApiSession } from '../identity/apiSessions'
import { createTestClock } from '../identity/identityHarness'
import { openTestDatabase } from '../../support/testDatabase'
import { call } from './accountsHarness'

const HEADER = 'time,user_id,user_name,kind,order_id,accession_number,address,detail'

/** The rows of a CSV text, as csv-parse reads RFC 4180 (its defaults: a row of another length is an error). */
function parseCsv(text: string): string[][] {
  return parse(text)
}

const clock = createTestClock(new Date('2026-04-05T10:00:00Z'))
let database: OpenDatabase
let app: FastifyInstance
let admin: ApiSession
let tricky: ApiSession

beforeAll(async () => {
  database = await openTestDatabase()
  app = await buildInstance(database.db, clock)
  admin = await signUp(app)
  tricky = await signUp(app)
  await database.db
    .update(users)
    .set({ name: '=HYPERLINK("http://evil.test","Dr, Click")' })
    .where(eq(users.id, tricky.userId))
  const event = (address: string, detail: Record<string, string>, at: string) =>
    recordAudit(database.db, {
      kind: 'report_saved',
      userId: tricky.userId,
      orderId: 'O-1',
      address,
      detail,
      at: new Date(at),
    })
  await event('+44 20 7946 0000', { note: 'a, "quoted" value' }, '2026-04-01T08:00:00Z')
  await event('-1', { cmd: '=1+1' }, '2026-04-01T09:00:00Z')
  await event('@SUM(A1)', {}, '2026-04-01T10:00:00Z')
  await event('\tcmd', {}, '2026-04-01T11:00:00Z')
})

afterAll(async () => {
  await app.close()
  await database.close()
})

describe('ADM-7 the CSV export', () => {
  it('ADM-7 answers text/csv as an attachment named by the day, RFC 4180 rows newest first matching GET /admin/audit, formulas defused', async () => {
    const answer = await call(
      app,
      'GET',
      `/admin/audit/export?user=${tricky.userId}`,
      admin.sessionJwt,
    )
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="audit-2026-04-05.csv"',
    )
    expect(answer.text.startsWith(`${HEADER}\r\n`)).toBe(true)
    expect(answer.text.endsWith('\r\n')).toBe(true)

    const [header, ...rows] = parseCsv(answer.text)
    expect(header?.join(',')).toBe(HEADER)
    const listed = auditPageSchema.parse(
      (await call(app, 'GET', `/admin/audit?user=${tricky.userId}`, admin.sessionJwt)).body,
    ).items
    const defused = (cell: string | null) =>
      cell === null ? '' : /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell
    expect(rows).toEqual(
      listed.map((event) =>
        [
          event.at,
          event.user_id,
          event.user_name,
          event.kind,
          event.order_id,
          event.accession_number,
          event.address,
          event.detail === null ? null : JSON.stringify(event.detail),
        ].map(defused),
      ),
    )
    // The sign-up came first, then the four events: newest first.
    expect(rows.map((row) => row[6])).toEqual([
      "'\tcmd",
      "'@SUM(A1)",
      "'-1",
      "'+44 20 7946 0000",
      '127.0.0.1',
    ])
    expect(rows[0]?.[2]).toBe(`'=HYPERLINK("http://evil.test","Dr, Click")`)
    expect(JSON.parse(rows[3]?.[7] ?? '')).toEqual({ note: 'a, "quoted" value' })
  })

  it('ADM-7 the filters are those of the list; an export of nothing is its header; only an admin exports', async () => {
    const none = await call(
      app,
      'GET',
      '/admin/audit/export?kind=report_cosigned',
      admin.sessionJwt,
    )
    expect(none.status).toBe(200)
    expect(none.text).toBe(`${HEADER}\r\n`)
    const day = await call(
      app,
      'GET',
      `/admin/audit/export?user=${tricky.userId}&from=2026-04-01&to=2026-04-01&kind=report_saved`,
      admin.sessionJwt,
    )
    expect(parseCsv(day.text)).toHaveLength(5)
    expect((await call(app, 'GET', '/admin/audit/export', tricky.sessionJwt)).status).toBe(403)
  })
})

describe('ADM-8 a long trail', () => {
  it('ADM-8 50,000 events export over a socket as a stream of pages: every event once, newest first, chunked', async () => {
    const EVENTS = 50_000
    await database.db.execute(sql`
      insert into audit_events (kind, user_id, order_id, address, detail, created_at)
      select 'study_opened', 'Ubulk', 'O-' || n, '10.1.' || (n % 250) || '.' || (n % 200),
             jsonb_build_object('n', n), timestamptz '2026-01-01' + n * interval '1 second'
      from generate_series(1, ${EVENTS}) as n`)
    await app.listen({ host: '127.0.0.1', port: 0 })
    const port = (app.server.address() as AddressInfo).port
    const heapBefore = process.memoryUsage().heapUsed
    let heapPeak = heapBefore
    const started = performance.now()
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/admin/audit/export?user=Ubulk`, {
      headers: { authorization: `Bearer ${admin.sessionJwt}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBeNull()
    expect(res.headers.get('transfer-encoding')).toBe('chunked')
    // Read as it arrives, counting lines and keeping the first and last only.
    const decoder = new TextDecoder()
    let lines = 0
    let bytes = 0
    let chunks = 0
    let firstByteMs = 0
    let rest = ''
    let first = ''
    let last = ''
    const reader = res.body!.getReader()
    for (;;) {
      const { value: chunk, done } = await reader.read()
      if (done) break
      if (chunks === 0) firstByteMs = performance.now() - started
      chunks += 1
      bytes += chunk.byteLength
      const text = rest + decoder.decode(chunk, { stream: true })
      const parts = text.split('\r\n')
      rest = parts.pop() ?? ''
      for (const line of parts) {
        if (lines === 1) first = line
        last = line
        lines += 1
      }
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
    }
    const totalMs = performance.now() - started
    expect(rest).toBe('')
    expect(lines).toBe(EVENTS + 1)
    expect(first).toContain('{""n"":50000}')
    expect(last).toContain('{""n"":1}')
    expect(chunks).toBeGreaterThan(EVENTS / 1000)
    // What it cost, for the record (docs/benchmarks.md); not asserted, the machine is shared.
    const mb = (n: number) => Math.round(n / 1e5) / 10
    console.info(
      `ADM-8 export of ${EVENTS} events: ${mb(bytes)} MB in ${chunks} chunks, first byte after ${Math.round(firstByteMs)} ms, all after ${Math.round(totalMs)} ms, heap grew at most ${mb(heapPeak - heapBefore)} MB`,
    )
  })
})
