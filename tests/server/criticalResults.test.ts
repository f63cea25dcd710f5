/**
 * Critical results (issue 18): POST/GET /orders/{id}/report/communications, and the signature's
 * refusal of a report asserting a critical finding nobody has been told of (409
 * `critical_result_not_communicated`, lifted by REQUIRE_CRITICAL_COMMUNICATION=0). The record is
 * part of the signed report: its answer, the HL7 result, the FHIR DiagnosticReport, the audit trail.
 * On PGlite and PostgreSQL.
 */
import type { AddressInfo } from 'node:net'
import { Hl7Message } from '@medplum/core'
import type { DiagnosticReport } from '@medplum/fhirtypes'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  communicationListSchema,
  communicationSchema,
  CRITICAL_NOT_COMMUNICATED_ERROR,
  errorSchema,
  orderListSchema,
  orderSchema,
  reportSchema,
  type CommunicationRequest,
  type ReportSections,
} from '../../contract'
import { loadConfig } from '../../server/config'
import { hl7Outbox } from '../../server/db/schema'
import { listAuditEvents } from '../../server/repo/audit'
import { validateR4 } from '../support/fhirValidator'
import { criticalSections as CRITICAL } from '../support/criticalResult'
import { skipDatabase } from '../support/testDatabase'
import { freshStudies } from '../support/freshStudies'
import { startTestApp, type TestApp } from '../support/testApp'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const NORMAL: ReportSections = {
  ...CRITICAL,
  findings: 'No filling defect.',
  impression: 'Normal.',
}
const CALL: CommunicationRequest = {
  recipient: '  Dr. Grace Hopper ',
  role: 'Referring physician',
  method: 'phone',
  communicated_at: '2026-11-20T09:30:00.000+01:00',
  read_back: true,
}

interface Harness {
  t: TestApp
  token: string
  userId: string
  freshOrder(): string
}

/** The HL7 receiver is a port nobody listens on: results stay in the outbox, as written. */
const NO_RECEIVER = { HL7_SEND_TO: '127.0.0.1:9', HL7_RETRY_MIN_MS: '60000' }

async function harness(env: Record<string, string> = {}): Promise<Harness> {
  const t = await startTestApp({ env: { ...NO_RECEIVER, ...env } })
  const { token, userId } = await t.signUp(undefined, 'Dr Ada Reader')
  return { t, token, userId, freshOrder: await freshStudies(t, token) }
}

function helpers(h: () => Harness) {
  const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    h().t.api(method, path, { token: h().token, ...(body === undefined ? {} : { body }) })
  return {
    api,
    save: async (id: string, sections: ReportSections) => {
      const res = await api('PUT', `/orders/${id}/report`, { sections })
      expect(res.statusCode).toBe(200)
    },
    finalize: (id: string, body?: unknown) => api('POST', `/orders/${id}/report/finalize`, body),
    tell: (id: string, body: unknown = CALL) =>
      api('POST', `/orders/${id}/report/communications`, body),
    listed: async (id: string) =>
      communicationListSchema.parse(
        (await api('GET', `/orders/${id}/report/communications`)).json(),
      ),
    order: async (id: string) => orderSchema.parse((await api('GET', `/orders/${id}`)).json()),
    outbox: (id: string) =>
      h().t.db.select().from(hl7Outbox).where(eq(hl7Outbox.orderId, id)).orderBy(asc(hl7Outbox.id)),
  }
}

describe.skipIf(skipDatabase)('critical results communicated', () => {
  let h: Harness
  const { api, save, finalize, tell, listed, order, outbox } = helpers(() => h)

  beforeAll(async () => {
    h = await harness()
  })
  afterAll(() => h.t.close())

  it('CR-1 POST answers 201 with the stored record and who recorded it; GET lists them oldest first', async () => {
    const id = h.freshOrder()
    const res = await tell(id)
    expect(res.statusCode).toBe(201)
    const record = communicationSchema.parse(res.json())
    expect(record).toMatchObject({
      recipient: 'Dr. Grace Hopper',
      role: 'Referring physician',
      method: 'phone',
      communicated_at: '2026-11-20T08:30:00.000Z',
      read_back: true,
      recorded_by: { user_id: h.userId, name: 'Dr Ada Reader' },
    })
    expect(Object.keys(res.json<object>()).sort()).toEqual(
      [
        'id',
        'recipient',
        'role',
        'method',
        'communicated_at',
        'read_back',
        'recorded_by',
        'recorded_at',
      ].sort(),
    )
    const second = communicationSchema.parse(
      (await tell(id, { ...CALL, method: 'secure_message', read_back: false })).json(),
    )
    expect(await listed(id)).toEqual([record, second])
    expect(await listed(h.freshOrder())).toEqual([])
  })

  it('CR-2 a malformed record answers 400 naming the field, an unknown order 404, no session 401; nothing is stored', async () => {
    const id = h.freshOrder()
    const bad: [unknown, string][] = [
      [{ ...CALL, recipient: '   ' }, 'recipient'],
      [{ ...CALL, role: undefined }, 'role'],
      [{ ...CALL, method: 'fax' }, 'method'],
      [{ ...CALL, communicated_at: '2026-11-20T09:30:00' }, 'communicated_at'],
      [{ ...CALL, communicated_at: '2999-01-01T00:00:00Z' }, 'communicated_at'],
      [{ ...CALL, read_back: 'yes' }, 'read_back'],
      [{ ...CALL, recipient: 'Dr\u0000Who' }, 'recipient'],
      [{ ...CALL, recipient: 'Dr Who\nand more' }, 'recipient'],
      [{ ...CALL, recipient: 'x'.repeat(201) }, 'recipient'],
      [{ ...CALL, extra: 1 }, 'extra'],
      [[CALL], 'body'],
    ]
    for (const [body, field] of bad) {
      const res = await tell(id, body)
      expect(res.statusCode, field).toBe(400)
      expect(errorSchema.parse(res.json()).message).toContain(field)
    }
    expect(await listed(id)).toEqual([])
    expect((await tell(UNKNOWN)).statusCode).toBe(404)
    expect((await api('GET', `/orders/${UNKNOWN}/report/communications`)).statusCode).toBe(404)
    const anonymous = await h.t.api('POST', `/orders/${id}/report/communications`, {
      token: null,
      body: CALL,
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('CR-3 a report asserting a critical finding is not signed until a communication is recorded (409), and nothing is queued', async () => {
    const id = h.freshOrder()
    await save(id, CRITICAL)
    const refused = await finalize(id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: CRITICAL_NOT_COMMUNICATED_ERROR })
    expect((await order(id)).report?.is_final).toBe(false)
    expect(await outbox(id)).toEqual([])
    const kinds = (await listAuditEvents(h.t.db, { orderId: id })).map((e) => e.kind)
    expect(kinds).not.toContain('report_finalized')
  })

  it('CR-4 once recorded, the signature goes through and the signed report carries the communication', async () => {
    const id = h.freshOrder()
    await save(id, CRITICAL)
    const record = communicationSchema.parse((await tell(id)).json())
    const res = await finalize(id)
    expect(res.statusCode).toBe(200)
    const report = reportSchema.parse(res.json())
    expect(report.is_final).toBe(true)
    expect(report.communications).toEqual([record])
    expect((await order(id)).report?.communications).toEqual([record])
    const list = orderListSchema.parse((await api('GET', '/orders')).json())
    expect(list.find((o) => o.id === id)?.report?.communications).toEqual([record])
  })

  it('CR-5 negated, hypothetical and historical critical findings need no communication', async () => {
    for (const impression of [
      'No pulmonary embolism.',
      'Pulmonary embolism is excluded.',
      'Evaluate for pulmonary embolism: none seen.',
      'History of pulmonary embolism, resolved.',
    ]) {
      const id = h.freshOrder()
      await save(id, { ...NORMAL, impression })
      const res = await finalize(id)
      expect(res.statusCode, impression).toBe(200)
    }
    // A critical word outside Findings and Impression is not the report's finding either.
    const id = h.freshOrder()
    await save(id, { ...NORMAL, history: 'Suspected pneumothorax.' })
    expect((await finalize(id)).statusCode).toBe(200)
  })

  it('CR-8 a final report still takes a communication: the version moves on and a corrected HL7 result carries it', async () => {
    const id = h.freshOrder()
    await save(id, NORMAL)
    const signed = reportSchema.parse((await finalize(id)).json())
    const res = await tell(id)
    expect(res.statusCode).toBe(201)
    const record = communicationSchema.parse(res.json())
    const report = (await order(id)).report
    expect(report?.communications).toEqual([record])
    expect(report?.updated_at).not.toBe(signed.updated_at)
    const rows = await outbox(id)
    expect(rows.map((row) => row.kind)).toEqual(['final', 'addendum'])
    const corrected = Hl7Message.parse(rows[1]?.message ?? '')
    expect(corrected.getSegment('OBR')?.getField(25).toString()).toBe('C')
    expect(corrected.toString()).toContain('Critical result communicated to Dr. Grace Hopper')
  })

  it('CR-9 the HL7 result carries each communication as an OBX (CRC) after the impression, its time and who recorded it', async () => {
    const id = h.freshOrder()
    await save(id, CRITICAL)
    await tell(id)
    expect((await finalize(id)).statusCode).toBe(200)
    const [row] = await outbox(id)
    const message = Hl7Message.parse(row?.message ?? '')
    const obx = message.getAllSegments('OBX')
    expect(obx.map((s) => s.getComponent(3, 1))).toEqual(['HIS', 'TEC', 'COM', 'FND', 'IMP', 'CRC'])
    const crc = obx.at(-1)
    expect(crc?.getComponent(3, 2)).toBe('CRITICAL RESULT COMMUNICATION')
    expect(crc?.getField(2).toString()).toBe('TX')
    expect(crc?.getField(5).toString()).toBe(
      'Critical result communicated to Dr. Grace Hopper (Referring physician) by phone at 2026-11-20T08:30:00.000Z; read back.',
    )
    expect(crc?.getField(14).toString()).toBe('20261120083000+0000')
    expect(crc?.getComponent(16, 2)).toBe('Dr Ada Reader')
  })

  it('CR-10 the FHIR DiagnosticReport carries the communication in its text and stays valid R4', async () => {
    const id = h.freshOrder()
    await save(id, CRITICAL)
    await tell(id, { ...CALL, method: 'in_person', read_back: false })
    expect((await finalize(id)).statusCode).toBe(200)
    const res = await api('GET', `/orders/${id}/report/fhir`)
    expect(res.statusCode).toBe(200)
    const resource = res.json<DiagnosticReport>()
    expect(validateR4(resource).filter((issue) => issue.severity !== 'information')).toEqual([])
    const text = Buffer.from(resource.presentedForm?.[0]?.data ?? '', 'base64').toString('utf8')
    expect(text).toContain(
      'Critical result communicated to Dr. Grace Hopper (Referring physician) in person at 2026-11-20T08:30:00.000Z; not read back.',
    )
    expect(text.indexOf('Critical result')).toBeGreaterThan(text.indexOf('IMPRESSION:'))
  })

  it('CR-11 the audit trail records critical_result_communicated with codes only, never who was told', async () => {
    const id = h.freshOrder()
    const record = communicationSchema.parse((await tell(id)).json())
    const events = await listAuditEvents(h.t.db, { orderId: id })
    const event = events.find((e) => e.kind === 'critical_result_communicated')
    expect(event).toMatchObject({
      user_id: h.userId,
      detail: {
        communication_id: record.id,
        method: 'phone',
        read_back: true,
        after_signature: false,
      },
    })
    expect(JSON.stringify(events)).not.toContain('Hopper')
    expect(JSON.stringify(events)).not.toContain('Referring')
  })

  it('CR-7 a signature and a communication sent at once over HTTP: the report is signed with the record, or refused and signed after it', async () => {
    await h.t.app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${String((h.t.app.server.address() as AddressInfo).port)}/api/v1`
    const send = (path: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${h.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    const outcomes = new Set<number>()
    for (let round = 0; round < 6; round += 1) {
      const id = h.freshOrder()
      await save(id, CRITICAL)
      const [signed, told] = await Promise.all([
        send(`/orders/${id}/report/finalize`),
        send(`/orders/${id}/report/communications`, CALL),
      ])
      expect(told.status).toBe(201)
      const record = communicationSchema.parse(await told.json())
      outcomes.add(signed.status)
      if (signed.status === 200) {
        // Signed after the record: the signature carries it.
        expect(reportSchema.parse(await signed.json()).communications).toEqual([record])
      } else {
        expect(signed.status).toBe(409)
        expect(await signed.json()).toMatchObject({ error: CRITICAL_NOT_COMMUNICATED_ERROR })
        const again = await finalize(id)
        expect(again.statusCode).toBe(200)
        expect(reportSchema.parse(again.json()).communications).toEqual([record])
      }
    }
    expect([...outcomes].every((status) => status === 200 || status === 409)).toBe(true)
  })
})

describe('REQUIRE_CRITICAL_COMMUNICATION', () => {
  it('CR-13 is on unless set to 0, false or no; any other value stops the server at start-up naming it', () => {
    expect(loadConfig({}).requireCriticalCommunication).toBe(true)
    for (const on of ['1', 'true', 'yes', ''])
      expect(loadConfig({ REQUIRE_CRITICAL_COMMUNICATION: on }).requireCriticalCommunication).toBe(
        true,
      )
    for (const off of ['0', 'false', 'no'])
      expect(loadConfig({ REQUIRE_CRITICAL_COMMUNICATION: off }).requireCriticalCommunication).toBe(
        false,
      )
    expect(() => loadConfig({ REQUIRE_CRITICAL_COMMUNICATION: 'off' })).toThrow(
      /REQUIRE_CRITICAL_COMMUNICATION/,
    )
  })
})

describe.skipIf(skipDatabase)('REQUIRE_CRITICAL_COMMUNICATION=0', () => {
  let h: Harness
  const { save, finalize } = helpers(() => h)

  beforeAll(async () => {
    h = await harness({ REQUIRE_CRITICAL_COMMUNICATION: '0' })
  })
  afterAll(() => h.t.close())

  it('CR-6 with the setting off, a critical finding is signed without a communication', async () => {
    const id = h.freshOrder()
    await save(id, CRITICAL)
    const res = await finalize(id)
    expect(res.statusCode).toBe(200)
    expect(reportSchema.parse(res.json()).communications).toEqual([])
  })
})
