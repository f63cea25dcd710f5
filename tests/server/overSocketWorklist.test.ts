/**
 * SEC-10 over a real socket, the worklist's and the library's routes: patients, the worklist
 * (whole and paged), one order, its priors, claims and 'Next study', templates and macros. Each
 * route gets the answer it exists for and one refusal; every test title names its route
 * (tests/tooling/routesOverSocket.test.ts checks that none is left out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  claimAnswerSchema,
  claimConflictSchema,
  macroListSchema,
  macroSchema,
  MACRO_EXISTS_ERROR,
  orderListSchema,
  orderPageSchema,
  orderSchema,
  patientListSchema,
  priorListSchema,
  templateListSchema,
  type Order,
} from '../../contract'
import {
  expectAnswer,
  expectRefusal,
  MISSING_ID,
  startSocketServer,
  type SocketServer,
  type SocketUser,
} from '../support/socketServer'
import { skipDatabase } from '../support/testDatabase'

describe.skipIf(skipDatabase)('the worklist and the library over a real socket', () => {
  let s: SocketServer
  let ada: SocketUser
  let ben: SocketUser
  /** The demo worklist as it was before any test claimed or wrote anything. */
  let orders: Order[]

  beforeAll(async () => {
    s = await startSocketServer()
    ada = await s.signUp('Dr Ada Socket')
    ben = await s.signUp('Dr Ben Socket')
    orders = await s.worklist()
  })
  afterAll(() => s.close())

  /** A study of the demo worklist no other test of this file claims. */
  const study = (index: number) => orders.at(-1 - index)!.id
  const holderOf = async (id: string) =>
    expectAnswer(await s.call('getOrder', { params: { id } }), 200, orderSchema).claimed_by

  it('SEC-10 listPatients answers 200 with the patients of the worklist', async () => {
    const patients = expectAnswer(await s.call('listPatients'), 200, patientListSchema)
    const ids = new Set(patients.map((patient) => patient.id))
    expect(orders.every((order) => ids.has(order.patient_id))).toBe(true)
  })

  it('SEC-10 listPatients refuses a call without a session (401)', async () => {
    expectRefusal(await s.call('listPatients', { token: null }), 401, 'unauthorized')
  })

  it('SEC-10 listOrders answers 200 with the whole worklist, compressed, and with a page of it', async () => {
    const whole = await s.call('listOrders')
    expect(['br', 'gzip']).toContain(whole.headers.get('content-encoding'))
    expect(expectAnswer(whole, 200, orderListSchema).length).toBe(orders.length)
    const page = expectAnswer(
      await s.call('listOrders', { query: { limit: '5' } }),
      200,
      orderPageSchema,
    )
    expect(page.items).toHaveLength(5)
    expect(page.total).toBe(orders.length)
    expect(page.next_cursor).not.toBeNull()
  })

  it('SEC-10 listOrders refuses a claimed filter it does not know (400)', async () => {
    const refusal = await s.call('listOrders', { query: { claimed: 'everyone' } })
    expect(expectRefusal(refusal, 400, 'bad_request').message).toMatch(/claimed/)
  })

  it('SEC-10 getOrder answers 200 with the order and its report version', async () => {
    const id = study(0)
    const order = expectAnswer(await s.call('getOrder', { params: { id } }), 200, orderSchema)
    expect(order).toMatchObject({ id, patient_id: orders.at(-1)!.patient_id, report: null })
  })

  it('SEC-10 getOrder refuses an order that does not exist (404)', async () => {
    expectRefusal(await s.call('getOrder', { params: { id: MISSING_ID } }), 404, 'not_found')
  })

  it('SEC-10 listPriors answers 200 with the other studies of the patient', async () => {
    const family = orders.filter(
      (order) => orders.filter((other) => other.patient_id === order.patient_id).length > 1,
    )[0]!
    const answer = await s.call('listPriors', { params: { id: family.id } })
    const ids = expectAnswer(answer, 200, priorListSchema).items.map((prior) => prior.id)
    const siblings = orders.filter((o) => o.patient_id === family.patient_id && o.id !== family.id)
    expect(ids).toEqual(expect.arrayContaining(siblings.map((order) => order.id)))
    expect(ids).not.toContain(family.id)
  })

  it('SEC-10 listPriors refuses an order that does not exist (404)', async () => {
    expectRefusal(await s.call('listPriors', { params: { id: MISSING_ID } }), 404, 'not_found')
  })

  it('SEC-10 claimOrder answers 200 with the claim, and the order names its reader', async () => {
    const id = study(1)
    const claim = expectAnswer(
      await s.call('claimOrder', { params: { id } }),
      200,
      claimAnswerSchema,
    )
    expect(claim).toMatchObject({ order_id: id, claimed_by: { user_id: ada.userId } })
    expect(await holderOf(id)).toMatchObject({ user_id: ada.userId, name: ada.name })
  })

  it("SEC-10 claimOrder refuses another clinician's study with its reader's name (409)", async () => {
    const id = study(2)
    expect((await s.call('claimOrder', { params: { id } })).status).toBe(200)
    const refusal = await s.call('claimOrder', { params: { id }, token: ben.token, body: {} })
    expectRefusal(refusal, 409, 'claimed')
    expect(claimConflictSchema.parse(refusal.json).claimed_by.name).toBe(ada.name)
  })

  it('SEC-10 releaseClaim answers 204 and the study is nobody’s', async () => {
    const id = study(3)
    expect((await s.call('claimOrder', { params: { id } })).status).toBe(200)
    const released = await s.call('releaseClaim', { params: { id } })
    expect(released.status).toBe(204)
    expect(released.json).toBeNull()
    expect(await holderOf(id)).toBeNull()
  })

  it('SEC-10 releaseClaim refuses a call without a session (401), and the claim stays', async () => {
    const id = study(4)
    expect((await s.call('claimOrder', { params: { id } })).status).toBe(200)
    expectRefusal(
      await s.call('releaseClaim', { params: { id }, token: null }),
      401,
      'unauthorized',
    )
    expect(await holderOf(id)).toMatchObject({ user_id: ada.userId })
  })

  it('SEC-10 nextStudy answers 200 with the most urgent study, now claimed for the caller', async () => {
    const unclaimed = { claimed: 'unclaimed', limit: '1' }
    const first = expectAnswer(
      await s.call('listOrders', { query: unclaimed }),
      200,
      orderPageSchema,
    )
    const next = expectAnswer(await s.call('nextStudy', { token: ben.token }), 200, orderSchema)
    expect(next.claimed_by?.user_id).toBe(ben.userId)
    expect(next.id).toBe(first.items[0]!.id)
    expect(
      (await s.call('releaseClaim', { params: { id: next.id }, token: ben.token })).status,
    ).toBe(204)
  })

  it('SEC-10 nextStudy refuses a call without a session (401)', async () => {
    expectRefusal(await s.call('nextStudy', { token: null }), 401, 'unauthorized')
  })

  it('SEC-10 listTemplates answers 200 with the templates of a CT head', async () => {
    const answer = await s.call('listTemplates', { query: { modality: 'CT', body_part: 'head' } })
    const templates = expectAnswer(answer, 200, templateListSchema)
    expect(templates.map((template) => template.id)).toContain('ct-head-noncontrast')
    expect(templates.every((template) => template.modality === 'CT')).toBe(true)
  })

  it('SEC-10 listTemplates refuses a modality longer than a term (400)', async () => {
    const refusal = await s.call('listTemplates', { query: { modality: 'x'.repeat(101) } })
    expect(expectRefusal(refusal, 400, 'bad_request').message).toMatch(/modality/)
  })

  const macro = async (name: string, user: SocketUser = ada) =>
    expectAnswer(
      await s.call('createMacro', { token: user.token, body: { name, text: `${name} text.` } }),
      201,
      macroSchema,
    )

  it('SEC-10 createMacro answers 201 with the macro', async () => {
    const body = { name: 'socket create', text: 'Created over a socket.' }
    const created = expectAnswer(await s.call('createMacro', { body }), 201, macroSchema)
    expect(created).toMatchObject(body)
  })

  it('SEC-10 createMacro refuses a name the caller already has (409)', async () => {
    await macro('socket twice')
    const again = await s.call('createMacro', { body: { name: 'socket twice', text: 'Again.' } })
    expectRefusal(again, 409, MACRO_EXISTS_ERROR)
  })

  it("SEC-10 listMacros answers 200 with the caller's macros only", async () => {
    const own = await macro('socket bens own', ben)
    const listed = expectAnswer(
      await s.call('listMacros', { token: ben.token }),
      200,
      macroListSchema,
    )
    expect(listed).toEqual([own])
  })

  it('SEC-10 listMacros refuses a call without a session (401)', async () => {
    expectRefusal(await s.call('listMacros', { token: null }), 401, 'unauthorized')
  })

  it('SEC-10 updateMacro answers 200 with the macro changed', async () => {
    const { id } = await macro('socket update')
    const body = { name: 'socket updated', text: 'New text.' }
    const updated = expectAnswer(
      await s.call('updateMacro', { params: { id }, body }),
      200,
      macroSchema,
    )
    expect(updated).toMatchObject({ id, ...body })
  })

  it("SEC-10 updateMacro refuses another clinician's macro (404)", async () => {
    const { id } = await macro('socket not bens')
    const body = { name: 'socket taken', text: 'Taken.' }
    const refusal = await s.call('updateMacro', { params: { id }, token: ben.token, body })
    expectRefusal(refusal, 404, 'not_found')
  })

  it('SEC-10 deleteMacro answers 204 and the macro is gone', async () => {
    const { id } = await macro('socket delete')
    const deleted = await s.call('deleteMacro', { params: { id } })
    expect(deleted.status).toBe(204)
    const left = expectAnswer(await s.call('listMacros'), 200, macroListSchema)
    expect(left.map((m) => m.id)).not.toContain(id)
  })

  it("SEC-10 deleteMacro refuses another clinician's macro (404), which stays", async () => {
    const { id } = await macro('socket kept')
    const refusal = await s.call('deleteMacro', { params: { id }, token: ben.token })
    expectRefusal(refusal, 404, 'not_found')
    const left = expectAnswer(await s.call('listMacros'), 200, macroListSchema)
    expect(left.map((m) => m.id)).toContain(id)
  })
})
