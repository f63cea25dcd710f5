/**
 * Golden samples: order and patient messages three other vendors publish (tests/server/hl7/samples/,
 * whose README cites each source and says what was adapted) sent over real MLLP, and the orders
 * they become; and the command-line MLLP client of the README's example, run as a process.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ackOf, sendFrame } from '../../support/mllpPeer'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { orderByAccession, orm } from './support'
import { readAck } from './wire'

const SAMPLES = path.resolve(import.meta.dirname, 'samples')
const sample = (name: string) => readFileSync(path.join(SAMPLES, name), 'utf8')

describe.skipIf(skipDatabase)('published HL7 order messages', () => {
  let t: TestApp
  let port: number

  beforeAll(async () => {
    t = await startTestApp({
      // IRIS publishes its samples with processing id T (training).
      env: { HL7_LISTEN_PORT: '0', HL7_PROCESSING_IDS: 'P,T', HL7_TIME_ZONE: 'America/New_York' },
    })
    port = t.app.hl7.port() ?? 0
  })
  afterAll(async () => {
    await t.close()
  })

  it('INT-23 IRIS ORM^O01 example A (v2.4) becomes its order', async () => {
    expect(ackOf(await sendFrame(port, sample('iris-orm-o01-example-a.hl7'))).code).toBe('AA')
    // No OBR-18, OBR-3 or ORC-3: the placer order number (OBR-2) is the accession.
    const row = await orderByAccession(t.db, '2020022815')
    expect(row?.patient).toMatchObject({
      mrn: 'TestMrn1096',
      lastName: 'TestVendor',
      firstName: 'TAMMY',
      dateOfBirth: '1954-10-26',
      sex: 'male',
    })
    expect(row?.order).toMatchObject({
      status: 'scheduled',
      studyDescription: 'FUNDUS PHOTOGRAPHY',
      modality: 'OPHTHALMOLOG',
      bodyPart: 'unspecified',
      priority: 'routine',
      studyInstanceUid: null,
    })
    // ORC-9 20200228150014 without an offset, in America/New_York (UTC-5 in February).
    expect(row?.order.orderedAt.toISOString()).toBe('2020-02-28T20:00:14.000Z')
  })

  it('INT-23 OpenMRS Radiology ORM^O01 (v2.3.1) becomes its order, with the Study Instance UID of its ZDS segment', async () => {
    expect(ackOf(await sendFrame(port, sample('openmrs-radiology-orm-o01.hl7'))).code).toBe('AA')
    const row = await orderByAccession(t.db, '1')
    expect(row?.patient).toMatchObject({
      mrn: '100',
      lastName: 'Doe',
      firstName: 'John Francis',
      dateOfBirth: '1950-04-01',
      sex: 'male',
    })
    expect(row?.order).toMatchObject({
      studyDescription: 'CT ABDOMEN PANCREAS WITH IV CONTRAST',
      modality: 'CT',
      bodyPart: 'abdomen',
      // ORC-7's quantity/timing priority S.
      priority: 'stat',
      studyInstanceUid: '1.2.826.0.1.3680043.8.2186.1.1',
    })
  })

  it('INT-60 dcm4che OMI^O23 (v2.5.1, IHE MESA Order Filler) becomes its order: IPC accession, UID and modality, OBR-4 code and system, ORC-2/ORC-3', async () => {
    const ack = readAck(await sendFrame(port, sample('dcm4che-omi-o23-imaging-order.hl7')))
    expect(ack.code).toBe('AA')
    const row = await orderByAccession(t.db, 'AccessionNumber')
    expect(row?.patient).toMatchObject({
      mrn: 'PID_1',
      mrnAuthority: 'ADT1',
      lastName: 'Smith',
      firstName: 'Lucy Mark',
      dateOfBirth: '2014-10-14',
      sex: 'female',
    })
    expect(row?.order).toMatchObject({
      status: 'scheduled',
      studyDescription: 'Microscopic Observation',
      procedureCode: '10637-7',
      procedureCodingSystem: 'LN',
      placerOrderNumber: 'PlacerOrderNumberImagingServiceRequest',
      fillerOrderNumber: 'FillerOrderNumberImagingServiceRequest',
      modality: 'CT',
      priority: 'routine',
      studyInstanceUid: '1.2.392.200036.9125.0.198811291108.7',
    })
  })

  it('INT-60 dcm4che ADT^A08 (v2.3.1) renames the patient it names, acknowledged as ACK^A08', async () => {
    const order = orm({
      accession: 'INT60-A08',
      mrn: '583295',
      family: 'Before',
      birth: '19500101',
    })
    expect(readAck(await sendFrame(port, order)).code).toBe('AA')
    const ack = readAck(await sendFrame(port, sample('dcm4che-adt-a08.hl7')))
    expect(ack).toMatchObject({ code: 'AA', acknowledges: '103132' })
    expect(ack.type).toMatch(/^ACK\^A08/)
    expect((await orderByAccession(t.db, 'INT60-A08'))?.patient).toMatchObject({
      mrn: '583295',
      lastName: 'SILVERHEELS',
      firstName: 'JAY',
      dateOfBirth: '1900-01-02',
      sex: 'male',
    })
  })

  it('INT-60 dcm4che ADT^A40 (v2.5.1) moves the orders of the merged MRN to the surviving patient', async () => {
    expect(
      readAck(await sendFrame(port, orm({ accession: 'INT60-OLD', mrn: 'OLD_PID_1' }))).code,
    ).toBe('AA')
    expect(
      readAck(await sendFrame(port, orm({ accession: 'INT60-NEW', mrn: 'NEW_PID_1' }))).code,
    ).toBe('AA')
    const ack = readAck(await sendFrame(port, sample('dcm4che-adt-a40-patient-merge.hl7')))
    expect(ack).toMatchObject({ code: 'AA', acknowledges: '1002122' })
    expect(ack.type).toMatch(/^ACK\^A40/)
    for (const accession of ['INT60-OLD', 'INT60-NEW']) {
      expect((await orderByAccession(t.db, accession))?.patient).toMatchObject({
        mrn: 'NEW_PID_1',
        lastName: 'New_Smith',
        firstName: 'Lucy Mark',
      })
    }
  })

  it('INT-24 scripts/mllp-send.ts frames a file, prints the ACK and exits 0 on AA, 1 otherwise', async () => {
    const run = promisify(execFile)
    const script = path.resolve(import.meta.dirname, '../../../scripts/mllp-send.ts')
    const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx')
    const ok = await run(tsx, [
      script,
      '--port',
      String(port),
      path.join(SAMPLES, 'iris-orm-o01-example-a.hl7'),
    ])
    const lines = ok.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^MSH\|\^~\\&\|/)
    expect(lines[1]).toMatch(/^MSA\|AA\|20200228150014(\||$)/)
    // Not HL7: answered AR, and the script says so with its exit code.
    const junk = path.join(mkdtempSync(path.join(os.tmpdir(), 'mllp-send-')), 'junk.txt')
    writeFileSync(junk, 'hello, this is not HL7\n')
    const refused = await run(tsx, [script, '--port', String(port), junk]).then(
      () => ({ code: 0, stdout: '' }),
      (error: unknown) => error as { code: number; stdout: string },
    )
    expect(refused.code).toBe(1)
    expect(refused.stdout).toMatch(/^MSA\|AR\|/m)
  })
})
