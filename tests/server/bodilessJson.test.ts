/**
 * API-2 from the other side: a client that sends `Content-Type: application/json` on every call,
 * as the product's "bodies are JSON" invites, is served like one that sends no header when it has
 * no body; a body with fields we do not know is read for the fields we do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorSchema, orderListSchema, routes, type Order } from '../../contract'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON']

describe.skipIf(skipDatabase)('JSON content type on calls without a body', () => {
  let t: TestApp
  let token: string
  let orders: Order[]

  beforeAll(async () => {
    t = await startTestApp()
    token = (await t.signUp()).token
    orders = orderListSchema.parse((await t.api('GET', '/orders')).json())
  })
  afterAll(() => t.close())

  let next = 0
  /** A study no other case of this file touched, so each call meets a fresh one. */
  const freshOrder = () => {
    next += 1
    return orders[next]!
  }

  const call = (method: string, path: string, contentType: string | null, payload?: string) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/v1${path}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(contentType === null ? {} : { 'content-type': contentType }),
      },
      ...(payload === undefined ? {} : { payload }),
    })

  const bodiless = Object.entries(routes).filter(([, route]) => !('body' in route))

  for (const contentType of JSON_TYPES) {
    it.each(bodiless)(
      `API-2 %s with "${contentType}" and an empty body answers as it does with no header`,
      async (_name, route) => {
        // Only a study's route takes a study: the others (/me, /admin/...) leave the seed's alone.
        const pathOf = () =>
          route.path.includes(':id') ? route.path.replace(':id', freshOrder().id) : route.path
        const plain = await call(route.method, pathOf(), null)
        const typed = await call(route.method, pathOf(), contentType, '')
        expect(typed.statusCode).toBe(plain.statusCode)
        expect(typed.statusCode).not.toBe(500)
        if (typed.statusCode >= 400) {
          expect(errorSchema.parse(typed.json()).error).toBe(errorSchema.parse(plain.json()).error)
        }
      },
    )
  }

  it('API-2 the initialize, finalize, delete and speech token calls of such a client succeed or answer their own errors', async () => {
    const order = freshOrder()
    const init = await call('POST', `/orders/${order.id}/initialize`, 'application/json', '')
    expect(init.statusCode).toBe(200)
    const save = await call(
      'PUT',
      `/orders/${order.id}/report`,
      'application/json',
      JSON.stringify({
        sections: {
          history: '',
          technique: '',
          comparison: '',
          findings: 'Normal.',
          impression: 'No acute findings.',
        },
      }),
    )
    expect(save.statusCode).toBe(200)
    const finalize = await call(
      'POST',
      `/orders/${order.id}/report/finalize`,
      'application/json',
      '',
    )
    expect(finalize.statusCode).toBe(200)
    expect(finalize.json()).toMatchObject({ is_final: true })
    const cleared = await call(
      'DELETE',
      `/orders/${freshOrder().id}/conversation`,
      'application/json',
      '',
    )
    expect(cleared.statusCode).toBe(204)
    // No speech service is configured in tests: the route's own answer, not a parser's 400.
    const speech = await call('POST', '/speech/token', 'application/json', '')
    expect(speech.statusCode).toBe(503)
  })

  it('API-2 a call that needs a body and gets an empty one is refused with a clear 400', async () => {
    const res = await call('POST', `/orders/${freshOrder().id}/messages`, 'application/json', '  ')
    expect(res.statusCode).toBe(400)
    expect(errorSchema.parse(res.json()).message).not.toMatch(/Body cannot be empty/)
  })

  it('API-2 a body that is not JSON is a 400, never a 500', async () => {
    const res = await call(
      'POST',
      `/orders/${freshOrder().id}/messages`,
      'application/json',
      '{"content":',
    )
    expect(res.statusCode).toBe(400)
    errorSchema.parse(res.json())
  })

  it('API-2 fields the server does not know are ignored; PATCH bodies with a charset are read', async () => {
    const order = freshOrder()
    const sent = await call(
      'POST',
      `/orders/${order.id}/messages`,
      'application/json; charset=utf-8',
      JSON.stringify({ content: 'Any free fluid?', input_type: 'text', client_ref: 'x-17' }),
    )
    expect(sent.statusCode).toBe(200)
    const { message_id } = sent.json<{ message_id: string }>()
    const rated = await call(
      'PATCH',
      `/orders/${order.id}/messages/${message_id}/rating`,
      'application/json; charset=UTF-8',
      JSON.stringify({ rating: 'up', source: 'keyboard' }),
    )
    expect(rated.statusCode).toBe(200)
    expect(rated.json()).toEqual({ success: true })
  })
})
