/**
 * Results out: a signature and each addendum become ORU^R01 messages in the outbox, in
 * the transaction that wrote them, and reach a real MLLP receiver on loopback: once each, in
 * order, whether the receiver is up, down, slow, answers AE or drops the connection mid-answer.
 * A restart and two instances: ./resultsDurability.test.ts. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema } from '../../../contract'
import { hl7Outbox } from '../../../server/db/schema'
import { listAuditEvents } from '../../../server/repo/audit'
import { eventually, startTestReceiver, type TestReceiver } from '../../support/mllpPeer'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { accessionIn, controlIdIn, partOf, readHl7, segmentsOf, valueOf } from './risReceiver'
import { FAST, sections } from './support'

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
  /**
   * The results that reached the receiver for a study, each once: MLLP delivers at least once, so
   * an attempt whose ACK came after the ACK timeout (a busy machine, HL7_ACK_TIMEOUT_MS is 300 ms
   * here) is sent again with the same control id. What must never happen is a second sending
   * after the ACK, which the tests check by counting every reception (`received`).
   */
  const received = (accession: string) =>
    receiver.received.filter((message) => accessionIn(message) === accession)
  const messagesFor = (accession: string) => {
    const seen = new Set<string>()
    return received(accession).filter((message) => {
      const id = controlIdIn(message)
      if (seen.has(id)) return false
      seen.add(id)
      return true
    })
  }
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
    // Read by npm hl7v2, which undoes HL7's escapes itself.
    const hl7 = readHl7(message ?? '')
    expect([1, 2, 3].map((c) => valueOf(hl7, 'MSH', 9, c)).join('^')).toBe('ORU^R01^ORU_R01')
    expect(valueOf(hl7, 'PID', 3)).toMatch(/^MRN/)
    expect(valueOf(hl7, 'OBR', 25)).toBe('F')
    expect(valueOf(hl7, 'OBR', 3)).toBe(order.accession_number)
    expect(valueOf(hl7, 'OBR', 32, 1, 2)).toBe('Dr Signer')
    const obx = segmentsOf(hl7, 'OBX')
    const codes = obx.map((s) => partOf(s, 3))
    expect(codes).toEqual(['HIS', 'TEC', 'FND', 'FND', 'IMP'])
    expect(partOf(obx.at(-1), 3, 2)).toBe('IMPRESSION')
    const lines = obx.filter((s) => partOf(s, 3) === 'FND').map((s) => partOf(s, 5))
    expect(lines).toEqual(findings.split('\n'))
    expect(message).toContain('Pipe \\F\\ caret \\S\\')
    expect(obx.every((s) => partOf(s, 2) === 'TX')).toBe(true)
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
    const messages = messagesFor(order.accession_number).map(readHl7)
    expect(messages.map((m) => valueOf(m, 'OBR', 25))).toEqual(['F', 'C', 'C'])
    const last = messages[2]
    const obx = last ? segmentsOf(last, 'OBX') : []
    expect(obx.map((s) => partOf(s, 3))).toEqual(['HIS', 'TEC', 'FND', 'IMP', 'ADD', 'ADD'])
    expect(obx.filter((s) => partOf(s, 3) === 'ADD').map((s) => partOf(s, 5))).toEqual([
      'First addendum.',
      'Second addendum.',
    ])
    expect(partOf(obx.at(-1), 16, 2)).toBe('Dr Signer')
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
    expect(sent.map((m) => valueOf(readHl7(m), 'OBR', 25))).toEqual(['F', 'C'])
    // Never again once acknowledged: a later result arrives, and these were not sent again.
    const receptions = received(order.accession_number).length
    const marker = take()
    await sign(marker.id, 'Marker.')
    await acked(marker.id, 1)
    expect(received(order.accession_number)).toHaveLength(receptions)
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
    const id = controlIdIn(messagesFor(order.accession_number)[0] ?? '')
    expect(receiver.acknowledged).toContain(id)
    // Once its ACK is recorded it is never sent again: a later result passes, this one does not.
    const receptions = received(order.accession_number).length
    const marker = take()
    await sign(marker.id, 'Marker.')
    await acked(marker.id, 1)
    expect(received(order.accession_number)).toHaveLength(receptions)
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
