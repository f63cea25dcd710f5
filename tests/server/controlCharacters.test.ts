/**
 * SEC-3: text no person types (C0 control characters other than tab, line feed and carriage
 * return; UTF-16 surrogates without their pair) is an input error: 400 in the contract's error
 * shape, nothing stored, never a 500, on every route that takes text, in a path or in a body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorSchema, orderListSchema, type Order } from '../../contract'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const SECTIONS = {
  history: 'Cough.',
  technique: 'CT chest.',
  comparison: 'None.',
  findings: 'No nodule.',
  impression: 'Normal.',
}

/** One of each kind of character refused. */
const REFUSED = ['\u0000', '\u0007', '\u000B', '\u001B', '\uD800', '\uDC00'] as const

describe.skipIf(skipDatabase)('control characters and unpaired surrogates', () => {
  let t: TestApp
  let token: string
  let orders: Order[]
  beforeAll(async () => {
    t = await startTestApp()
    token = (await t.signUp()).token
    orders = orderListSchema
      .parse((await t.api('GET', '/orders', { token })).json())
      .filter((order) => order.report === null)
  })
  afterAll(() => t.close())

  const expectRefused = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400)
    expect(errorSchema.parse(res.json()).message).toMatch(/control characters/)
  }

  it('SEC-3 a message holding one is refused with 400 and not stored', async () => {
    const id = orders[0]!.id
    for (const bad of REFUSED) {
      expectRefused(
        await t.api('POST', `/orders/${id}/messages`, {
          token,
          body: { content: `Findings: clear${bad} lungs` },
        }),
      )
    }
    const stored = (await t.api('GET', `/orders/${id}/messages`, { token })).json<unknown[]>()
    expect(stored).toEqual([])
  })

  it('SEC-3 report sections, an addendum and a dictation cleanup holding one are refused with 400', async () => {
    const id = orders[1]!.id
    for (const bad of REFUSED) {
      expectRefused(
        await t.api('PUT', `/orders/${id}/report`, {
          token,
          body: { sections: { ...SECTIONS, findings: `No${bad} nodule.` } },
        }),
      )
      expectRefused(
        await t.api('POST', `/orders/${id}/report/addenda`, { token, body: { text: `x${bad}y` } }),
      )
      expectRefused(
        await t.api('POST', '/speech/cleanup', {
          token,
          body: { text: `lungs${bad} clear`, modality: 'CT', body_part: 'Chest' },
        }),
      )
    }
    const order = (await t.api('GET', `/orders/${id}`, { token })).json<Order>()
    expect(order.report).toBeNull()
  })

  it('SEC-3 tab, line breaks and paired surrogates (an emoji) are text like any other', async () => {
    const id = orders[2]!.id
    const findings = 'Line one\r\nLine two\tindented 🫁'
    const res = await t.api('PUT', `/orders/${id}/report`, {
      token,
      body: { sections: { ...SECTIONS, findings } },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ sections: { findings: string } }>().sections.findings).toBe(findings)
  })

  it('SEC-3 a path id holding one is refused with 400, never a 500', async () => {
    for (const id of ['%00', 'abc%07def', '%ED%A0%80']) {
      const res = await t.api('GET', `/orders/${id}/messages`, { token })
      expect(res.statusCode).toBeLessThan(500)
      expect([400, 404]).toContain(res.statusCode)
    }
    expectRefused(await t.api('GET', '/orders/%00/messages', { token }))
  })

  it('SEC-3 a sign-up field holding one is refused with 400 and creates no account', async () => {
    const loginId = `control-${String(Date.now())}@hospital.test`
    for (const user of [{ name: 'Dr\u0000Null' }, { name: 'Dr \uD800' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/password/signup',
        payload: { loginId, password: 'correct horse battery', user },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json<{ errorCode: string }>().errorCode).toBe('E011003')
    }
    const password = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password/signup',
      payload: { loginId, password: 'correct\u0000horse battery', user: { name: 'Dr Ok' } },
    })
    expect(password.statusCode).toBe(400)
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password/signin',
      payload: { loginId, password: 'correct horse battery' },
    })
    expect(signIn.json<{ errorCode: string }>().errorCode).toBe('E062108')
  })
})
