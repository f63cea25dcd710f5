/**
 * Orders in (issue 17): real MLLP over TCP on loopback to the server's listener, on PGlite and
 * PostgreSQL. Each message is applied in one transaction and acknowledged; resends change nothing;
 * refused messages name their field and write nothing; cancelled orders leave every list; the
 * live worklist hears of what came in.
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderPageSchema } from '../../../contract'
import { ordersVersion } from '../../../server/repo/worklist'
import { ackOf, framed, sendFrame, sendFrames } from '../../support/mllpPeer'
import { openStream, type TestStream } from '../../support/sse'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { inboundCount, orderByAccession, orm, patientByMrn, type OrmOptions } from './support'

describe.skipIf(skipDatabase)('HL7 orders in over MLLP', () => {
  let t: TestApp
  let port: number
  let base: string
  let token: string
  const streams: TestStream[] = []

  beforeAll(async () => {
    t = await startTestApp({
      env: { HL7_LISTEN_PORT: '0', HL7_TIME_ZONE: 'America/New_York' },
    })
    port = t.app.hl7.port() ?? 0
    token = (await t.signUp(undefined, 'Dr Interface')).token
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const stream of streams) stream.close()
    t.app.server.closeAllConnections()
    await t.close()
  })

  const search = async (q: string, extra = '') => {
    const res = await t.api('GET', `/orders?limit=50&q=${encodeURIComponent(q)}${extra}`, {
      token,
    })
    return orderPageSchema.parse(res.json())
  }

  it('INT-1 a new order (order control NW) creates the patient and the order and is answered AA', async () => {
    const message = orm({
      accession: 'INT1-ACC',
      mrn: 'INT1-MRN',
      family: 'Lovelace',
      given: 'Ada',
      sex: 'F',
      priority: 'S',
      modality: 'DX',
      description: 'XR CHEST 2 VIEWS',
      orderedAt: '20261125083000',
      indication: 'Cough \\T\\ fever',
      uid: '1.2.826.0.1.3680043.8.498.1',
    })
    const ack = ackOf(await sendFrame(port, message))
    expect(ack.code).toBe('AA')
    expect(ack.controlId).toMatch(/^CTRL/)
    const row = await orderByAccession(t.db, 'INT1-ACC')
    expect(row?.patient).toMatchObject({
      mrn: 'INT1-MRN',
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1970-02-14',
      sex: 'female',
    })
    expect(row?.order).toMatchObject({
      status: 'scheduled',
      modality: 'XR',
      bodyPart: 'chest',
      studyDescription: 'XR CHEST 2 VIEWS',
      priority: 'stat',
      indication: 'Cough & fever',
      studyInstanceUid: '1.2.826.0.1.3680043.8.498.1',
    })
    // No offset: the configured zone (America/New_York, UTC-5 in November).
    expect(row?.order.orderedAt.toISOString()).toBe('2026-11-25T13:30:00.000Z')
    const page = await search('INT1-ACC')
    expect(page.items.map((o) => o.accession_number)).toEqual(['INT1-ACC'])
  })

  it('INT-2 an order that came over MLLP reaches an open live-event stream', async () => {
    const stream = await openStream(base, token)
    streams.push(stream)
    await stream.next((event) => event.type === 'ready')
    expect(ackOf(await sendFrame(port, orm({ accession: 'INT2-ACC' }))).code).toBe('AA')
    const created = await stream.next((event) => {
      if (event.type !== 'order.created') return false
      const data = JSON.parse(event.data) as { order: { accession_number?: string } | null }
      return data.order?.accession_number === 'INT2-ACC'
    })
    expect(created.type).toBe('order.created')
  })

  it('INT-3 a resend with the same sender and control id is answered as the first time and changes nothing', async () => {
    const message = orm({ accession: 'INT3-ACC', controlId: 'INT3-CTRL' })
    const first = await sendFrame(port, message)
    const records = await inboundCount(t.db)
    const version = await ordersVersion(t.db)
    // The resend carries other content under the same control id: it is still the same message.
    const resent = await sendFrame(port, message.replace('CT CHEST', 'MR BRAIN'))
    expect(ackOf(resent)).toEqual(ackOf(first))
    expect(await inboundCount(t.db)).toBe(records)
    expect(await ordersVersion(t.db)).toBe(version)
    expect((await orderByAccession(t.db, 'INT3-ACC'))?.order.studyDescription).toBe(
      'CT CHEST WITH CONTRAST',
    )
  })

  it('INT-4 NW for a known accession updates the order; identical content under a new control id moves nothing', async () => {
    const fields = { accession: 'INT4-ACC', mrn: 'INT4-MRN' }
    expect(ackOf(await sendFrame(port, orm(fields))).code).toBe('AA')
    const id = (await orderByAccession(t.db, 'INT4-ACC'))?.order.id
    expect(ackOf(await sendFrame(port, orm({ ...fields, priority: 'A' }))).code).toBe('AA')
    const updated = await orderByAccession(t.db, 'INT4-ACC')
    expect(updated?.order.id).toBe(id)
    expect(updated?.order.priority).toBe('urgent')
    const version = await ordersVersion(t.db)
    const stream = await openStream(base, token)
    streams.push(stream)
    await stream.next((event) => event.type === 'ready')
    expect(ackOf(await sendFrame(port, orm({ ...fields, priority: 'A' }))).code).toBe('AA')
    // A marker afterwards: when its event arrives, any event of the identical resend would have too.
    expect(ackOf(await sendFrame(port, orm({ accession: 'INT4-MARK' }))).code).toBe('AA')
    await stream.next((event) => event.data.includes('INT4-MARK'))
    expect(stream.events.filter((event) => event.data.includes('"INT4-ACC"'))).toEqual([])
    expect(await ordersVersion(t.db)).toBe(version + 1)
  })

  it('INT-5 CA cancels: the order is kept but leaves the worklist, its pages, counts and Next study; Clear All does not bring it back', async () => {
    expect(ackOf(await sendFrame(port, orm({ accession: 'INT5-ACC', priority: 'S' }))).code).toBe(
      'AA',
    )
    const id = (await orderByAccession(t.db, 'INT5-ACC'))?.order.id ?? ''
    await t.api('PUT', `/orders/${id}/report`, {
      token,
      body: {
        sections: { history: 'h', technique: '', comparison: '', findings: 'f', impression: 'i' },
      },
    })
    expect(ackOf(await sendFrame(port, orm({ accession: 'INT5-ACC', control: 'CA' }))).code).toBe(
      'AA',
    )
    const row = await orderByAccession(t.db, 'INT5-ACC')
    expect(row?.order.status).toBe('cancelled')
    expect((await search('INT5-ACC')).total).toBe(0)
    expect((await search('INT5-ACC', '&status=cancelled')).total).toBe(1)
    const whole = (await t.api('GET', '/orders', { token })).json<{ id: string }[]>()
    expect(whole.some((o) => o.id === id)).toBe(false)
    const page = orderPageSchema.parse((await t.api('GET', '/orders?limit=500', { token })).json())
    expect(page.items.some((o) => o.id === id)).toBe(false)
    expect(page.total).toBe(whole.length)
    // The report written before the cancel is still there.
    const order = (await t.api('GET', `/orders/${id}`, { token })).json<{
      status: string
      report: { sections: { findings: string } } | null
    }>()
    expect(order.status).toBe('cancelled')
    expect(order.report?.sections.findings).toBe('f')
    await t.api('DELETE', `/orders/${id}/conversation`, { token })
    expect((await orderByAccession(t.db, 'INT5-ACC'))?.order.status).toBe('cancelled')
    // Next study never hands out a cancelled order, however urgent.
    for (;;) {
      const next = await t.api('POST', '/worklist/next', { token })
      if (next.statusCode === 204) break
      expect(next.json<{ id: string }>().id).not.toBe(id)
    }
    // A CA for an accession nobody knows is refused, naming OBR-18.
    const unknown = ackOf(await sendFrame(port, orm({ accession: 'INT5-NONE', control: 'CA' })))
    expect(unknown.code).toBe('AE')
    expect(unknown.errors[0]).toContain('|OBR^1^18|204^')
  })

  it('INT-6 a message that cannot be applied is answered AE with ERR naming the field, and nothing is written', async () => {
    const cases: [OrmOptions, string, string][] = [
      [{ mrn: '' }, 'PID^1^3', '101'],
      [{ birth: '1970-02-14' }, 'PID^1^7', '102'],
      [{ modality: '' }, 'OBR^1^24', '101'],
      [{ orderedAt: '2026-13-45' }, 'ORC^1^9', '102'],
      [{ uid: 'not-a-uid' }, 'ZDS^1^1', '102'],
    ]
    for (const [fields, location, code] of cases) {
      const mrn = fields.mrn ?? `INT6-${code}-${location}`
      const accession = `INT6-${location}`
      const ack = ackOf(await sendFrame(port, orm({ mrn, accession, ...fields })))
      expect(ack.code).toBe('AE')
      expect(ack.errors).toHaveLength(1)
      const err = (ack.errors[0] ?? '').split('|')
      expect(err[2]).toBe(location)
      expect(err[3]).toBe(
        `${code}^${code === '101' ? 'Required field missing' : 'Data type error'}^HL70357`,
      )
      expect(err[4]).toBe('E')
      expect(err[8]).toMatch(/\S/)
      expect(await orderByAccession(t.db, accession)).toBeUndefined()
      if (mrn !== '') expect(await patientByMrn(t.db, mrn)).toBeUndefined()
    }
  })

  it('INT-7 unsupported message types, processing ids and versions are answered AR', async () => {
    const type = ackOf(await sendFrame(port, orm({ type: 'ORU^R01' })))
    expect(type.code).toBe('AR')
    expect(type.errors[0]).toContain('|MSH^1^9|200^')
    // ADT is read (A08, A31, A40: INT-58, INT-59); its other events are unsupported events.
    const event = ackOf(await sendFrame(port, orm({ type: 'ADT^A01' })))
    expect(event.code).toBe('AR')
    expect(event.errors[0]).toContain('|MSH^1^9|201^')
    const processing = ackOf(await sendFrame(port, orm({ processingId: 'D' })))
    expect(processing.code).toBe('AR')
    expect(processing.errors[0]).toContain('|MSH^1^11|202^')
    const version = ackOf(await sendFrame(port, orm({ version: '2.8' })))
    expect(version.code).toBe('AR')
    expect(version.errors[0]).toContain('|MSH^1^12|203^')
  })

  it('INT-8 a frame that is not HL7 is refused (AR) and the connection goes on with the next message', async () => {
    const [refused, applied] = await sendFrames(
      port,
      [framed('GET / HTTP/1.1'), framed(orm({ accession: 'INT8-ACC' }))],
      2,
    )
    expect(ackOf(refused ?? '').code).toBe('AR')
    expect(ackOf(refused ?? '').errors[0]).toContain('100^')
    expect(ackOf(applied ?? '').code).toBe('AA')
    expect(await orderByAccession(t.db, 'INT8-ACC')).toBeDefined()
  })

  it('INT-9 frames are whole whatever the TCP chunks: byte by byte, two in one write, end bytes apart, noise between', async () => {
    const one = framed(orm({ accession: 'INT9-A' }))
    const bytes = [...Buffer.from(one)].map((b) => Buffer.from([b]))
    expect(ackOf((await sendFrames(port, bytes))[0] ?? '').code).toBe('AA')
    const two = framed(orm({ accession: 'INT9-B' })) + '\r\n' + framed(orm({ accession: 'INT9-C' }))
    const answers = await sendFrames(port, [two.slice(0, -1), two.slice(-1)], 2)
    expect(answers.map((a) => ackOf(a).code)).toEqual(['AA', 'AA'])
    for (const accession of ['INT9-A', 'INT9-B', 'INT9-C']) {
      expect(await orderByAccession(t.db, accession)).toBeDefined()
    }
  })

  it('INT-10 parallel connections sending NW for one accession make one order', async () => {
    const messages = Array.from({ length: 8 }, (_, i) =>
      orm({ accession: 'INT10-ACC', mrn: 'INT10-MRN', priority: i % 2 === 0 ? 'S' : 'R' }),
    )
    const acks = await Promise.all(messages.map((message) => sendFrame(port, message)))
    expect(acks.map((ack) => ackOf(ack).code)).toEqual(Array<string>(8).fill('AA'))
    const page = await search('INT10-ACC')
    expect(page.total).toBe(1)
    // The same message on parallel connections: one record, one answer.
    const same = orm({ accession: 'INT10-SAME', controlId: 'INT10-SAME-CTRL' })
    const records = await inboundCount(t.db)
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendFrame(port, same)))
    expect(new Set(answers.map((a) => ackOf(a).code))).toEqual(new Set(['AA']))
    expect(await inboundCount(t.db)).toBe(records + 1)
  })

  it("INT-11 a patient's new name reaches the live worklist through each of their orders", async () => {
    const mrn = 'INT11-MRN'
    await sendFrame(port, orm({ accession: 'INT11-A', mrn, family: 'Before' }))
    await sendFrame(port, orm({ accession: 'INT11-B', mrn, family: 'Before' }))
    const stream = await openStream(base, token)
    streams.push(stream)
    await stream.next((event) => event.type === 'ready')
    const version = await ordersVersion(t.db)
    // A message about order A renames the patient: order B is news too.
    await sendFrame(port, orm({ accession: 'INT11-A', mrn, family: 'After' }))
    const event = await stream.next(
      (e) => e.data.includes('"INT11-B"') && e.data.includes('"After"'),
    )
    expect(event.type).toBe('order.updated')
    expect(await ordersVersion(t.db)).toBeGreaterThan(version)
  })

  it('INT-12 OMI^O23 under IHE Scheduled Workflow: IPC accession, Study Instance UID and modality, TQ1 priority, times with offsets', async () => {
    const message = [
      'MSH|^~\\&|RIS|HOSP|READOUT|RAD|20261125083000+0100||OMI^O23^OMI_O23|INT12-CTRL|P|2.5.1||||||UNICODE UTF-8',
      'PID|1||INT12-MRN^^^HOSP^MR~OTHER^^^X||Müller^Jürgen||19650101|M',
      'ORC|NW|PL12|FI12||SC||||20261125091500+0100',
      'TQ1|1||||||20261125100000+0100||A',
      'OBR|1|PL12|FI12|^MR KNEE LEFT WITHOUT CONTRAST|||||||||||^^^knee',
      'IPC|INT12-ACC|RP12|1.2.840.113619.2.55.3.12|SPS12|CR',
    ].join('\r')
    expect(ackOf(await sendFrame(port, message)).code).toBe('AA')
    const row = await orderByAccession(t.db, 'INT12-ACC')
    expect(row?.patient).toMatchObject({
      mrn: 'INT12-MRN',
      lastName: 'Müller',
      firstName: 'Jürgen',
    })
    expect(row?.order).toMatchObject({
      modality: 'XR',
      bodyPart: 'knee',
      priority: 'urgent',
      studyInstanceUid: '1.2.840.113619.2.55.3.12',
      studyDescription: 'MR KNEE LEFT WITHOUT CONTRAST',
    })
    expect(row?.order.orderedAt.toISOString()).toBe('2026-11-25T08:15:00.000Z')
  })
})
