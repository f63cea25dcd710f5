/**
 * Results out that outlive a server: a restart between sending and the acknowledgement,
 * and two server instances on one PostgreSQL, each delivering every result once, in order.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderListSchema } from '../../../contract'
import { buildApp } from '../../../server/app'
import { createLocalAssistant } from '../../../server/assistant/local'
import { openDatabase } from '../../../server/db/client'
import { hl7Outbox } from '../../../server/db/schema'
import { eventually, startTestReceiver } from '../../support/mllpPeer'
import { startTestApp } from '../../support/testApp'
import { onPostgres, skipDatabase } from '../../support/testDatabase'
import { accessionIn, controlIdIn, readHl7, valueOf } from './risReceiver'
import { FAST, sections } from './support'

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
        expect(new Set(receiver.received.map(controlIdIn)).size).toBe(1)
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
      const ids = receiver.received.map(controlIdIn)
      expect(new Set(ids).size).toBe(ids.length)
      for (const order of orders) {
        const statuses = receiver.received
          .filter((m) => accessionIn(m) === order.accession_number)
          .map((m) => valueOf(readHl7(m), 'OBR', 25))
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
