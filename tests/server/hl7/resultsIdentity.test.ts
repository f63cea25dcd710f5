/**
 * The RIS can file the result (INT-66, INT-69): the ORU^R01 echoes the placer and filler order
 * numbers, the procedure code with its coding system and the MRN with its assigning authority it
 * sent, and leaves PID-7 empty for an unknown birth date. Read by HL7 implementations Readout does
 * not use: npm `hl7v2` (the receiving RIS) and python-hl7 (Debian python3-hl7). Most orders get
 * their fields set in the database as the order message stores them; one arrives over MLLP as a
 * RIS sends it. On PGlite and PostgreSQL.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { HL7Message } from 'hl7v2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, patients } from '../../../server/db/schema'
import { buildResultMessage } from '../../../server/integration/hl7/resultMessage'
import { startTestApp, type TestApp } from '../../support/testApp'
import { ackOf, sendFrame } from '../../support/mllpPeer'
import { skipDatabase } from '../../support/testDatabase'
import { startRisReceiver, valueOf, type RisReceiver } from './risReceiver'
import { signOn, unsignedOrders } from './resultsSupport'
import { FAST, orm } from './support'

const PYTHON = '/usr/bin/python3'

/** Fields of an ORU as python-hl7 reads them (HL7 escapes undone by it). */
function readWithPythonHl7(message: string): Record<string, string> {
  const script = `
import hl7, json, sys
m = hl7.parse(sys.stdin.read())
f = lambda s, n, c=1: m.unescape(m.extract_field(s, 1, n, 1, c))
print(json.dumps({"type": f("MSH", 9) + "^" + f("MSH", 9, 2), "orc2": f("ORC", 2), "orc3": f("ORC", 3),
  "obr2": f("OBR", 2), "obr3": f("OBR", 3), "obr4_1": f("OBR", 4), "obr4_2": f("OBR", 4, 2),
  "obr4_3": f("OBR", 4, 3), "pid3_1": f("PID", 3), "pid3_4": f("PID", 3, 4), "pid3_5": f("PID", 3, 5),
  "pid7": f("PID", 7)}))
`
  const run = spawnSync(PYTHON, ['-c', script], { input: message, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`python-hl7 could not read the result: ${run.stderr}`)
  return JSON.parse(run.stdout) as Record<string, string>
}

describe.skipIf(skipDatabase)('HL7 results the RIS can file', () => {
  let ris: RisReceiver
  let t: TestApp
  let token: string

  beforeAll(async () => {
    ris = await startRisReceiver('AA')
    t = await startTestApp({
      env: { ...FAST, HL7_LISTEN_PORT: '0', HL7_SEND_TO: `127.0.0.1:${ris.port}` },
    })
    token = (await t.signUp()).token
  })
  afterAll(async () => {
    await t.close()
    await ris.close()
  })

  /** Signs `orderId` and answers the ORU^R01 the RIS read for it. */
  const resultFor = async (orderId: string, accession: string): Promise<HL7Message> => {
    await signOn(t.app, token, orderId, 'Findings.')
    await ris.until((r) => r.received.some((m) => valueOf(m, 'OBR', 18) === accession))
    const message = ris.received.find((m) => valueOf(m, 'OBR', 18) === accession)
    if (!message) throw new Error('no result for the order')
    return message
  }
  const wireText = (message: HL7Message) => ris.texts[ris.received.indexOf(message)] ?? ''

  /** An unsigned order given what an order message stores, with its patient's MRN authority. */
  const orderAsSent = async (fields: {
    placer: string | null
    filler: string | null
    code: string | null
    system: string | null
    authority: string
    birth?: null
  }) => {
    const taken = new Set(ris.received.map((m) => valueOf(m, 'OBR', 18)))
    const order = (await unsignedOrders(t.app, token)).find((o) => !taken.has(o.accession_number))
    if (!order) throw new Error('no unsigned order left')
    await t.db
      .update(orders)
      .set({
        placerOrderNumber: fields.placer,
        fillerOrderNumber: fields.filler,
        procedureCode: fields.code,
        procedureCodingSystem: fields.system,
      })
      .where(eq(orders.id, order.id))
    const [patient] = await t.db
      .update(patients)
      .set({
        mrnAuthority: fields.authority,
        ...(fields.birth === null ? { dateOfBirth: null } : {}),
      })
      .where(eq(patients.id, order.patient.id))
      .returning({ mrn: patients.mrn })
    return { ...order, mrn: patient?.mrn ?? '' }
  }

  it('INT-66 the result echoes ORC-2/OBR-2 (placer), ORC-3/OBR-3 (filler), OBR-4 code^text^system and PID-3 mrn^^^authority^MR, as npm hl7v2 reads it', async () => {
    const order = await orderAsSent({
      placer: 'PLC-7781',
      filler: 'FIL-0042',
      code: '71260',
      system: 'C4',
      authority: 'HOSP',
    })
    const oru = await resultFor(order.id, order.accession_number)
    expect(oru.messageType).toBe('ORU^R01')
    expect(valueOf(oru, 'ORC', 1)).toBe('RE')
    expect(valueOf(oru, 'ORC', 2)).toBe('PLC-7781')
    expect(valueOf(oru, 'OBR', 2)).toBe('PLC-7781')
    expect(valueOf(oru, 'ORC', 3)).toBe('FIL-0042')
    expect(valueOf(oru, 'OBR', 3)).toBe('FIL-0042')
    expect(valueOf(oru, 'OBR', 4, 1)).toBe('71260')
    expect(valueOf(oru, 'OBR', 4, 2)).toBe(order.study_description)
    expect(valueOf(oru, 'OBR', 4, 3)).toBe('C4')
    expect(valueOf(oru, 'PID', 3, 1)).toBe(order.mrn)
    expect(valueOf(oru, 'PID', 3, 4)).toBe('HOSP')
    expect(valueOf(oru, 'PID', 3, 5)).toBe('MR')
    // The accession stays in OBR-18, where Readout's own tests and RIS filing by accession read it.
    expect(valueOf(oru, 'OBR', 18)).toBe(order.accession_number)
    expect(ris.unreadable).toBe(0)
  })

  it('INT-66 an order the RIS sent no numbers or code for: ORC-2/OBR-2 empty, ORC-3/OBR-3 the accession, OBR-4 ^text, PID-3 without authority', async () => {
    const order = await orderAsSent({
      placer: null,
      filler: null,
      code: null,
      system: null,
      authority: '',
    })
    const oru = await resultFor(order.id, order.accession_number)
    expect(valueOf(oru, 'ORC', 2)).toBe('')
    expect(valueOf(oru, 'OBR', 2)).toBe('')
    expect(valueOf(oru, 'ORC', 3)).toBe(order.accession_number)
    expect(valueOf(oru, 'OBR', 3)).toBe(order.accession_number)
    expect(valueOf(oru, 'OBR', 4, 1)).toBe('')
    expect(valueOf(oru, 'OBR', 4, 2)).toBe(order.study_description)
    expect(valueOf(oru, 'PID', 3, 4)).toBe('')
    expect(valueOf(oru, 'PID', 3, 5)).toBe('MR')
  })

  it('INT-66 end to end: an order the RIS sent over MLLP comes back in its result with the numbers, code and MRN authority it sent', async () => {
    const accession = `E2E${String(Date.now())}`
    const mrn = `M${String(Date.now())}`
    const answer = ackOf(await sendFrame(t.app.hl7.port() ?? 0, orm({ accession, mrn, birth: '' })))
    expect(answer.code).toBe('AA')
    const order = (await unsignedOrders(t.app, token)).find((o) => o.accession_number === accession)
    if (!order) throw new Error('the order did not arrive')
    const oru = await resultFor(order.id, accession)
    expect(valueOf(oru, 'ORC', 2)).toBe(`P${accession}`)
    expect(valueOf(oru, 'OBR', 2)).toBe(`P${accession}`)
    expect(valueOf(oru, 'ORC', 3)).toBe(`F${accession}`)
    expect(valueOf(oru, 'OBR', 3)).toBe(`F${accession}`)
    expect([1, 2, 3].map((c) => valueOf(oru, 'OBR', 4, c))).toEqual([
      '71260',
      'CT CHEST WITH CONTRAST',
      'C4',
    ])
    expect([1, 4, 5].map((c) => valueOf(oru, 'PID', 3, c))).toEqual([mrn, 'HOSP', 'MR'])
    expect(valueOf(oru, 'PID', 7)).toBe('')
  })

  it.skipIf(!existsSync(PYTHON))(
    'INT-69 python-hl7 reads the same identity from the ORU^R01, and PID-7 empty for an unknown birth date',
    async () => {
      const order = await orderAsSent({
        placer: 'P|1^2',
        filler: 'F&3',
        code: 'RPID16',
        system: 'RADLEX',
        authority: 'STATE~HOSP',
        birth: null,
      })
      const oru = await resultFor(order.id, order.accession_number)
      const read = readWithPythonHl7(wireText(oru))
      expect(read).toEqual({
        type: 'ORU^R01',
        // Delimiters inside a value are escaped (\F\ \S\ \T\ \R\), and python-hl7 undoes them.
        orc2: 'P|1^2',
        orc3: 'F&3',
        obr2: 'P|1^2',
        obr3: 'F&3',
        obr4_1: 'RPID16',
        obr4_2: order.study_description,
        obr4_3: 'RADLEX',
        pid3_1: order.mrn,
        pid3_4: 'STATE~HOSP',
        pid3_5: 'MR',
        pid7: '',
      })
      expect(valueOf(oru, 'PID', 7)).toBe('')
    },
  )
})

describe('HL7 result identity, built alone', () => {
  it('INT-66 PID-3 names the MRN by the identifier type it was taken by (HL7_MRN_IDENTIFIER_TYPE)', () => {
    const at = new Date('2026-11-25T08:30:00.008Z')
    const text = buildResultMessage(
      {
        controlId: 'RO1',
        kind: 'final',
        at,
        patient: {
          mrn: '4711',
          mrnAuthority: 'CLINIC',
          firstName: 'Ada',
          lastName: 'Lovelace',
          dateOfBirth: null,
          sex: 'female',
        },
        order: {
          accessionNumber: 'ACC1',
          placerOrderNumber: 'PLC1',
          fillerOrderNumber: null,
          procedureCode: 'CTCHEST',
          procedureCodingSystem: null,
          studyDescription: 'CT CHEST',
          modality: 'CT',
          orderedAt: at,
        },
        report: {
          sections: { history: '', technique: '', comparison: '', findings: 'x', impression: 'y' },
          finalizedAt: at,
          signer: { userId: 'u1', name: 'Dr A' },
        },
        addenda: [],
      },
      {
        sendingApplication: 'READOUT',
        sendingFacility: 'RADIOLOGY',
        receivingApplication: 'RIS',
        receivingFacility: 'HOSP',
        mrn: { identifierType: 'PI', authority: null },
      },
    )
    const oru = HL7Message.parse(text)
    expect([1, 4, 5].map((c) => valueOf(oru, 'PID', 3, c))).toEqual(['4711', 'CLINIC', 'PI'])
    expect(valueOf(oru, 'PID', 7)).toBe('')
    // A code without a coding system: code^text, no trailing separator.
    expect(text).toContain('|CTCHEST^CT CHEST|')
    expect(valueOf(oru, 'OBR', 3)).toBe('ACC1')
  })
})
