/**
 * CLM-10 and CR-22 over a real socket: while one clinician holds a study, another's clearing of its
 * conversation and, before the signature, another's critical result communication are refused
 * with the 409 `claimed` every report write gives; the holder's work and claim stay. The holder
 * clears their own study, a lapsed claim holds nothing, and after the signature anyone records a
 * communication. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  claimConflictSchema,
  communicationListSchema,
  CRITICAL_NOT_COMMUNICATED_ERROR,
  messageListSchema,
  orderListSchema,
  orderSchema,
} from '../../contract'
import { users } from '../../server/db/schema'
import { startSocketServer, type SocketServer, type SocketUser } from '../support/socketServer'
import { criticalSections, phoneCall } from '../support/criticalResult'
import { skipDatabase } from '../support/testDatabase'

const LEASE_MS = 300_000

describe.skipIf(skipDatabase)('writes of a study someone else reads', () => {
  let s: SocketServer
  let clock = new Date()
  let ada: SocketUser
  let ben: SocketUser
  let free: string[]

  beforeAll(async () => {
    s = await startSocketServer({ now: () => clock })
    ada = await s.signUp('Dr Ada Reader')
    ben = await s.signUp('Dr Ben Second')
    // RL-6: with more than one account, only an admin clears; Ben is one, so the claim refuses him.
    await s.t.db
      .update(users)
      .set({ roles: ['admin', 'radiologist'] })
      .where(eq(users.id, ben.userId))
    free = orderListSchema
      .parse((await s.call('listOrders')).json)
      .filter((order) => order.report === null)
      .map((order) => order.id)
  })
  afterAll(() => s.close())

  const as = (
    user: SocketUser,
    route: Parameters<SocketServer['call']>[0],
    id: string,
    body?: unknown,
  ) => s.call(route, { token: user.token, params: { id }, ...(body === undefined ? {} : { body }) })
  const order = async (id: string) => orderSchema.parse((await as(ada, 'getOrder', id)).json)
  const messages = async (id: string) =>
    messageListSchema.parse((await as(ada, 'listMessages', id)).json)
  const communications = async (id: string) =>
    communicationListSchema.parse((await as(ada, 'listCommunications', id)).json)

  /** A fresh study Ada opened, asked about and drafted: hers, with a message and a draft. */
  async function adasStudy(): Promise<string> {
    const id = free.shift()
    if (!id) throw new Error('the seed has run out of studies')
    expect((await as(ada, 'claimOrder', id)).status).toBe(200)
    expect((await as(ada, 'sendMessage', id, { content: 'Any embolus?' })).status).toBe(200)
    expect((await as(ada, 'saveReport', id, { sections: criticalSections })).status).toBe(200)
    return id
  }

  it("CLM-10 another clinician's DELETE /orders/{id}/conversation answers the 409 `claimed` a report write gives; the holder's draft, messages and claim stay", async () => {
    const id = await adasStudy()
    const before = await order(id)
    const thread = await messages(id)

    const cleared = await as(ben, 'clearConversation', id)
    const saved = await as(ben, 'saveReport', id, { sections: criticalSections })

    expect(cleared.status).toBe(409)
    expect(claimConflictSchema.parse(cleared.json)).toEqual({
      error: 'claimed',
      message: 'Dr Ada Reader is reading this study.',
      claimed_by: before.claimed_by,
    })
    expect(cleared.json).toEqual(saved.json)
    expect(await order(id)).toEqual(before)
    expect(before.claimed_by).toMatchObject({ user_id: ada.userId, name: 'Dr Ada Reader' })
    expect(before.report?.sections).toEqual(criticalSections)
    expect(await messages(id)).toEqual(thread)
  })

  it('CLM-10 the holder clears their own study: the draft and messages go, the claim stays theirs', async () => {
    const id = await adasStudy()

    expect((await as(ada, 'clearConversation', id)).status).toBe(204)

    const after = await order(id)
    expect(after.report).toBeNull()
    expect(after.claimed_by?.user_id).toBe(ada.userId)
    expect(await messages(id)).toEqual([])
  })

  it('CLM-10 a claim not renewed within its lease holds nothing: anyone clears the study', async () => {
    const id = await adasStudy()
    clock = new Date(clock.getTime() + LEASE_MS + 1000)

    expect((await as(ben, 'clearConversation', id)).status).toBe(204)

    expect((await order(id)).report).toBeNull()
  })

  it('CLM-10 the holder saving while another clinician clears, at once over HTTP: the save lands and the clear is refused, every time', async () => {
    for (let round = 0; round < 6; round += 1) {
      const id = await adasStudy()
      const sections = {
        ...criticalSections,
        impression: `Acute pulmonary embolism, round ${String(round)}.`,
      }

      const [saved, cleared] = await Promise.all([
        as(ada, 'saveReport', id, { sections }),
        as(ben, 'clearConversation', id),
      ])

      expect(saved.status).toBe(200)
      expect(cleared.status).toBe(409)
      const after = await order(id)
      expect(after.report?.sections).toEqual(sections)
      expect(after.claimed_by?.user_id).toBe(ada.userId)
      expect(await messages(id)).toHaveLength(2)
    }
  })

  it("CR-22 before the signature only the holder records a communication: another's record is refused (409 `claimed`) and unlocks no signature", async () => {
    const id = await adasStudy()

    const refused = await as(ben, 'recordCommunication', id, phoneCall)

    expect(refused.status).toBe(409)
    expect(claimConflictSchema.parse(refused.json)).toMatchObject({
      error: 'claimed',
      claimed_by: { user_id: ada.userId },
    })
    expect(await communications(id)).toEqual([])
    const unsigned = await as(ada, 'finalizeReport', id)
    expect(unsigned.status).toBe(409)
    expect(unsigned.json).toMatchObject({ error: CRITICAL_NOT_COMMUNICATED_ERROR })
    // The holder's own record does.
    expect((await as(ada, 'recordCommunication', id, phoneCall)).status).toBe(201)
    expect((await as(ada, 'finalizeReport', id)).status).toBe(200)
  })

  it('CR-22 after the signature anyone records a communication, as with addenda', async () => {
    const id = await adasStudy()
    await as(ada, 'recordCommunication', id, phoneCall)
    expect((await as(ada, 'finalizeReport', id)).status).toBe(200)
    // Signing ended Ada's claim (CLM-12): nobody holds the signed study.
    expect((await order(id)).claimed_by).toBeNull()

    const late = await as(ben, 'recordCommunication', id, {
      ...phoneCall,
      method: 'secure_message',
    })

    expect(late.status).toBe(201)
    expect((await communications(id)).map((record) => record.recorded_by.user_id)).toEqual([
      ada.userId,
      ben.userId,
    ])
  })
})
