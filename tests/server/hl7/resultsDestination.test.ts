/**
 * Each result goes where the instance that queued it sends results (INT-67, INT-68, INT-71):
 * the destination is kept with the outbox row, so an instance with another HL7_SEND_TO that
 * happens to deliver it never diverts it; a row queued before destinations were kept goes to the
 * delivering instance's HL7_SEND_TO. Receivers are RIS stand-ins written with npm hl7v2.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { HL7Message } from 'hl7v2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { createLocalAssistant } from '../../../server/assistant/local'
import type { ServerConfig } from '../../../server/config'
import { openDatabase, type Database } from '../../../server/db/client'
import { hl7Outbox } from '../../../server/db/schema'
import { destinationOf, targetOf } from '../../../server/integration/hl7/resultExchange'
import { eventually } from '../../support/mllpPeer'
import { startTestApp, type TestApp } from '../../support/testApp'
import { onPostgres, skipDatabase } from '../../support/testDatabase'
import { segmentsOf, startRisReceiver, valueOf, type RisReceiver } from './risReceiver'
import { addendumOn, allAcknowledged, outboxRows, signOn, unsignedOrders } from './resultsSupport'
import { FAST } from './support'

const at = (receiver: RisReceiver) => ({ host: '127.0.0.1', port: receiver.port })
const destination = (receiver: RisReceiver) => `127.0.0.1:${receiver.port}`

/** Another server instance on `db`, sending results to `receiver`. */
async function instanceSendingTo(
  config: ServerConfig,
  db: Database,
  receiver: RisReceiver,
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { ...config, hl7: { ...config.hl7, sendTo: at(receiver) } },
    db,
    assistant: createLocalAssistant(),
    logger: false,
  })
  await app.ready()
  return app
}

/** Which result of its order a message is: 0 the signature, n its n-th addendum. */
const resultIndex = (message: HL7Message) =>
  segmentsOf(message, 'OBX').filter((s) => String(s.field(3).getValue(1)) === 'ADD').length

/** Each distinct result (by control id) a receiver got, as `accession#index`. */
const resultsAt = (receiver: RisReceiver) => [
  ...new Map(
    receiver.received.map((m) => [
      m.controlId,
      `${valueOf(m, 'OBR', 18)}#${String(resultIndex(m))}`,
    ]),
  ).values(),
]

describe('HL7 result destinations as rows keep them', () => {
  it('INT-67 host:port round-trips (an IPv6 address in brackets); a row without one takes HL7_SEND_TO; one that cannot be read goes nowhere', () => {
    const sendTo = { host: 'ris.hospital.org', port: 2575 }
    for (const target of [sendTo, { host: '::1', port: 2576 }, { host: '10.0.0.7', port: 1 }]) {
      expect(targetOf(destinationOf(target), sendTo)).toEqual(target)
    }
    expect(destinationOf({ host: '::1', port: 2576 })).toBe('[::1]:2576')
    expect(targetOf(null, sendTo)).toEqual(sendTo)
    expect(targetOf('not a destination', sendTo)).toBeNull()
  })
})

describe.skipIf(skipDatabase)('HL7 results keep their destination', () => {
  let queuedTo: RisReceiver
  let otherRis: RisReceiver
  let first: TestApp
  let second: FastifyInstance
  let kept: { accession_number: string; id: string }
  let legacy: { accession_number: string; id: string }

  beforeAll(async () => {
    // The first instance queues two results while its receiver refuses them (AE)...
    queuedTo = await startRisReceiver('AE')
    otherRis = await startRisReceiver('AA')
    first = await startTestApp({ env: { ...FAST, HL7_SEND_TO: destination(queuedTo) } })
    const token = (await first.signUp()).token
    const [a, b] = await unsignedOrders(first.app, token)
    if (!a || !b) throw new Error('two unsigned orders are needed')
    kept = a
    legacy = b
    await signOn(first.app, token, kept.id, 'Kept destination.')
    await signOn(first.app, token, legacy.id, 'Queued before destinations were kept.')
    await queuedTo.until((r) => r.received.length >= 2)
    // ...one of them as a row queued before destinations were kept...
    await first.db
      .update(hl7Outbox)
      .set({ destination: null })
      .where(eq(hl7Outbox.orderId, legacy.id))
    // ...and stops. A second instance with another HL7_SEND_TO delivers them.
    await first.app.close()
    queuedTo.answer = 'AA'
    second = await instanceSendingTo(first.config, first.db, otherRis)
    await eventually(() => allAcknowledged(first.db, 2))
  })
  afterAll(async () => {
    await second.close()
    await first.close()
    await queuedTo.close()
    await otherRis.close()
  })

  it('INT-67 a result queued by one instance reaches that instance’s destination when another instance, sending elsewhere, delivers it', async () => {
    const [row] = await outboxRows(first.db, kept.id)
    expect(row?.destination).toBe(destination(queuedTo))
    expect(resultsAt(queuedTo)).toContain(`${kept.accession_number}#0`)
    expect(resultsAt(otherRis)).not.toContain(`${kept.accession_number}#0`)
  })

  it('INT-68 a row queued before destinations were kept goes to the delivering instance’s HL7_SEND_TO', async () => {
    const [row] = await outboxRows(first.db, legacy.id)
    expect(row?.destination).toBeNull()
    expect(row?.ackedAt).not.toBeNull()
    expect(resultsAt(otherRis)).toEqual([`${legacy.accession_number}#0`])
    expect(queuedTo.unreadable + otherRis.unreadable).toBe(0)
  })
})

describe.skipIf(skipDatabase || !onPostgres)(
  'HL7 results from two instances sending to two places',
  () => {
    it('INT-71 two instances on one PostgreSQL with different HL7_SEND_TO: every one of 45 results arrives at the destination of the instance that queued it, once, in order', async () => {
      const risOne = await startRisReceiver('AA')
      const risTwo = await startRisReceiver('AA')
      const one = await startTestApp({ env: { ...FAST, HL7_SEND_TO: destination(risOne) } })
      const database = await openDatabase({ kind: 'postgres', url: one.databaseUrl ?? '' })
      const two = await instanceSendingTo(one.config, database.db, risTwo)
      try {
        const token = (await one.signUp()).token
        const orders = (await unsignedOrders(one.app, token)).slice(0, 15)
        expect(orders).toHaveLength(15)
        // Result k of order i (0 the signature, 1 and 2 addenda) is written through instance
        // (i + k) % 2, so each worker meets rows queued by the other.
        const via = (i: number, k: number) => ((i + k) % 2 === 0 ? one.app : two)
        await Promise.all(
          orders.map(async (order, i) => {
            await signOn(via(i, 0), token, order.id, `Order ${String(i)}.`)
            await addendumOn(via(i, 1), token, order.id, `First addendum ${String(i)}.`)
            await addendumOn(via(i, 2), token, order.id, `Second addendum ${String(i)}.`)
          }),
        )
        await eventually(() => allAcknowledged(one.db, 45))
        const expected = (instance: 0 | 1) =>
          orders.flatMap((order, i) =>
            [0, 1, 2]
              .filter((k) => (i + k) % 2 === instance)
              .map((k) => `${order.accession_number}#${String(k)}`),
          )
        expect(resultsAt(risOne).sort()).toEqual(expected(0).sort())
        expect(resultsAt(risTwo).sort()).toEqual(expected(1).sort())
        // Each order's results reached their receivers in order (a receiver sees its share rising).
        for (const ris of [risOne, risTwo]) {
          for (const order of orders) {
            const indexes = ris.received
              .filter((m) => valueOf(m, 'OBR', 18) === order.accession_number)
              .map(resultIndex)
            expect(indexes).toEqual([...indexes].sort())
          }
        }
        expect(risOne.unreadable + risTwo.unreadable).toBe(0)
      } finally {
        await two.close()
        await database.close()
        await one.close()
        await risOne.close()
        await risTwo.close()
      }
    })
  },
)
