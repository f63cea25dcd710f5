/**
 * CL-2, CL-3 and CR-12 over a real socket, under the default configuration: clearing a
 * conversation (one study, or Clear All: every study of the worklist, a few at a time) removes the
 * messages and an unsigned draft with its revisions, but never a signed report, its revisions,
 * addenda or critical result communications; a signed study's status says it is final.
 * RETAIN_SIGNED_REPORTS, once the opt-in to that, is tolerated and said to be ignored.
 * On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CANCELLED_STATUS,
  communicationListSchema,
  FINAL_STATUS,
  messageListSchema,
  orderListSchema,
  orderPageSchema,
  orderSchema,
  reportRevisionListSchema,
  type Order,
} from '../../contract'
import { loadConfig, RETAIN_SIGNED_REPORTS_IGNORED } from '../../server/config'
import { orders } from '../../server/db/schema'
import { startSocketServer, type SocketServer } from '../support/socketServer'
import { startTestApp } from '../support/testApp'
import { criticalSections, phoneCall } from '../support/criticalResult'
import { skipDatabase } from '../support/testDatabase'

/** The calls of one clinician (the server's first account) on one server. */
function clinician(s: () => SocketServer) {
  const call = (route: Parameters<SocketServer['call']>[0], id: string, body?: unknown) =>
    s().call(route, { params: { id }, ...(body === undefined ? {} : { body }) })
  return {
    call,
    order: async (id: string) => orderSchema.parse((await call('getOrder', id)).json),
    revisions: async (id: string) =>
      reportRevisionListSchema.parse((await call('listReportRevisions', id)).json),
    communications: async (id: string) =>
      communicationListSchema.parse((await call('listCommunications', id)).json),
    messages: async (id: string) => messageListSchema.parse((await call('listMessages', id)).json),
    /** A message (the study goes in progress), a critical draft told to the referrer, signed. */
    async signWithHistory(id: string) {
      expect((await call('sendMessage', id, { content: 'Any embolus?' })).status).toBe(200)
      expect((await call('saveReport', id, { sections: criticalSections })).status).toBe(200)
      expect((await call('recordCommunication', id, phoneCall)).status).toBe(201)
      expect((await call('finalizeReport', id)).status).toBe(200)
      expect((await call('addReportAddendum', id, { text: 'Discussed again.' })).status).toBe(201)
      expect(
        (await call('recordCommunication', id, { ...phoneCall, method: 'in_person' })).status,
      ).toBe(201)
    },
  }
}

/** What of a study must survive a clear: the signed report whole, and its history. */
async function keptOf(c: ReturnType<typeof clinician>, id: string) {
  return {
    report: (await c.order(id)).report,
    revisions: await c.revisions(id),
    communications: await c.communications(id),
  }
}

describe.skipIf(skipDatabase)('clearing a conversation keeps what was signed', () => {
  let s: SocketServer
  let free: string[]
  const c = clinician(() => s)

  beforeAll(async () => {
    s = await startSocketServer()
    await s.signUp('Dr Ada Reader')
    free = orderListSchema
      .parse((await s.call('listOrders')).json)
      .filter((order) => order.report === null)
      .map((order) => order.id)
  })
  afterAll(() => s.close())

  const fresh = () => {
    const id = free.shift()
    if (!id) throw new Error('the seed has run out of studies')
    return id
  }

  it('CL-3 CR-12 DELETE /orders/{id}/conversation keeps the signed report, its revisions, addenda and communications; its status is final', async () => {
    const id = fresh()
    await c.signWithHistory(id)
    const before = await keptOf(c, id)
    expect(before.report?.addenda).toHaveLength(1)
    expect(before.communications).toHaveLength(2)

    expect((await c.call('clearConversation', id)).status).toBe(204)

    expect(await keptOf(c, id)).toEqual(before)
    expect(await c.messages(id)).toEqual([])
    const after = await c.order(id)
    expect(after.status).toBe(FINAL_STATUS)
    // Still signed: it cannot be written over, and it still takes addenda.
    expect((await c.call('saveReport', id, { sections: criticalSections })).status).toBe(409)
    expect((await c.call('addReportAddendum', id, { text: 'After clearing.' })).status).toBe(201)
    // It leaves Active Studies and is found as signed.
    const listed = async (status: string) =>
      orderPageSchema
        .parse((await s.call('listOrders', { query: { status, limit: '500' } })).json)
        .items.map((order) => order.id)
    expect(await listed('in_progress')).not.toContain(id)
    expect(await listed(FINAL_STATUS)).toContain(id)
  })

  it('CL-2 CR-12 an unsigned draft goes with its revisions and the status is restored; its communications stay', async () => {
    const id = fresh()
    const original = (await c.order(id)).status
    await c.call('sendMessage', id, { content: 'Any embolus?' })
    await c.call('saveReport', id, { sections: criticalSections })
    expect((await c.call('recordCommunication', id, phoneCall)).status).toBe(201)
    const told = await c.communications(id)

    expect((await c.call('clearConversation', id)).status).toBe(204)

    const after: Order = await c.order(id)
    expect(after.report).toBeNull()
    expect(after.status).toBe(original)
    expect(await c.revisions(id)).toEqual([])
    expect(await c.messages(id)).toEqual([])
    expect(await c.communications(id)).toEqual(told)
  })

  it('CL-3 a signed study the hospital cancelled stays cancelled when cleared', async () => {
    const id = fresh()
    await c.signWithHistory(id)
    await s.t.db
      .update(orders)
      .set({ status: CANCELLED_STATUS, originalStatus: CANCELLED_STATUS })
      .where(eq(orders.id, id))
    const before = await keptOf(c, id)

    expect((await c.call('clearConversation', id)).status).toBe(204)

    expect((await c.order(id)).status).toBe(CANCELLED_STATUS)
    expect(await keptOf(c, id)).toEqual(before)
  })
})

describe.skipIf(skipDatabase)('Clear All over HTTP', () => {
  let s: SocketServer
  const c = clinician(() => s)

  beforeAll(async () => {
    s = await startSocketServer()
    await s.signUp('Dr Ada Reader')
  })
  afterAll(() => s.close())

  it('CL-2 CL-3 CR-12 clearing every study four at a time keeps each signed report whole and resets the rest', async () => {
    const listed = orderListSchema.parse((await s.call('listOrders')).json)
    const [signedA, signedB, drafted] = listed.filter((order) => order.report === null)
    if (!signedA || !signedB || !drafted) throw new Error('the seed has too few studies')
    await c.signWithHistory(signedA.id)
    await c.signWithHistory(signedB.id)
    await c.call('sendMessage', drafted.id, { content: 'Any embolus?' })
    await c.call('saveReport', drafted.id, { sections: criticalSections })
    const kept = [await keptOf(c, signedA.id), await keptOf(c, signedB.id)]
    const signedBefore = listed.filter((order) => order.report?.is_final === true)

    // As the SPA's Clear All does it: the list read once, then one DELETE per study, four at once.
    const queue = [...listed]
    const statuses: number[] = []
    const worker = async () => {
      for (let order = queue.shift(); order; order = queue.shift()) {
        statuses.push((await c.call('clearConversation', order.id)).status)
      }
    }
    await Promise.all([worker(), worker(), worker(), worker()])

    expect(statuses).toHaveLength(listed.length)
    expect(statuses.every((status) => status === 204)).toBe(true)
    expect(await keptOf(c, signedA.id)).toEqual(kept[0])
    expect(await keptOf(c, signedB.id)).toEqual(kept[1])
    expect((await c.order(drafted.id)).report).toBeNull()
    // The seed's own signed studies are still signed, and nothing is in progress any more.
    const after = orderListSchema.parse((await s.call('listOrders')).json)
    const byId = new Map(after.map((order) => [order.id, order]))
    for (const order of signedBefore) {
      expect(byId.get(order.id)?.report).toEqual(order.report)
      expect(byId.get(order.id)?.status).toBe(FINAL_STATUS)
    }
    expect(after.filter((order) => order.status === 'in_progress')).toEqual([])
  })
})

describe('RETAIN_SIGNED_REPORTS', () => {
  it('CL-3 is no longer read: any value still starts the server, which logs a warning that signed reports are always kept', async () => {
    expect(loadConfig({}).warnings).toEqual([])
    for (const value of ['0', '1', 'false', 'yes', 'on'])
      expect(loadConfig({ RETAIN_SIGNED_REPORTS: value }).warnings).toEqual([
        RETAIN_SIGNED_REPORTS_IGNORED,
      ])
    if (skipDatabase) return
    const lines: string[] = []
    const t = await startTestApp({
      env: { RETAIN_SIGNED_REPORTS: '0' },
      seed: false,
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
    })
    await t.close()
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string })
    expect(warnings).toContainEqual(
      expect.objectContaining({ level: 40, msg: RETAIN_SIGNED_REPORTS_IGNORED }),
    )
  })
})
