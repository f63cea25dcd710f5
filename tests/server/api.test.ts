import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  errorSchema,
  initializeAnswerSchema,
  messageListSchema,
  orderListSchema,
  orderSchema,
  patientListSchema,
  patientSummarySchema,
  phrasesAnswerSchema,
  reportSchema,
  routes,
  sendMessageAnswerSchema,
  type Order,
} from '../../contract'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describe.skipIf(skipDatabase)('API /api/v1 on the real server', () => {
  let t: TestApp
  let orders: Order[]
  const pick = (i: number) => orders[i]!

  beforeAll(async () => {
    t = await startTestApp()
    await t.signUp()
    const res = await t.api('GET', '/orders')
    orders = orderListSchema.parse(res.json())
  })
  afterAll(() => t.close())

  const expectError = (res: { statusCode: number; json: () => unknown }, status: number) => {
    expect(res.statusCode).toBe(status)
    return errorSchema.parse(res.json())
  }

  describe('authentication', () => {
    it.each(Object.entries(routes))(
      'API-2 %s without a session token answers 401',
      async (_name, route) => {
        const path = route.path.replace(':id', pick(0).id).replace(':messageId', UNKNOWN)
        const res = await t.api(route.method, path, { token: null })
        expect(expectError(res, 401).message).toMatch(/session token/)
      },
    )

    it('API-2 a malformed or forged bearer token answers 401', async () => {
      expectError(await t.api('GET', '/orders', { token: 'not-a-jwt' }), 401)
      const { token } = await t.signUp()
      const forged = `${token.slice(0, -4)}AAAA`
      expectError(await t.api('GET', '/orders', { token: forged }), 401)
    })

    it('API-2 a refresh token is refused by the /api/v1 guard', async () => {
      const { refreshJwt } = await t.signUp()
      expectError(await t.api('GET', '/orders', { token: refreshJwt }), 401)
    })

    it('unknown API paths answer 404 in the error shape', async () => {
      expectError(await t.api('GET', '/nope'), 404)
    })
  })

  describe('lists', () => {
    it('GET /patients answers the seeded patients as a bare array', async () => {
      const res = await t.api('GET', '/patients')
      expect(res.statusCode).toBe(200)
      const patients = patientListSchema.parse(res.json())
      expect(patients.length).toBeGreaterThanOrEqual(40)
      expect(patients.every((p) => p.id.length > 0 && p.first_name.length > 0)).toBe(true)
    })

    it('GET /orders nests each order its patient and its report', () => {
      expect(orders.length).toBeGreaterThanOrEqual(80)
      for (const order of orders) {
        expect(order.patient.id).toBe(order.patient_id)
        expect(order.report).toBeNull()
      }
      expect(new Set(orders.map((o) => o.modality))).toEqual(
        new Set(['CT', 'MR', 'XR', 'US', 'NM']),
      )
    })

    it('GET /orders/{id} answers one order; unknown id 404', async () => {
      const res = await t.api('GET', `/orders/${pick(0).id}`)
      expect(orderSchema.parse(res.json())).toEqual(pick(0))
      expectError(await t.api('GET', `/orders/${UNKNOWN}`), 404)
    })

    it('GET /orders/{id}/messages is empty for a fresh order; unknown id 404', async () => {
      const res = await t.api('GET', `/orders/${pick(1).id}/messages`)
      expect(messageListSchema.parse(res.json())).toEqual([])
      expectError(await t.api('GET', `/orders/${UNKNOWN}/messages`), 404)
    })
  })

  describe('conversation', () => {
    it('POST initialize creates the structured patient summary once', async () => {
      const order = pick(2)
      const first = initializeAnswerSchema.parse(
        (await t.api('POST', `/orders/${order.id}/initialize`)).json(),
      )
      expect(first.content).toBeDefined()
      const summary = patientSummarySchema.parse(JSON.parse(first.content!))
      expect(summary.patient_summary).toContain(order.patient.last_name)
      expect(summary.indication).toBe(order.indication)
      const again = await t.api('POST', `/orders/${order.id}/initialize`)
      expect(again.json()).toEqual({})
      const messages = messageListSchema.parse(
        (await t.api('GET', `/orders/${order.id}/messages`)).json(),
      )
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatchObject({
        role: 'assistant',
        content: first.content,
        meta_data: { type: 'patient_summary', structured: true },
      })
      expectError(await t.api('POST', `/orders/${UNKNOWN}/initialize`), 404)
    })

    it('two simultaneous first initializations create one summary', async () => {
      const order = pick(3)
      const [a, b] = await Promise.all([
        t.api('POST', `/orders/${order.id}/initialize`),
        t.api('POST', `/orders/${order.id}/initialize`),
      ])
      const contents = [
        a.json<{ content?: string }>().content,
        b.json<{ content?: string }>().content,
      ]
      expect(contents.filter(Boolean)).toHaveLength(1)
      const messages = messageListSchema.parse(
        (await t.api('GET', `/orders/${order.id}/messages`)).json(),
      )
      expect(messages).toHaveLength(1)
    })

    it('POST message stores both sides, answers the reply and moves the order to in_progress', async () => {
      const order = pick(4)
      expect(order.status).not.toBe('in_progress')
      const res = await t.api('POST', `/orders/${order.id}/messages`, {
        body: { content: 'What is the indication?' },
      })
      expect(res.statusCode).toBe(200)
      const reply = sendMessageAnswerSchema.parse(res.json())
      expect(reply.report_updated).toBe(false)
      expect(reply.content.length).toBeGreaterThan(0)
      const messages = messageListSchema.parse(
        (await t.api('GET', `/orders/${order.id}/messages`)).json(),
      )
      expect(messages.map((m) => [m.role, m.input_type])).toEqual([
        ['user', 'text'],
        ['assistant', 'text'],
      ])
      expect(messages[0]!.content).toBe('What is the indication?')
      expect(messages[1]!.id).toBe(reply.message_id)
      const after = orderSchema.parse((await t.api('GET', `/orders/${order.id}`)).json())
      expect(after.status).toBe('in_progress')
    })

    it('POST message records voice input', async () => {
      const order = pick(5)
      await t.api('POST', `/orders/${order.id}/messages`, {
        body: { content: 'indication please', input_type: 'voice' },
      })
      const messages = messageListSchema.parse(
        (await t.api('GET', `/orders/${order.id}/messages`)).json(),
      )
      expect(messages[0]!.input_type).toBe('voice')
    })

    it('POST message with report headings updates the report and says so', async () => {
      const order = pick(6)
      const res = await t.api('POST', `/orders/${order.id}/messages`, {
        body: {
          content:
            'Findings: 5 mm nodule in the right upper lobe. Impression: indeterminate pulmonary nodule.',
        },
      })
      const reply = sendMessageAnswerSchema.parse(res.json())
      expect(reply.report_updated).toBe(true)
      const after = orderSchema.parse((await t.api('GET', `/orders/${order.id}`)).json())
      expect(after.report?.sections).toMatchObject({
        findings: '5 mm nodule in the right upper lobe.',
        impression: 'indeterminate pulmonary nodule.',
      })
      expect(after.report?.is_final).toBe(false)
    })

    it('POST message: 400 naming the field for blank or missing content and a bad input_type; 404 unknown order', async () => {
      const order = pick(7)
      expect(
        expectError(
          await t.api('POST', `/orders/${order.id}/messages`, { body: { content: '   ' } }),
          400,
        ).message,
      ).toMatch(/content/)
      expect(
        expectError(await t.api('POST', `/orders/${order.id}/messages`, { body: {} }), 400).message,
      ).toMatch(/content/)
      expect(
        expectError(
          await t.api('POST', `/orders/${order.id}/messages`, {
            body: { content: 'x', input_type: 'fax' },
          }),
          400,
        ).message,
      ).toMatch(/input_type/)
      expectError(
        await t.api('POST', `/orders/${UNKNOWN}/messages`, { body: { content: 'hello' } }),
        404,
      )
    })

    it('PATCH rating sets, changes and clears a rating; 400 for a user message; 404 unknown', async () => {
      const order = pick(8)
      const sent = sendMessageAnswerSchema.parse(
        (
          await t.api('POST', `/orders/${order.id}/messages`, {
            body: { content: 'What can you do?' },
          })
        ).json(),
      )
      const url = `/orders/${order.id}/messages/${sent.message_id}/rating`
      for (const rating of ['up', 'down', null] as const) {
        const res = await t.api('PATCH', url, { body: { rating } })
        expect(res.json()).toEqual({ success: true })
        const messages = messageListSchema.parse(
          (await t.api('GET', `/orders/${order.id}/messages`)).json(),
        )
        expect(messages.find((m) => m.id === sent.message_id)?.rating).toBe(rating)
      }
      expect(
        expectError(await t.api('PATCH', url, { body: { rating: 'sideways' } }), 400).message,
      ).toMatch(/rating/)
      const messages = messageListSchema.parse(
        (await t.api('GET', `/orders/${order.id}/messages`)).json(),
      )
      const mine = messages.find((m) => m.role === 'user')!
      expectError(
        await t.api('PATCH', `/orders/${order.id}/messages/${mine.id}/rating`, {
          body: { rating: 'up' },
        }),
        400,
      )
      expectError(
        await t.api('PATCH', `/orders/${order.id}/messages/${UNKNOWN}/rating`, {
          body: { rating: 'up' },
        }),
        404,
      )
      // A message id that belongs to another order is not found under this one.
      expectError(
        await t.api('PATCH', `/orders/${pick(9).id}/messages/${sent.message_id}/rating`, {
          body: { rating: 'up' },
        }),
        404,
      )
    })
  })

  describe('report', () => {
    const sections = {
      history: 'Cough.',
      technique: 'CT chest with contrast.',
      comparison: 'None.',
      findings: 'No nodule.',
      impression: 'Normal chest CT.',
    }

    it('RP-2 PUT report saves the sections and answers the report; 400 for a missing section; 404 unknown', async () => {
      const order = pick(10)
      const res = await t.api('PUT', `/orders/${order.id}/report`, { body: { sections } })
      expect(res.statusCode).toBe(200)
      const report = reportSchema.parse(res.json())
      expect(report).toMatchObject({ sections, is_final: false, finalized_at: null })
      const after = orderSchema.parse((await t.api('GET', `/orders/${order.id}`)).json())
      expect(after.report?.sections).toEqual(sections)
      const { impression: _omit, ...partial } = sections
      expect(
        expectError(
          await t.api('PUT', `/orders/${order.id}/report`, { body: { sections: partial } }),
          400,
        ).message,
      ).toMatch(/sections\.impression/)
      expectError(await t.api('PUT', `/orders/${UNKNOWN}/report`, { body: { sections } }), 404)
    })

    it('RP-5 finalize answers the final report; then saves, replies and a second finalize are refused with 409', async () => {
      const order = pick(11)
      await t.api('PUT', `/orders/${order.id}/report`, { body: { sections } })
      const res = await t.api('POST', `/orders/${order.id}/report/finalize`)
      expect(res.statusCode).toBe(200)
      const report = reportSchema.parse(res.json())
      expect(report.is_final).toBe(true)
      expect(report.finalized_at).not.toBeNull()
      expectError(await t.api('POST', `/orders/${order.id}/report/finalize`), 409)
      expectError(
        await t.api('PUT', `/orders/${order.id}/report`, {
          body: { sections: { ...sections, findings: 'changed' } },
        }),
        409,
      )
      const reply = sendMessageAnswerSchema.parse(
        (
          await t.api('POST', `/orders/${order.id}/messages`, {
            body: { content: 'Impression: something else' },
          })
        ).json(),
      )
      expect(reply.report_updated).toBe(false)
      const after = orderSchema.parse((await t.api('GET', `/orders/${order.id}`)).json())
      expect(after.report?.sections).toEqual(sections)
      expectError(await t.api('POST', `/orders/${UNKNOWN}/report/finalize`), 404)
    })

    it('finalizing an empty or missing report is refused with 409', async () => {
      expectError(await t.api('POST', `/orders/${pick(12).id}/report/finalize`), 409)
    })
  })

  describe('clear conversation', () => {
    it('CL-2 DELETE conversation removes messages and report and restores the original status', async () => {
      const order = pick(13)
      await t.api('POST', `/orders/${order.id}/initialize`)
      await t.api('POST', `/orders/${order.id}/messages`, {
        body: { content: 'Findings: small effusion.' },
      })
      const busy = orderSchema.parse((await t.api('GET', `/orders/${order.id}`)).json())
      expect(busy.status).toBe('in_progress')
      expect(busy.report).not.toBeNull()
      const res = await t.api('DELETE', `/orders/${order.id}/conversation`)
      expect(res.statusCode).toBe(204)
      expect(res.body).toBe('')
      const after = orderSchema.parse((await t.api('GET', `/orders/${order.id}`)).json())
      expect(after.status).toBe(order.status)
      expect(after.report).toBeNull()
      expect((await t.api('GET', `/orders/${order.id}/messages`)).json()).toEqual([])
      // A cleared study starts over: the summary is created again.
      expect(
        initializeAnswerSchema.parse((await t.api('POST', `/orders/${order.id}/initialize`)).json())
          .content,
      ).toBeDefined()
      expectError(await t.api('DELETE', `/orders/${UNKNOWN}/conversation`), 404)
    })
  })

  describe('speech', () => {
    it('POST speech/token without speech configuration answers 503 saying dictation is not configured', async () => {
      const err = expectError(await t.api('POST', '/speech/token'), 503)
      expect(err.message).toMatch(/Dictation is not configured/)
    })

    it('POST speech/phrases answers the hints and their count; 400 names a missing field', async () => {
      const res = await t.api('POST', '/speech/phrases', {
        body: { modality: 'CT', body_part: 'chest' },
      })
      const answer = phrasesAnswerSchema.parse(res.json())
      expect(answer.count).toBe(answer.phrases.length)
      expect(answer.count).toBeGreaterThanOrEqual(30)
      expect(
        expectError(await t.api('POST', '/speech/phrases', { body: { modality: 'CT' } }), 400)
          .message,
      ).toMatch(/body_part/)
    })

    it('POST speech/cleanup answers the cleaned text; 400 names a missing field', async () => {
      const res = await t.api('POST', '/speech/cleanup', {
        body: {
          text: 'um there is a five millimeter nodule period',
          modality: 'CT',
          body_part: 'chest',
        },
      })
      expect(res.json()).toEqual({ cleaned: 'There is a 5 mm nodule.' })
      expect(
        expectError(
          await t.api('POST', '/speech/cleanup', { body: { modality: 'CT', body_part: 'chest' } }),
          400,
        ).message,
      ).toMatch(/text/)
    })
  })

  it('rejects a malformed JSON body with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${pick(0).id}/messages`,
      headers: {
        authorization: `Bearer ${(await t.signUp()).token}`,
        'content-type': 'application/json',
      },
      payload: '{"content": ',
    })
    expectError(res, 400)
  })
})
