/**
 * How a result's acknowledgement is read (INT-70, INT-72; HL7 v2.5.1 §2.9): the ORU^R01 asks for
 * original mode (MSH-15/16 empty), so AA takes it. A receiver acknowledging in enhanced mode
 * anyway is read as the standard says: a commit accept (CA) followed by the application ack is
 * that application ack; a CA alone releases us from resending but is recorded as CA, never as AA;
 * a commit error or reject (CE, CR) is a failed attempt. The receiver is a RIS written with npm
 * hl7v2, whose `createAck` makes every answer. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listAuditEvents } from '../../../server/repo/audit'
import { eventually } from '../../support/mllpPeer'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { startRisReceiver, valueOf, type RisAnswer, type RisReceiver } from './risReceiver'
import { outboxRows, signOn, unsignedOrders } from './resultsSupport'
import { FAST } from './support'

describe.skipIf(skipDatabase)('HL7 result acknowledgements, original and enhanced mode', () => {
  let ris: RisReceiver
  let t: TestApp
  let token: string
  let free: { id: string; accession_number: string }[]

  beforeAll(async () => {
    ris = await startRisReceiver('AA')
    t = await startTestApp({ env: { ...FAST, HL7_SEND_TO: `127.0.0.1:${ris.port}` } })
    token = (await t.signUp()).token
    free = await unsignedOrders(t.app, token)
  })
  afterAll(async () => {
    await t.close()
    await ris.close()
  })

  const take = () => {
    const order = free.shift()
    if (!order) throw new Error('no unsigned order left')
    return order
  }
  const receivedFor = (accession: string) =>
    ris.received.filter((m) => valueOf(m, 'OBR', 18) === accession)
  const acknowledged = async (orderId: string) => {
    await eventually(async () => (await outboxRows(t.db, orderId))[0]?.ackedAt != null)
    const events = await listAuditEvents(t.db, { orderId })
    return events.find((e) => e.kind === 'hl7_result_acknowledged')?.detail
  }
  /** A later result goes through, and `accession`'s was not sent again meanwhile. */
  const neverResent = async (accession: string) => {
    const receptions = receivedFor(accession).length
    ris.answer = 'AA'
    const marker = take()
    await signOn(t.app, token, marker.id, 'Marker.')
    await acknowledged(marker.id)
    expect(receivedFor(accession)).toHaveLength(receptions)
  }

  it('INT-70 the ORU^R01 asks for original mode (MSH-15 and MSH-16 empty), and AA acknowledges it', async () => {
    ris.answer = 'AA'
    const order = take()
    await signOn(t.app, token, order.id, 'Original mode.')
    expect(await acknowledged(order.id)).toMatchObject({ ack: 'AA', attempts: 1 })
    const [oru] = receivedFor(order.accession_number)
    expect(oru?.messageType).toBe('ORU^R01')
    expect(oru && valueOf(oru, 'MSH', 15)).toBe('')
    expect(oru && valueOf(oru, 'MSH', 16)).toBe('')
    expect(ris.unreadable).toBe(0)
  })

  it('INT-70 CA then the application ack (AA, its own message on the connection): acknowledged as AA', async () => {
    ris.answer = 'CA+AA'
    const order = take()
    await signOn(t.app, token, order.id, 'Commit then application.')
    expect(await acknowledged(order.id)).toMatchObject({ ack: 'AA', attempts: 1 })
    await neverResent(order.accession_number)
  })

  it.each([
    ['the receiver closing the connection after it', 'CA-close'],
    ['nothing after it within HL7_ACK_TIMEOUT_MS', 'CA-silent'],
  ] as [string, RisAnswer][])(
    'INT-70 a CA alone (%s): committed, never sent again, and recorded as CA, not AA',
    async (_name, answer) => {
      ris.answer = answer
      const order = take()
      await signOn(t.app, token, order.id, `Commit only, ${answer}.`)
      expect(await acknowledged(order.id)).toMatchObject({ ack: 'CA', attempts: 1 })
      const [row] = await outboxRows(t.db, order.id)
      expect(row?.lastError).toBeNull()
      await neverResent(order.accession_number)
    },
  )

  it.each([
    ['INT-70 CA then AE', 'CA+AE', /^AE$/],
    ['INT-72 a commit error (CE)', 'CE', /^CE$/],
  ] as [string, RisAnswer, RegExp][])(
    '%s: a failed attempt, tried again until AA',
    async (_name, answer, error) => {
      ris.answer = answer
      const order = take()
      await signOn(t.app, token, order.id, `Refused by ${answer}.`)
      await eventually(async () => {
        const [row] = await outboxRows(t.db, order.id)
        return (row?.attempts ?? 0) >= 2 && error.test(row?.lastError ?? '')
      })
      const [failing] = await outboxRows(t.db, order.id)
      expect(failing?.ackedAt).toBeNull()
      ris.answer = 'AA'
      const detail = await acknowledged(order.id)
      expect(detail).toMatchObject({ ack: 'AA' })
      expect(Number(detail?.attempts)).toBeGreaterThanOrEqual(2)
    },
  )
})
