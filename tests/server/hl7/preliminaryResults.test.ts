/**
 * A trainee's preliminary read as the RIS receives it (RV-7..RV-9): with HL7_SEND_PRELIMINARY
 * and HL7_SEND_TO, sending for review queues an ORU^R01 with OBR-25 and every OBX-11 `P`, whose
 * first OBX says it is preliminary and whose OBR-33 (assistant result interpreter) names the
 * trainee; the co-signature's ORU is `F` with the attending in OBR-32 and the trainee in OBR-33,
 * after the P; a plain signature names its signer alone. Without the setting nothing goes out
 * before the signature. Every message is read by npm `hl7v2` (the RIS) and by python-hl7, never
 * by the server's own HL7 library. On PGlite and PostgreSQL.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { HL7Message } from 'hl7v2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRELIMINARY_NOTE } from '../../../server/domain/studies'
import { freshStudies } from '../../support/freshStudies'
import { skipDatabase } from '../../support/testDatabase'
import { startTestApp, type TestApp } from '../../support/testApp'
import { clinician, type Clinician } from '../reviewSupport'
import { partOf, startRisReceiver, segmentsOf, valueOf, type RisReceiver } from './risReceiver'
import { outboxRows } from './resultsSupport'
import { FAST } from './support'

const PYTHON = '/usr/bin/python3'

/** OBR-25, OBR-32 and OBR-33 (id & name of their CNN) and each OBX-11, as python-hl7 reads them. */
function readWithPythonHl7(message: string) {
  const script = `
import hl7, json, sys
m = hl7.parse(sys.stdin.read())
def f(n, c=1, s=1):
    try:
        return m.unescape(m.extract_field("OBR", 1, n, 1, c, s))
    except IndexError:  # an empty or absent field
        return ""
obx = [str(s[11]) for s in m.segments("OBX")]
print(json.dumps({"status": f(25), "principal": [f(32, 1, 1), f(32, 1, 2)],
  "assistant": [f(33, 1, 1), f(33, 1, 2)], "obx11": sorted(set(obx)),
  "first": m.unescape(str(m.segments("OBX")[0][5]))}))
`
  const run = spawnSync(PYTHON, ['-c', script], { input: message, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`python-hl7 could not read the result: ${run.stderr}`)
  return JSON.parse(run.stdout) as {
    status: string
    principal: [string, string]
    assistant: [string, string]
    obx11: string[]
    first: string
  }
}

/** What the RIS (npm hl7v2) read of one result. */
const readByRis = (message: HL7Message) => ({
  status: valueOf(message, 'OBR', 25),
  principal: [valueOf(message, 'OBR', 32, 1, 1), valueOf(message, 'OBR', 32, 1, 2)],
  assistant: [valueOf(message, 'OBR', 33, 1, 1), valueOf(message, 'OBR', 33, 1, 2)],
  obx11: [...new Set(segmentsOf(message, 'OBX').map((obx) => partOf(obx, 11)))].sort(),
  first: partOf(segmentsOf(message, 'OBX')[0], 5),
})

describe.skipIf(skipDatabase)('preliminary results out', () => {
  let ris: RisReceiver
  let t: TestApp
  let trainee: Clinician
  let attending: Clinician
  let take: () => string

  beforeAll(async () => {
    ris = await startRisReceiver('AA')
    t = await startTestApp({
      env: { ...FAST, HL7_SEND_TO: `127.0.0.1:${ris.port}`, HL7_SEND_PRELIMINARY: '1' },
    })
    await clinician(t, 'Dr Ann Admin', ['admin', 'radiologist'])
    trainee = await clinician(t, 'Dr Tess Trainee', ['trainee'])
    attending = await clinician(t, 'Dr Atticus Attending')
    take = await freshStudies(t, attending.token)
  })
  afterAll(async () => {
    await t.close()
    await ris.close()
  })

  /** The results the RIS received for an order, in order, as it and python-hl7 read them. */
  const resultsFor = async (orderId: string, count: number) => {
    const { accession_number: accession } = await attending.order(orderId)
    const of = () => ris.received.filter((m) => valueOf(m, 'OBR', 18) === accession)
    await ris.until(() => of().length >= count)
    return of().map((message) => {
      const read = readByRis(message)
      const text = ris.texts[ris.received.indexOf(message)] ?? ''
      if (existsSync(PYTHON)) expect(readWithPythonHl7(text)).toEqual(read)
      return read
    })
  }

  it('RV-7 sending for review sends a preliminary result: OBR-25 and OBX-11 P, the trainee in OBR-33, its first line saying so', async () => {
    const id = take()
    await trainee.save(id)
    await trainee.send(id)
    const [result] = await resultsFor(id, 1)
    expect(result).toEqual({
      status: 'P',
      principal: ['', ''],
      assistant: [trainee.userId, 'Dr Tess Trainee'],
      obx11: ['P'],
      first: PRELIMINARY_NOTE,
    })
    expect((await outboxRows(t.db, id)).map((row) => row.kind)).toEqual(['preliminary'])
    expect(ris.unreadable).toBe(0)
  })

  it('RV-8 returned, sent again and co-signed: P, P, then F naming the attending in OBR-32 and the trainee in OBR-33', async () => {
    const id = take()
    await trainee.save(id)
    await trainee.send(id)
    const back = await attending.call('POST', `/orders/${id}/report/return`, { comment: 'More.' })
    expect(back.status).toBe(200)
    await trainee.send(id)
    expect((await attending.call('POST', `/orders/${id}/report/finalize`)).status).toBe(200)
    const results = await resultsFor(id, 3)
    expect(results.map((result) => result.status)).toEqual(['P', 'P', 'F'])
    expect(results[2]).toMatchObject({
      principal: [attending.userId, 'Dr Atticus Attending'],
      assistant: [trainee.userId, 'Dr Tess Trainee'],
      obx11: ['F'],
    })
    expect(results[2]?.first).not.toBe(PRELIMINARY_NOTE)
  })

  it('RV-8 a plain signature names its signer in OBR-32 and nobody in OBR-33', async () => {
    const id = take()
    await attending.save(id)
    expect((await attending.call('POST', `/orders/${id}/report/finalize`)).status).toBe(200)
    const [result] = await resultsFor(id, 1)
    expect(result).toMatchObject({
      status: 'F',
      principal: [attending.userId, 'Dr Atticus Attending'],
      assistant: ['', ''],
    })
  })
})

describe.skipIf(skipDatabase)('RV-9 preliminary results off (the default)', () => {
  let ris: RisReceiver
  let t: TestApp

  beforeAll(async () => {
    ris = await startRisReceiver('AA')
    t = await startTestApp({ env: { ...FAST, HL7_SEND_TO: `127.0.0.1:${ris.port}` } })
  })
  afterAll(async () => {
    await t.close()
    await ris.close()
  })

  it('RV-9 without HL7_SEND_PRELIMINARY nothing goes out for review; the co-signature still names both', async () => {
    await clinician(t, 'Dr Ann Admin', ['admin', 'radiologist'])
    const trainee = await clinician(t, 'Dr Tess Trainee', ['trainee'])
    const attending = await clinician(t, 'Dr Atticus Attending')
    const id = (await freshStudies(t, attending.token))()
    await trainee.save(id)
    await trainee.send(id)
    expect(await outboxRows(t.db, id)).toEqual([])
    expect((await attending.call('POST', `/orders/${id}/report/finalize`)).status).toBe(200)
    await ris.until((r) => r.received.length >= 1)
    expect(ris.received.map((message) => readByRis(message))).toMatchObject([
      {
        status: 'F',
        principal: [attending.userId, 'Dr Atticus Attending'],
        assistant: [trainee.userId, 'Dr Tess Trainee'],
      },
    ])
    expect((await outboxRows(t.db, id)).map((row) => row.kind)).toEqual(['final'])
  })
})
