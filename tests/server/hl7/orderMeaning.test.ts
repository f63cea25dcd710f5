/**
 * What an order message means (HL7 v2.5.1 chapters 2 and 4, IHE RAD-4/RAD-13), over real MLLP
 * to the server's listener, each ACK read by npm `hl7v2`: the MRN is PID-3's MR identifier; a
 * field not sent keeps its value and `""` deletes it; DC and OC cancel, SC is accepted; PID-7 is
 * optional; nothing longer than its limit is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_LIMITS } from '../../../contract'
import { ordersVersion } from '../../../server/repo/worklist'
import { sendFrame } from '../../support/mllpPeer'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { readOrderMessage } from '../../../server/integration/hl7/orderMessage'
import { inboundCount, orderByAccession, patientByMrn } from './support'
import { readAck } from './wire'

let counter = 0

/** An ORM^O01 v2.5 from segments after MSH (each a line of fields). */
function ormOf(...segments: string[]): string {
  counter += 1
  return [
    `MSH|^~\\&|RIS|HOSP|READOUT|RAD|20261125083000||ORM^O01|MEAN${Date.now()}-${counter}|P|2.5`,
    ...segments,
  ].join('\r')
}

const obr = (accession: string, rest: Record<number, string> = {}) => {
  const fields: string[] = Array<string>(32).fill('')
  fields[1] = '1'
  fields[2] = `P-${accession}`
  fields[3] = `F-${accession}`
  fields[4] = '71260^CT CHEST WITH CONTRAST^C4'
  fields[18] = accession
  fields[24] = 'CT'
  fields[31] = '^Cough'
  for (const [field, value] of Object.entries(rest)) fields[Number(field)] = value
  return ['OBR', ...fields.slice(1)].join('|')
}

describe.skipIf(skipDatabase)('what an HL7 order message means', () => {
  let t: TestApp
  let port: number
  let token: string

  beforeAll(async () => {
    t = await startTestApp({ env: { HL7_LISTEN_PORT: '0', HL7_TIME_ZONE: 'UTC' } })
    port = t.app.hl7.port() ?? 0
    token = (await t.signUp(undefined, 'Dr Meaning')).token
  })
  afterAll(async () => {
    await t.close()
  })

  const send = async (message: string) => readAck(await sendFrame(port, message))

  it('INT-51 the MRN is the PID-3 repetition typed MR (with its authority), never an SSN sent first; untyped v2.3 identifiers fall back to the first; typed ones without MR are refused (AE 204)', async () => {
    const pid = 'PID|1||123-45-6789^^^SSA^SS~INT51-MRN^^^HOSP&1.2.3&ISO^MR||Doe^Jane||19800101|F'
    expect((await send(ormOf(pid, 'ORC|NW', obr('INT51-A')))).code).toBe('AA')
    const row = await orderByAccession(t.db, 'INT51-A')
    expect(row?.patient).toMatchObject({ mrn: 'INT51-MRN', mrnAuthority: 'HOSP' })
    expect(await patientByMrn(t.db, '123-45-6789')).toBeUndefined()
    // Only an OID names the authority: it is kept.
    const oid = 'PID|1||INT51-OID^^^&2.16.840.1.113883.19&ISO^MR||Doe^John||19800101|M'
    expect((await send(ormOf(oid, 'ORC|NW', obr('INT51-B')))).code).toBe('AA')
    expect((await patientByMrn(t.db, 'INT51-OID'))?.mrnAuthority).toBe('2.16.840.1.113883.19')
    // A v2.3 sender types nothing: the first identifier without a type.
    const untyped = 'PID|1||INT51-OLD~999^^^SSA^SS||Roe^Rita||19700101|F'
    expect((await send(ormOf(untyped, 'ORC|NW', obr('INT51-C')))).code).toBe('AA')
    expect((await orderByAccession(t.db, 'INT51-C'))?.patient.mrn).toBe('INT51-OLD')
    // Typed identifiers, none of them an MRN: refused, naming PID-3, nothing written.
    const noMrn = 'PID|1||555^^^SSA^SS~777^^^DMV^DL||Poe^Paul||19700101|M'
    const ack = await send(ormOf(noMrn, 'ORC|NW', obr('INT51-D')))
    expect(ack.code).toBe('AE')
    expect(ack.errors).toEqual([{ location: 'PID^1^3', code: '204' }])
    expect(await orderByAccession(t.db, 'INT51-D')).toBeUndefined()
  })

  it('INT-52 an update (XO) that leaves out OBR-31 and the Study Instance UID keeps them; "" deletes them, never stored as the text ""', async () => {
    const pid = 'PID|1||INT52-MRN^^^HOSP^MR||Doe^Jane||19800101|F'
    const uid = '1.2.826.0.1.3680043.8.498.52'
    expect(
      (await send(ormOf(pid, 'ORC|NW', obr('INT52'), `ZDS|${uid}^^Application^DICOM`))).code,
    ).toBe('AA')
    // XO with a new priority only: OBR-31 empty, no ZDS, no OBR-4.
    const xo = obr('INT52', { 4: '', 24: '', 27: '^^^^^S', 31: '' })
    expect((await send(ormOf(pid, 'ORC|XO', xo))).code).toBe('AA')
    expect((await orderByAccession(t.db, 'INT52'))?.order).toMatchObject({
      priority: 'stat',
      indication: 'Cough',
      studyInstanceUid: uid,
      studyDescription: 'CT CHEST WITH CONTRAST',
      modality: 'CT',
    })
    const version = await ordersVersion(t.db)
    expect((await send(ormOf(pid, 'ORC|XO', xo))).code).toBe('AA')
    expect(await ordersVersion(t.db)).toBe(version)
    // "" deletes the indication and the UID.
    const deleting = obr('INT52', { 4: '', 24: '', 31: '""' })
    expect((await send(ormOf(pid, 'ORC|XO', deleting, 'ZDS|""'))).code).toBe('AA')
    expect((await orderByAccession(t.db, 'INT52'))?.order).toMatchObject({
      indication: '',
      studyInstanceUid: null,
      priority: 'stat',
    })
    // A required field cannot be deleted: AE 101 naming it, nothing changed.
    for (const [fields, location] of [
      [{ 4: '""' }, 'OBR^1^4'],
      [{ 24: '""' }, 'OBR^1^24'],
    ] as const) {
      const ack = await send(ormOf(pid, 'ORC|XO', obr('INT52', fields)))
      expect(ack.code).toBe('AE')
      expect(ack.errors).toEqual([{ location, code: '101' }])
    }
    expect((await orderByAccession(t.db, 'INT52'))?.order.modality).toBe('CT')
  })

  it('INT-53 patient fields too: PID-7 and PID-8 not sent keep theirs, "" deletes them; PID-5 "" is refused (AE 101); a new order needs OBR-4 and a modality', async () => {
    const full = 'PID|1||INT53-MRN^^^HOSP^MR||Doe^Jane^Q||19800101|F'
    expect((await send(ormOf(full, 'ORC|NW', obr('INT53-A')))).code).toBe('AA')
    const bare = 'PID|1||INT53-MRN^^^HOSP^MR'
    expect((await send(ormOf(bare, 'ORC|NW', obr('INT53-B')))).code).toBe('AA')
    expect(await patientByMrn(t.db, 'INT53-MRN')).toMatchObject({
      firstName: 'Jane Q',
      lastName: 'Doe',
      dateOfBirth: '1980-01-01',
      sex: 'female',
      mrnAuthority: 'HOSP',
    })
    const deleting = 'PID|1||INT53-MRN^^^HOSP^MR||Doe^Jane||""|""'
    expect((await send(ormOf(deleting, 'ORC|XO', obr('INT53-A')))).code).toBe('AA')
    expect(await patientByMrn(t.db, 'INT53-MRN')).toMatchObject({
      firstName: 'Jane',
      dateOfBirth: null,
      sex: 'unknown',
    })
    const noName = await send(ormOf('PID|1||INT53-MRN^^^HOSP^MR||""', 'ORC|XO', obr('INT53-A')))
    expect(noName.code).toBe('AE')
    expect(noName.errors).toEqual([{ location: 'PID^1^5', code: '101' }])
    // A new patient without PID-5, a new order without OBR-4 or modality: refused, nothing written.
    const records = await inboundCount(t.db)
    const newPatient = await send(ormOf('PID|1||INT53-NEW^^^HOSP^MR', 'ORC|NW', obr('INT53-C')))
    expect(newPatient.errors).toEqual([{ location: 'PID^1^5', code: '101' }])
    const newOrder = await send(ormOf(full, 'ORC|NW', obr('INT53-D', { 4: '', 24: '' })))
    expect(newOrder.errors).toEqual([
      { location: 'OBR^1^4', code: '101' },
      { location: 'OBR^1^24', code: '101' },
    ])
    expect(await orderByAccession(t.db, 'INT53-C')).toBeUndefined()
    expect(await orderByAccession(t.db, 'INT53-D')).toBeUndefined()
    expect(await patientByMrn(t.db, 'INT53-NEW')).toBeUndefined()
    expect(await inboundCount(t.db)).toBe(records + 2)
  })

  it('INT-54 DC and OC cancel as CA does (IHE RAD-13); SC is accepted (AA) and changes nothing', async () => {
    const pid = 'PID|1||INT54-MRN^^^HOSP^MR||Doe^Jane||19800101|F'
    for (const control of ['DC', 'OC']) {
      const accession = `INT54-${control}`
      expect((await send(ormOf(pid, 'ORC|NW', obr(accession)))).code).toBe('AA')
      expect((await send(ormOf(pid, `ORC|${control}`, obr(accession)))).code).toBe('AA')
      expect((await orderByAccession(t.db, accession))?.order.status).toBe('cancelled')
      const page = await t.api('GET', `/orders?limit=50&q=${accession}`, { token })
      expect(page.json<{ total: number }>().total).toBe(0)
    }
    expect((await send(ormOf(pid, 'ORC|NW', obr('INT54-SC')))).code).toBe('AA')
    const before = await orderByAccession(t.db, 'INT54-SC')
    const version = await ordersVersion(t.db)
    const sc = obr('INT54-SC', { 4: '71250^CT HEAD^C4', 27: '^^^^^S' })
    expect((await send(ormOf(pid, 'ORC|SC|||CM', sc))).code).toBe('AA')
    expect(await orderByAccession(t.db, 'INT54-SC')).toEqual(before)
    expect(await ordersVersion(t.db)).toBe(version)
    // Other order controls are still refused, naming ORC-1.
    const unknown = await send(ormOf(pid, 'ORC|ZZ', obr('INT54-ZZ')))
    expect(unknown.errors).toEqual([{ location: 'ORC^1^1', code: '103' }])
  })

  it('INT-55 the placer and filler order numbers and the procedure code with its coding system are stored as sent', async () => {
    const pid = 'PID|1||INT55-MRN^^^HOSP^MR||Doe^Jane||19800101|F'
    const orc = 'ORC|NW|PL-55^RIS|FI-55^PACS'
    expect(
      (await send(ormOf(pid, orc, obr('INT55', { 2: '', 3: '', 4: 'RPID55^CT ABDOMEN^RADLEX' }))))
        .code,
    ).toBe('AA')
    expect((await orderByAccession(t.db, 'INT55'))?.order).toMatchObject({
      placerOrderNumber: 'PL-55',
      fillerOrderNumber: 'FI-55',
      procedureCode: 'RPID55',
      procedureCodingSystem: 'RADLEX',
      studyDescription: 'CT ABDOMEN',
    })
  })

  it('INT-56 a field longer than its limit is refused (AE 102 naming it) and never stored: a 10 MB indication, a long MRN, a long description', async () => {
    const pid = (mrn: string) => `PID|1||${mrn}^^^HOSP^MR||Doe^Jane||19800101|F`
    // 10 MB: the whole message is over the listener's cap (INT-48), refused before reading.
    const huge = await send(
      ormOf(pid('INT56-MRN'), 'ORC|NW', obr('INT56-A', { 31: `^${'x'.repeat(10 * 1024 * 1024)}` })),
    )
    expect(huge.code).not.toBe('AA')
    const long = 'x'.repeat(ORDER_LIMITS.indicationChars + 1)
    const cases: [string, string, string][] = [
      [pid('INT56-MRN'), obr('INT56-A', { 31: `^${long}` }), 'OBR^1^31'],
      [pid('M'.repeat(ORDER_LIMITS.mrnChars + 1)), obr('INT56-B'), 'PID^1^3'],
      [
        pid('INT56-MRN'),
        obr('INT56-C', { 4: `^${'d'.repeat(ORDER_LIMITS.descriptionChars + 1)}` }),
        'OBR^1^4',
      ],
      [
        pid('INT56-MRN'),
        obr('INT56-D', { 18: 'A'.repeat(ORDER_LIMITS.accessionChars + 1) }),
        'OBR^1^18',
      ],
    ]
    for (const [patient, order, location] of cases) {
      const ack = await send(ormOf(patient, 'ORC|NW', order))
      expect(ack.code).toBe('AE')
      expect(ack.errors).toEqual([{ location, code: '102' }])
    }
    expect(await orderByAccession(t.db, 'INT56-A')).toBeUndefined()
    expect(await patientByMrn(t.db, 'INT56-MRN')).toBeUndefined()
  })

  it('INT-57 an unidentified emergency patient (no PID-7) is accepted with an unknown birth date; a cancel with only PID-3 works', async () => {
    const pid = 'PID|1||INT57-MRN^^^HOSP^MR||UNKNOWN^TRAUMA||||U'
    expect((await send(ormOf(pid, 'ORC|NW', obr('INT57', { 27: '^^^^^S' })))).code).toBe('AA')
    const row = await orderByAccession(t.db, 'INT57')
    expect(row?.patient.dateOfBirth).toBeNull()
    const order = await t.api('GET', `/orders/${row?.order.id ?? ''}`, { token })
    expect(order.statusCode).toBe(200)
    expect(
      order.json<{ patient: { date_of_birth: string | null } }>().patient.date_of_birth,
    ).toBeNull()
    const cancel = ormOf('PID|||INT57-MRN', 'ORC|CA', obr('INT57', { 4: '', 24: '', 31: '' }))
    expect((await send(cancel)).code).toBe('AA')
    expect((await orderByAccession(t.db, 'INT57'))?.order.status).toBe('cancelled')
    // The patient kept their name: a cancel sends none.
    expect((await patientByMrn(t.db, 'INT57-MRN'))?.lastName).toBe('UNKNOWN')
  })
})

describe('which PID-3 identifier is the MRN, by the settings', () => {
  const read = (pid: string, authority: string | null, identifierType = 'MR') =>
    readOrderMessage(ormOf(pid, 'ORC|NW', obr('INT51-RULE')), {
      timeZone: 'UTC',
      processingIds: ['P'],
      now: new Date(),
      mrn: { identifierType, authority },
    })

  it('INT-51 HL7_MRN_AUTHORITY picks the MR of that authority; MRs of others only are refused (204); HL7_MRN_IDENTIFIER_TYPE names another type', () => {
    const pid = 'PID|1||A1^^^CLINIC^MR~H1^^^HOSP^MR||Doe^Jane||19800101|F'
    const hosp = read(pid, 'HOSP')
    expect(hosp.kind === 'orders' && hosp.patient).toMatchObject({
      mrn: 'H1',
      mrnAuthority: 'HOSP',
    })
    const other = read(pid, 'ELSEWHERE')
    expect(other.kind === 'refused' && other.issues.map((i) => [i.location, i.code])).toEqual([
      ['PID^1^3', 204],
    ])
    const pi = read('PID|1||X9^^^HOSP^MR~P7^^^HOSP^PI||Doe^Jane', null, 'PI')
    expect(pi.kind === 'orders' && pi.patient.mrn).toBe('P7')
  })
})
