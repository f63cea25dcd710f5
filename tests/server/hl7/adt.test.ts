/**
 * The hospital's ADT feed (HL7 v2.5.1 chapter 3, IHE RAD-12), over real MLLP to the server's
 * listener, each ACK read by npm `hl7v2`: A08 and A31 update a patient's demographics and so
 * their orders' worklist rows, live; A40 moves the merged MRN's orders to the surviving patient.
 * Each in one transaction, acknowledged, and a resend changes nothing.
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ordersVersion } from '../../../server/repo/worklist'
import { sendFrame } from '../../support/mllpPeer'
import { openStream, type TestStream } from '../../support/sse'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { inboundCount, orderByAccession, orm, patientByMrn } from './support'
import { readAck } from './wire'

let counter = 0
const adt = (event: string, ...segments: string[]) => {
  counter += 1
  const structure = event === 'A40' ? 'ADT_A39' : event === 'A31' ? 'ADT_A05' : 'ADT_A01'
  return [
    `MSH|^~\\&|ADT|HOSP|READOUT|RAD|20261125083000||ADT^${event}^${structure}|ADT${Date.now()}-${counter}|P|2.5.1`,
    `EVN|${event}|20261125083000`,
    ...segments,
  ].join('\r')
}

describe.skipIf(skipDatabase)('HL7 patient messages (ADT)', () => {
  let t: TestApp
  let port: number
  let base: string
  let token: string
  const streams: TestStream[] = []

  beforeAll(async () => {
    t = await startTestApp({ env: { HL7_LISTEN_PORT: '0' } })
    port = t.app.hl7.port() ?? 0
    token = (await t.signUp(undefined, 'Dr Feed')).token
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const stream of streams) stream.close()
    t.app.server.closeAllConnections()
    await t.close()
  })

  const send = async (message: string) => readAck(await sendFrame(port, message))

  it("INT-58 ADT^A08 and A31 update the patient's demographics, each of their orders tells the live worklist; an unknown patient is acknowledged and not created; a resend changes nothing", async () => {
    const mrn = 'INT58-MRN'
    await sendFrame(port, orm({ accession: 'INT58-A', mrn, family: 'Before', given: 'Ann' }))
    await sendFrame(port, orm({ accession: 'INT58-B', mrn, family: 'Before', given: 'Ann' }))
    const stream = await openStream(base, token)
    streams.push(stream)
    await stream.next((event) => event.type === 'ready')
    const a08 = adt('A08', `PID|1||${mrn}^^^HOSP^MR||After^Ann||19610615|F`)
    const ack = await send(a08)
    expect(ack.code).toBe('AA')
    expect(ack.type).toMatch(/^ACK\^A08/)
    for (const accession of ['INT58-A', 'INT58-B']) {
      const event = await stream.next(
        (e) => e.data.includes(`"${accession}"`) && e.data.includes('"After"'),
      )
      expect(event.type).toBe('order.updated')
    }
    expect(await patientByMrn(t.db, mrn)).toMatchObject({
      lastName: 'After',
      dateOfBirth: '1961-06-15',
    })
    // A resend: the same answer, nothing written.
    const records = await inboundCount(t.db)
    const version = await ordersVersion(t.db)
    expect(await send(a08)).toMatchObject({ code: 'AA', acknowledges: ack.acknowledges })
    expect(await inboundCount(t.db)).toBe(records)
    expect(await ordersVersion(t.db)).toBe(version)
    // A31 sends only a sex: the name and birth date stay.
    expect((await send(adt('A31', `PID|1||${mrn}^^^HOSP^MR|||||O`))).code).toBe('AA')
    expect(await patientByMrn(t.db, mrn)).toMatchObject({ lastName: 'After', sex: 'other' })
    // A patient Readout does not hold: acknowledged, not created.
    expect((await send(adt('A08', 'PID|1||INT58-NONE^^^HOSP^MR||Nobody^Nora'))).code).toBe('AA')
    expect(await patientByMrn(t.db, 'INT58-NONE')).toBeUndefined()
  })

  it('INT-59 ADT^A40 moves every order of the merged MRN (MRG-1) to the surviving patient (PID-3) in one transaction; a survivor not yet held takes over the merged record; a resend changes nothing', async () => {
    await sendFrame(port, orm({ accession: 'INT59-OLD1', mrn: 'INT59-OLD', family: 'Dup' }))
    await sendFrame(port, orm({ accession: 'INT59-OLD2', mrn: 'INT59-OLD', family: 'Dup' }))
    await sendFrame(port, orm({ accession: 'INT59-KEEP', mrn: 'INT59-KEEP', family: 'Kept' }))
    const merge = adt(
      'A40',
      'PID|1||INT59-KEEP^^^HOSP^MR||Kept^Kim||19700101|F',
      'MRG|INT59-OLD^^^HOSP^MR',
    )
    const ack = await send(merge)
    expect(ack.code).toBe('AA')
    expect(ack.type).toMatch(/^ACK\^A40/)
    for (const accession of ['INT59-OLD1', 'INT59-OLD2', 'INT59-KEEP']) {
      expect((await orderByAccession(t.db, accession))?.patient.mrn).toBe('INT59-KEEP')
    }
    const page = await t.api('GET', '/orders?limit=50&q=INT59-OLD1', { token })
    expect(
      page.json<{ items: { patient: { last_name: string } }[] }>().items[0]?.patient.last_name,
    ).toBe('Kept')
    const version = await ordersVersion(t.db)
    expect((await send(merge)).code).toBe('AA')
    expect(await ordersVersion(t.db)).toBe(version)
    // The survivor is new to Readout: the merged record is theirs now.
    await sendFrame(port, orm({ accession: 'INT59-SOLO', mrn: 'INT59-SOLO-OLD', family: 'Solo' }))
    const rekey = adt('A40', 'PID|1||INT59-SOLO-NEW^^^HOSP^MR', 'MRG|INT59-SOLO-OLD^^^HOSP^MR')
    expect((await send(rekey)).code).toBe('AA')
    expect((await orderByAccession(t.db, 'INT59-SOLO'))?.patient).toMatchObject({
      mrn: 'INT59-SOLO-NEW',
      lastName: 'Solo',
    })
    expect(await patientByMrn(t.db, 'INT59-SOLO-OLD')).toBeUndefined()
    // Without MRG, or MRG naming the survivor: refused, naming MRG-1.
    const noMrg = await send(adt('A40', 'PID|1||INT59-KEEP^^^HOSP^MR'))
    expect(noMrg.errors).toEqual([{ location: 'MRG^1^1', code: '100' }])
    const self = await send(adt('A40', 'PID|1||INT59-KEEP^^^HOSP^MR', 'MRG|INT59-KEEP^^^HOSP^MR'))
    expect(self.errors).toEqual([{ location: 'MRG^1^1', code: '102' }])
  })
})
