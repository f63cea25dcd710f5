/**
 * Acknowledgement modes (HL7 v2.5.1 §2.9) over real MLLP on loopback, on PGlite and PostgreSQL:
 * original mode when MSH-15/16 are empty, enhanced mode (accept and application acknowledgements,
 * each as HL7 table 0155 asks) when either is valued. Every ACK is read by npm `hl7v2`, and some
 * by python-hl7, never by the server's own HL7 library.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { acknowledgementsFor, type AckMode } from '../../../server/integration/hl7/ackModes'
import { formatAckTime } from '../../../server/integration/hl7/ack'
import { skipDatabase } from '../../support/testDatabase'
import { inboundCount, orderByAccession, orm, type OrmOptions } from './support'
import {
  converse,
  exchange,
  readAck,
  readAcksInPython,
  withHeader,
  withListener,
  type ReadAck,
} from './wire'

describe('INT-44 the acknowledgement time', () => {
  it('INT-44 the time of an ACK keeps the leading zeros of its milliseconds and names its offset', () => {
    expect(formatAckTime(new Date('2026-11-27T22:07:12.008Z'))).toBe('20261127220712.008+0000')
    expect(formatAckTime(new Date('2026-01-02T03:04:05.000Z'))).toBe('20260102030405.000+0000')
  })
})

describe('INT-42 which acknowledgements go out (HL7 table 0155)', () => {
  const modes: [string, string][] = ['AL', 'NE', 'ER', 'SU'].flatMap((a) =>
    ['AL', 'NE', 'ER', 'SU'].map((b): [string, string] => [a, b]),
  )
  const codes = (mode: AckMode, outcome: Parameters<typeof acknowledgementsFor>[1]) =>
    acknowledgementsFor(mode, outcome).map((ack) => ack.code)

  it('INT-42 every pair of accept and application acknowledgement types, for an applied, an application-refused, a rejected and an unstored message', () => {
    for (const [accept, application] of modes) {
      const mode = { kind: 'enhanced', accept, application } as AckMode
      const applied = codes(mode, { kind: 'processed', code: 'AA', issues: [] })
      const refused = codes(mode, { kind: 'processed', code: 'AE', issues: [] })
      const rejected = codes(mode, { kind: 'rejected', issues: [] })
      const unstored = codes(mode, { kind: 'not-stored', issues: [] })
      const acceptOn = (success: boolean) =>
        accept === 'AL' || (accept === 'ER' && !success) || (accept === 'SU' && success)
      const applicationOn = (success: boolean) =>
        application === 'AL' ||
        (application === 'ER' && !success) ||
        (application === 'SU' && success)
      const label = `${accept}/${application}`
      expect(applied, label).toEqual([
        ...(acceptOn(true) ? ['CA'] : []),
        ...(applicationOn(true) ? ['AA'] : []),
      ])
      expect(refused, label).toEqual([
        ...(acceptOn(true) ? ['CA'] : []),
        ...(applicationOn(false) ? ['AE'] : []),
      ])
      // Refused before the application: the accept acknowledgement says so, else MSH-16's.
      const early = (commit: string, app: string) =>
        acceptOn(false) ? [commit] : applicationOn(false) ? [app] : []
      expect(rejected, label).toEqual(early('CR', 'AR'))
      expect(unstored, label).toEqual(early('CE', 'AE'))
    }
    const original = { kind: 'original' } as const
    expect(codes(original, { kind: 'processed', code: 'AA', issues: [] })).toEqual(['AA'])
    expect(codes(original, { kind: 'rejected', issues: [] })).toEqual(['AR'])
    expect(codes(original, { kind: 'not-stored', issues: [] })).toEqual(['AE'])
  })
})

describe.skipIf(skipDatabase)('INT-41 acknowledgement modes over MLLP', () => {
  const listener = withListener()
  const db = () => listener.app().db
  const send = (messages: string[], count: number) => exchange(listener.port(), messages, count)

  const order = (options: OrmOptions, header: Parameters<typeof withHeader>[1]) =>
    withHeader(orm({ version: '2.5.1', ...options }), header)
  const expectOwnHeader = (ack: ReadAck, acknowledged: string) => {
    expect(ack.acknowledges).toBe(acknowledged)
    expect(ack.controlId).not.toBe(acknowledged)
    expect(ack.time).toMatch(/^\d{14}\.\d{3}\+0000$/)
    expect(ack.type).toBe('ACK^O01')
  }

  it('INT-41 no acknowledgement types: original mode, one ACK (AA, or AE with its ERR), read alike by hl7v2 and python-hl7', async () => {
    const good = orm({ controlId: 'INT41-OK', accession: 'INT41-ACC' })
    const bad = orm({ controlId: 'INT41-BAD', family: '' })
    const peer = await converse(listener.port())
    peer.send(good)
    peer.send(bad)
    const frames = await peer.until(2)
    peer.close()
    const [ok, error] = frames.map(readAck)
    expect(ok).toMatchObject({ code: 'AA', acceptType: '', applicationType: '', errors: [] })
    expectOwnHeader(ok as ReadAck, 'INT41-OK')
    expect(error).toMatchObject({ code: 'AE', acknowledges: 'INT41-BAD' })
    expect(error?.errors).toContainEqual({ location: 'PID^1^5', code: '101' })
    const python = readAcksInPython(frames)
    expect(python.map((a) => [a.code, a.acknowledges])).toEqual([
      ['AA', 'INT41-OK'],
      ['AE', 'INT41-BAD'],
    ])
    expect(python[0]?.time).toBe(ok?.time)
    expect((await orderByAccession(db(), 'INT41-ACC'))?.order.status).toBe('scheduled')
  })

  it('INT-42 AL/AL: the accept acknowledgement CA, then the application acknowledgement AA as a message of its own', async () => {
    const frames = await send(
      [
        order(
          { controlId: 'INT42-ALAL', accession: 'INT42-ALAL' },
          { accept: 'AL', application: 'AL' },
        ),
      ],
      2,
    )
    const [accept, application] = frames.map(readAck)
    expect(accept).toMatchObject({ code: 'CA', acceptType: 'NE', applicationType: 'NE' })
    expect(application).toMatchObject({ code: 'AA', acceptType: 'NE', applicationType: 'NE' })
    expectOwnHeader(accept as ReadAck, 'INT42-ALAL')
    expectOwnHeader(application as ReadAck, 'INT42-ALAL')
    expect(accept?.controlId).not.toBe(application?.controlId)
    expect(readAcksInPython(frames).map((a) => [a.code, a.acknowledges])).toEqual([
      ['CA', 'INT42-ALAL'],
      ['AA', 'INT42-ALAL'],
    ])
    expect((await orderByAccession(db(), 'INT42-ALAL'))?.order.status).toBe('scheduled')
  })

  /**
   * What one connection received for a message sent in `header`'s mode: an original-mode message
   * follows on the same connection, and its AA (answered in turn) marks the end of the first's.
   */
  const answersTo = async (options: OrmOptions, header: Parameters<typeof withHeader>[1]) => {
    const marker = orm({ controlId: `MARK${Date.now()}${Math.random()}`.slice(0, 20) })
    const peer = await converse(listener.port())
    try {
      peer.send(order(options, header))
      peer.send(marker)
      const controlId = marker.split('\r')[0]?.split('|')[9] ?? ''
      for (let n = 1; ; n += 1) {
        const frames = (await peer.until(n)).map(readAck)
        if (frames.at(-1)?.acknowledges === controlId) return frames.slice(0, -1)
      }
    } finally {
      peer.close()
    }
  }
  const codesOf = (acks: ReadAck[]) => acks.map((a) => a.code)

  it('INT-42 NE/NE sends nothing, yet the order is applied; AL/NE only CA; NE/AL only AA', async () => {
    const before = await inboundCount(db())
    expect(
      codesOf(await answersTo({ accession: 'INT42-NENE' }, { accept: 'NE', application: 'NE' })),
    ).toEqual([])
    expect(await inboundCount(db())).toBeGreaterThan(before)
    expect((await orderByAccession(db(), 'INT42-NENE'))?.order.status).toBe('scheduled')
    expect(codesOf(await answersTo({}, { accept: 'AL', application: 'NE' }))).toEqual(['CA'])
    expect(codesOf(await answersTo({}, { accept: 'NE', application: 'AL' }))).toEqual(['AA'])
  })

  it('INT-42 ER and SU: silent on success or on error as asked; an application error is AE with its ERR', async () => {
    expect(codesOf(await answersTo({}, { accept: 'ER', application: 'ER' }))).toEqual([])
    const errors = await answersTo({ family: '' }, { accept: 'ER', application: 'ER' })
    expect(codesOf(errors)).toEqual(['AE'])
    expect(errors[0]?.errors).toContainEqual({ location: 'PID^1^5', code: '101' })
    expect(codesOf(await answersTo({}, { accept: 'SU', application: 'SU' }))).toEqual(['CA', 'AA'])
    expect(codesOf(await answersTo({ family: '' }, { accept: 'SU', application: 'SU' }))).toEqual([
      'CA',
    ])
    // Only MSH-16 valued: still enhanced mode; the empty MSH-15 counts as AL.
    expect(codesOf(await answersTo({}, { accept: '', application: 'NE' }))).toEqual(['CA'])
  })

  it('INT-42 a message not for us (an unsupported version) gets the commit reject CR with its ERR, no application acknowledgement', async () => {
    const rejected = await answersTo({}, { accept: 'AL', application: 'AL', version: '2.9' })
    expect(codesOf(rejected)).toEqual(['CR'])
    expect(rejected[0]?.errors).toContainEqual({ location: 'MSH^1^12', code: '203' })
    // The accept acknowledgement silenced: MSH-16 hears of it as AR.
    const told = await answersTo({}, { accept: 'NE', application: 'ER', version: '2.9' })
    expect(codesOf(told)).toEqual(['AR'])
  })

  it('INT-43 a resend (same control id) is answered as the first time, in the same mode', async () => {
    const message = order(
      { controlId: 'INT43-CTRL', accession: 'INT43-ACC' },
      { accept: 'AL', application: 'AL' },
    )
    const first = (await send([message], 2)).map(readAck)
    const records = await inboundCount(db())
    const again = (await send([message], 2)).map(readAck)
    expect(codesOf(again)).toEqual(codesOf(first))
    expect(again.map((a) => a.acknowledges)).toEqual(['INT43-CTRL', 'INT43-CTRL'])
    expect(await inboundCount(db())).toBe(records)
  })
})

describe.skipIf(skipDatabase)('INT-42 a message that cannot be stored', () => {
  const listener = withListener()

  it('INT-42 is answered CE in enhanced mode and AE 207 in original mode, and nothing is written', async () => {
    const { db } = listener.app()
    // The transaction cannot write its record: it fails and rolls back.
    await db.execute(sql`alter table hl7_inbound rename to hl7_inbound_away`)
    try {
      const enhanced = (
        await exchange(
          listener.port(),
          [
            withHeader(
              orm({ accession: 'INT42-CE', controlId: 'INT42-CE-CTRL', version: '2.5.1' }),
              {
                accept: 'AL',
                application: 'AL',
              },
            ),
          ],
          1,
        )
      ).map(readAck)
      expect(enhanced).toMatchObject([{ code: 'CE', acknowledges: 'INT42-CE-CTRL' }])
      expect(enhanced[0]?.errors).toContainEqual({ location: 'MSH^1^10', code: '207' })
      const original = (await exchange(listener.port(), [orm({ accession: 'INT42-AE' })], 1)).map(
        readAck,
      )
      expect(original).toMatchObject([{ code: 'AE' }])
      expect(original[0]?.errors).toContainEqual({ location: 'MSH^1^10', code: '207' })
    } finally {
      await db.execute(sql`alter table hl7_inbound_away rename to hl7_inbound`)
    }
    expect(await orderByAccession(db, 'INT42-CE')).toBeUndefined()
    expect(await orderByAccession(db, 'INT42-AE')).toBeUndefined()
  })
})
