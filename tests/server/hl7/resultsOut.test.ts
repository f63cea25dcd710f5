/**
 * Results out (issue 17): a signature and each addendum become ORU^R01 messages in the outbox, in
 * the transaction that wrote them, and reach a real MLLP receiver on loopback: once each, in
 * order, whether the receiver is up, down, slow, answers AE or drops the connection mid-answer,
 * and across a restart between sending and the acknowledgement. On PGlite and PostgreSQL.
 */
import { Hl7Message } from '@medplum/core'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema } from '../../../contract'
import { buildApp } from '../../../server/app'
import { createLocalAssistant } from '../../../server/assistant/local'
import { openDatabase } from '../../../server/db/client'
import { hl7Outbox } from '../../../server/db/schema'
import { listAuditEvents } from '../../../server/repo/audit'
import { eventually, startTestReceiver, type TestReceiver } from '../../support/mllpPeer'
import { startTestApp, type TestApp } from '../../support/testApp'
import { onPostgres, skipDatabase } from '../../support/testDatabase'

const FAST = {
  HL7_ACK_TIMEOUT_MS: '300',
  HL7_RETRY_MIN_MS: '50',
  HL7_RETRY_MAX_MS: '200',
  HL7_OUTBOX_POLL_MS: '50',
}

const sections = (findings: string, impression = 'No acute findings.') => ({
  history: 'Cough for two weeks.',
  technique: 'PA and lateral views.',
  comparison: '',
  findings,
  impression,
})

/** An independent reading of HL7 escapes (the test does not use the server's own). */
const unescape = (value: string) =>
  value
    .replaceAll('\\F\\', '|')
    .replaceAll('\\S\\', '^')
    .replaceAll('\\T\\', '&')
    .replaceAll('\\R\\', '~')
    .replaceAll('\\E\\', '\\')

const controlIdOf = (message: string) => Hl7Message.parse(message).header.getField(10).toString()
const accessionOf = (message: string) =>
  Hl7Message.parse(message).getSegment('OBR')?.getField(18).toString() ?? ''

async function outboxRows(t: TestApp, orderId: string) {
  return t.db.select().from(hl7Outbox).where(eq(hl7Outbox.orderId, orderId)).orderBy(hl7Outbox.id)
}

describe.skipIf(skipDatabase)('HL7 results out over MLLP', () => {
  let receiver: TestReceiver
  let t: TestApp
  let token: string
  let free: { id: string; accession_number: string }[]

  beforeAll(async () => {
    receiver = await startTestReceiver('ack')
    t = await startTestApp({ env: { ...FAST, HL7_SEND_TO: `127.0.0.1:${receiver.port}` } })
    token = (await t.signUp(undefined, 'Dr Signer')).token
    free = orderListSchema
      .parse((await t.api('GET', '/orders', { token })).json())
      .filter((o) => !o.report)
  })
  afterAll(async () => {
    await t.close()
    await receiver.down()
  })

  const take = () => {
    const order = free.shift()
    if (!order) throw new Error('no unsigned order left')
    return order
  }
  const sign = async (orderId: string, findings: string, impression?: string) => {
    const saved = await t.api('PUT', `/orders/${orderId}/report`, {
      token,
      body: { sections: sections(findings, impression) },
    })
    expect(saved.statusCode).toBe(200)
    const signed = await t.api('POST', `/orders/${orderId}/report/finalize`, { token })
    expect(signed.statusCode).toBe(200)
  }
  const addendum = async (orderId: string, text: string) => {
    const res = await t.api('POST', `/orders/${orderId}/report/addenda`, { token, body: { text } })
    expect(res.statusCode).toBe(201)
  }
  const messagesFor = (accession: string) =>
    receiver.received.filter((message) => accessionOf(message) === accession)
  const acked = async (orderId: string, count: number) => {
    await eventually(async () => {
      const rows = await outboxRows(t, orderId)
      return rows.length === count && rows.every((row) => row.ackedAt !== null)
    })
  }

  it('INT-13 a signature sends ORU^R01 (result status F, the signer as principal interpreter, one OBX per line, impression marked), escaping HL7 delimiters', async () => {
    const order = take()
    const findings =
      'Pipe | caret ^ amp & tilde ~ backslash \\ end.\nZweite Zeile: Lungenödem ± 5 mm, 肺.'
    await sign(order.id, findings, 'Impression: normal.')
    await acked(order.id, 1)
    const [message] = messagesFor(order.accession_number)
    expect(message).toBeDefined()
    const hl7 = Hl7Message.parse(message ?? '')
    expect(hl7.header.getField(9).toString()).toBe('ORU^R01^ORU_R01')
    expect(hl7.getSegment('PID')?.getField(3).toString()).toMatch(/^MRN/)
    const obr = hl7.getSegment('OBR')
    expect(obr?.getField(25).toString()).toBe('F')
    expect(obr?.getField(3).toString()).toBe(order.accession_number)
    expect(obr?.getComponent(32, 1)).toContain('&Dr Signer')
    const obx = hl7.getAllSegments('OBX')
    const codes = obx.map((s) => s.getComponent(3, 1))
    expect(codes).toEqual(['HIS', 'TEC', 'FND', 'FND', 'IMP'])
    expect(obx.at(-1)?.getComponent(3, 2)).toBe('IMPRESSION')
    const lines = obx
      .filter((s) => s.getComponent(3, 1) === 'FND')
      .map((s) => s.getField(5).toString())
    expect(lines.map(unescape)).toEqual(findings.split('\n'))
    expect(lines[0]).toContain('\\F\\')
    expect(obx.every((s) => s.getField(2).toString() === 'TX')).toBe(true)
    // The audit trail: queued and acknowledged, with codes only.
    const events = await listAuditEvents(t.db, { orderId: order.id })
    const kinds = events.map((e) => e.kind)
    expect(kinds).toContain('hl7_result_queued')
    expect(kinds).toContain('hl7_result_acknowledged')
    expect(JSON.stringify(events)).not.toContain('Lungenödem')
  })

  it('INT-14 each addendum sends result status C with the whole report and every addendum, after the final', async () => {
    const order = take()
    await sign(order.id, 'Small effusion.')
    await addendum(order.id, 'First addendum.')
    await addendum(order.id, 'Second addendum.')
    await acked(order.id, 3)
    const messages = messagesFor(order.accession_number).map((m) => Hl7Message.parse(m))
    expect(messages.map((m) => m.getSegment('OBR')?.getField(25).toString())).toEqual([
      'F',
      'C',
      'C',
    ])
    const last = messages[2]
    const obx = last?.getAllSegments('OBX') ?? []
    expect(obx.map((s) => s.getComponent(3, 1))).toEqual(['HIS', 'TEC', 'FND', 'IMP', 'ADD', 'ADD'])
    expect(
      obx.filter((s) => s.getComponent(3, 1) === 'ADD').map((s) => s.getField(5).toString()),
    ).toEqual(['First addendum.', 'Second addendum.'])
    expect(obx.at(-1)?.getComponent(16, 2)).toBe('Dr Signer')
  })

  it('INT-15 a receiver down loses nothing: results wait, then arrive once each and in order', async () => {
    await receiver.down()
    const order = take()
    await sign(order.id, 'Down while signed.')
    await addendum(order.id, 'Added while down.')
    await eventually(async () => {
      const [first] = await outboxRows(t, order.id)
      return (first?.attempts ?? 0) >= 2 && first?.lastError === 'refused'
    })
    const rows = await outboxRows(t, order.id)
    // The addendum waits behind the final report: never tried before it.
    expect(rows[1]?.attempts).toBe(0)
    await receiver.up()
    await acked(order.id, 2)
    const sent = messagesFor(order.accession_number)
    expect(sent.map((m) => Hl7Message.parse(m).getSegment('OBR')?.getField(25).toString())).toEqual(
      ['F', 'C'],
    )
    // Never again once acknowledged: a later result arrives, and these were not sent twice.
    const marker = take()
    await sign(marker.id, 'Marker.')
    await acked(marker.id, 1)
    expect(messagesFor(order.accession_number)).toHaveLength(2)
    const failed = (await listAuditEvents(t.db, { orderId: order.id })).filter(
      (e) => e.kind === 'hl7_result_failed',
    )
    expect(failed.length).toBeGreaterThanOrEqual(2)
    expect(failed[0]?.detail).toMatchObject({ error: 'refused' })
  })

  it.each([
    ['INT-16 a receiver answering AE', 'error', /^AE/],
    ['INT-17 a receiver that never answers (slow)', 'silent', /^timeout$/],
    ['INT-18 a receiver dropping the connection mid-answer', 'drop', /^closed$/],
  ] as const)('%s: the result is retried with backoff until AA', async (_name, mode, error) => {
    receiver.mode = mode
    const order = take()
    await sign(order.id, `Receiver ${mode}.`)
    await eventually(async () => {
      const [row] = await outboxRows(t, order.id)
      return (row?.attempts ?? 0) >= 2 && error.test(row?.lastError ?? '')
    })
    const [failing] = await outboxRows(t, order.id)
    expect(failing?.ackedAt).toBeNull()
    // Backed off: the next attempt is scheduled after the failure, not at once.
    expect(failing?.nextAttemptAt.getTime()).toBeGreaterThan(failing?.createdAt.getTime() ?? 0)
    receiver.mode = 'ack'
    await acked(order.id, 1)
    const id = controlIdOf(messagesFor(order.accession_number)[0] ?? '')
    expect(receiver.acknowledged.filter((c) => c === id)).toHaveLength(1)
  })

  it('INT-19 without HL7_SEND_TO nothing is queued: signing works as before', async () => {
    const plain = await startTestApp()
    try {
      const plainToken = (await plain.signUp()).token
      const [order] = orderListSchema
        .parse((await plain.api('GET', '/orders', { token: plainToken })).json())
        .filter((o) => !o.report)
      const id = order?.id ?? ''
      await plain.api('PUT', `/orders/${id}/report`, {
        token: plainToken,
        body: { sections: sections('x') },
      })
      const signed = await plain.api('POST', `/orders/${id}/report/finalize`, {
        token: plainToken,
      })
      expect(signed.statusCode).toBe(200)
      expect(await plain.db.select().from(hl7Outbox)).toEqual([])
    } finally {
      await plain.close()
    }
  })

  it('INT-20 a refused signature queues nothing (the outbox row shares its transaction)', async () => {
    const order = take()
    // Nothing to sign: the finalize is refused, and no result leaves.
    const refused = await t.api('POST', `/orders/${order.id}/report/finalize`, { token })
    expect(refused.statusCode).toBe(409)
    expect(await outboxRows(t, order.id)).toEqual([])
  })
})

describe.skipIf(skipDatabase)('HL7 results across a restart', () => {
  it('INT-21 a restart between sending and the ACK: sent again after the restart until AA, then never again', async () => {
    const receiver = await startTestReceiver('silent')
    const env = {
      ...FAST,
      HL7_ACK_TIMEOUT_MS: '2000',
      HL7_SEND_TO: `127.0.0.1:${receiver.port}`,
    }
    const first = await startTestApp({ env })
    try {
      const token = (await first.signUp()).token
      const [order] = orderListSchema
        .parse((await first.api('GET', '/orders', { token })).json())
        .filter((o) => !o.report)
      const id = order?.id ?? ''
      await first.api('PUT', `/orders/${id}/report`, { token, body: { sections: sections('r') } })
      await first.api('POST', `/orders/${id}/report/finalize`, { token })
      // The message is on the wire and its ACK has not come: the server goes down now.
      await receiver.until((r) => r.received.length === 1)
      await first.app.close()
      const [pending] = await first.db.select().from(hl7Outbox).where(eq(hl7Outbox.orderId, id))
      expect(pending?.ackedAt).toBeNull()
      receiver.mode = 'ack'
      // The next server on the same database (as after a restart) delivers it.
      const second = await buildApp({
        config: first.config,
        db: first.db,
        assistant: createLocalAssistant(),
        logger: false,
      })
      await second.ready()
      try {
        await eventually(async () => {
          const [row] = await first.db
            .select()
            .from(hl7Outbox)
            .where(and(eq(hl7Outbox.orderId, id)))
          return row?.ackedAt !== null && row?.ackedAt !== undefined
        })
        expect(receiver.received).toHaveLength(2)
        expect(new Set(receiver.received.map(controlIdOf)).size).toBe(1)
        expect(receiver.acknowledged).toHaveLength(1)
        // Another result goes through afterwards; the acknowledged one is not sent again.
        const [other] = orderListSchema
          .parse(
            (
              await second.inject({
                method: 'GET',
                url: '/api/v1/orders',
                headers: { authorization: `Bearer ${token}` },
              })
            ).json(),
          )
          .filter((o) => !o.report)
        const otherId = other?.id ?? ''
        const auth = { authorization: `Bearer ${token}` }
        await second.inject({
          method: 'PUT',
          url: `/api/v1/orders/${otherId}/report`,
          headers: auth,
          payload: { sections: sections('s') },
        })
        await second.inject({
          method: 'POST',
          url: `/api/v1/orders/${otherId}/report/finalize`,
          headers: auth,
        })
        await receiver.until((r) => r.acknowledged.length === 2)
        expect(receiver.received).toHaveLength(3)
      } finally {
        await second.close()
      }
    } finally {
      await first.close()
      await receiver.down()
    }
  })
})

describe.skipIf(skipDatabase || !onPostgres)('HL7 results from two server instances', () => {
  it('INT-22 two instances on one PostgreSQL deliver every result once, each order in order', async () => {
    const receiver = await startTestReceiver('ack')
    const env = { ...FAST, HL7_SEND_TO: `127.0.0.1:${receiver.port}` }
    const one = await startTestApp({ env })
    const database = await openDatabase({ kind: 'postgres', url: one.databaseUrl ?? '' })
    const two = await buildApp({
      config: one.config,
      db: database.db,
      assistant: createLocalAssistant(),
      logger: false,
    })
    await two.ready()
    try {
      const token = (await one.signUp()).token
      const orders = orderListSchema
        .parse((await one.api('GET', '/orders', { token })).json())
        .filter((o) => !o.report)
        .slice(0, 8)
      // Written through both instances at once; each wakes its own worker.
      await Promise.all(
        orders.map(async (order, i) => {
          const auth = { authorization: `Bearer ${token}` }
          const inject = (method: 'PUT' | 'POST', url: string, payload?: object) =>
            i % 2 === 0
              ? one.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) })
              : two.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) })
          await inject('PUT', `/api/v1/orders/${order.id}/report`, { sections: sections(`o${i}`) })
          await inject('POST', `/api/v1/orders/${order.id}/report/finalize`)
          await inject('POST', `/api/v1/orders/${order.id}/report/addenda`, { text: `a${i}` })
        }),
      )
      await receiver.until((r) => r.acknowledged.length >= orders.length * 2)
      await eventually(async () => {
        const rows = await one.db.select().from(hl7Outbox)
        return rows.length === orders.length * 2 && rows.every((row) => row.ackedAt !== null)
      })
      const ids = receiver.received.map(controlIdOf)
      expect(new Set(ids).size).toBe(ids.length)
      for (const order of orders) {
        const statuses = receiver.received
          .filter((m) => accessionOf(m) === order.accession_number)
          .map((m) => Hl7Message.parse(m).getSegment('OBR')?.getField(25).toString())
        expect(statuses).toEqual(['F', 'C'])
      }
    } finally {
      await two.close()
      await database.close()
      await one.close()
      await receiver.down()
    }
  })
})
