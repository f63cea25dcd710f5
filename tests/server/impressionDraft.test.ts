/**
 * POST /orders/{id}/report/impression-draft on the real server (issue 18), PGlite and PostgreSQL:
 * the local provider's draft, the request read strictly, and, with ASSISTANT_PROVIDER=openai, a
 * loopback chat completions endpoint: what is sent (the Findings and nothing else of the patient),
 * how its answer is used, and its failures answered 502 `draft_unavailable` and logged without a
 * word of the report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DRAFT_UNAVAILABLE_ERROR,
  draftImpressionAnswerSchema,
  errorSchema,
  IMPRESSION_DRAFT_MAX_CHARS,
  orderListSchema,
  orderSchema,
  type Order,
  type ReportSections,
} from '../../contract'
import { createAssistant } from '../../server/assistant'
import { loadConfig } from '../../server/config'
import {
  completion,
  startFakeChatCompletions,
  type ChatRequestBody,
  type FakeChatCompletions,
} from '../support/fakeChatCompletions'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const CLINICAL_MARK = 'Zircon-4471'

const sections = (over: Partial<ReportSections> = {}): ReportSections => ({
  history: `Cough ${CLINICAL_MARK}.`,
  technique: 'PA and lateral views.',
  comparison: 'None.',
  findings: `Small left pleural effusion ${CLINICAL_MARK}. The lungs are otherwise clear. No pneumothorax. 6 mm nodule in the right upper lobe.`,
  impression: '',
  ...over,
})

async function someOrder(t: TestApp, token: string): Promise<Order> {
  const orders = orderListSchema.parse((await t.api('GET', '/orders', { token })).json())
  const order = orders.find((o) => o.report === null)
  if (!order) throw new Error('the demo worklist has no study without a report')
  return order
}

describe.skipIf(skipDatabase)('the impression draft route, local provider', () => {
  let t: TestApp
  let token: string
  let order: Order

  beforeAll(async () => {
    t = await startTestApp()
    token = (await t.signUp()).token
    order = await someOrder(t, token)
  })
  afterAll(() => t.close())

  const draft = async (id: string, body: unknown, bearer: string | null = token) => {
    const answer = await t.api('POST', `/orders/${id}/report/impression-draft`, {
      token: bearer,
      body,
    })
    return { status: answer.statusCode, json: answer.json<unknown>() }
  }

  it('IMP-1 drafts from the Findings sent, unsaved, and writes nothing', async () => {
    const { status, json } = await draft(order.id, { sections: sections() })
    expect(status).toBe(200)
    expect(draftImpressionAnswerSchema.parse(json)).toEqual({
      impression: `1. Small left pleural effusion ${CLINICAL_MARK}.\n2. 6 mm nodule in the right upper lobe.`,
      source: 'local',
    })
    const after = orderSchema.parse((await t.api('GET', `/orders/${order.id}`, { token })).json())
    expect(after.report).toBeNull()
  })

  it('IMP-4 Findings with nothing positive give an empty draft, source local', async () => {
    const { status, json } = await draft(order.id, {
      sections: sections({ findings: 'Heart size is normal. No effusion.' }),
    })
    expect(status).toBe(200)
    expect(json).toEqual({ impression: '', source: 'local' })
  })

  it.each([
    ['no body', undefined],
    ['no sections', {}],
    ['an unknown key', { sections: sections(), extra: 1 }],
    ['an unknown section', { sections: { ...sections(), summary: 'x' } }],
    ['a missing section', { sections: { ...sections(), technique: undefined } }],
    ['a section that is not text', { sections: { ...sections(), findings: 5 } }],
    ['a section past 50,000 characters', { sections: sections({ findings: 'a'.repeat(50_001) }) }],
    ['a control character', { sections: sections({ findings: 'Effusion\u0000.' }) }],
  ])('IMP-2 %s answers 400', async (_name, body) => {
    const { status, json } = await draft(order.id, body)
    expect(status).toBe(400)
    expect(errorSchema.parse(json).error).toBe('bad_request')
  })

  it('IMP-2 an unknown order answers 404; no session 401', async () => {
    expect((await draft('no-such-order', { sections: sections() })).status).toBe(404)
    expect((await draft(order.id, { sections: sections() }, null)).status).toBe(401)
  })
})

describe.skipIf(skipDatabase)('the impression draft route, openai provider', () => {
  let t: TestApp
  let token: string
  let order: Order
  let fake: FakeChatCompletions
  const lines: string[] = []

  beforeAll(async () => {
    fake = await startFakeChatCompletions()
    const env = {
      ASSISTANT_PROVIDER: 'openai',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'sk-draft',
      OPENAI_MODEL: 'draft-model',
      OPENAI_TIMEOUT_MS: '1000',
      // One draft at a time and none waiting: the second at once gets 503.
      HEAVY_ANSWERS_CONCURRENCY: '1',
      HEAVY_ANSWERS_QUEUE: '0',
    }
    const config = loadConfig({ HOST: '127.0.0.1', STATIC_DIR: '/nonexistent', ...env })
    t = await startTestApp({
      env,
      assistant: createAssistant(config.assistant),
      logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } },
    })
    token = (await t.signUp(undefined, 'Dr Draft Reader')).token
    order = await someOrder(t, token)
  })
  afterAll(async () => {
    await t.close()
    await fake.close()
  })

  const draft = async (body: unknown = { sections: sections() }) => {
    const answer = await t.api('POST', `/orders/${order.id}/report/impression-draft`, {
      token,
      body,
    })
    return { status: answer.statusCode, json: answer.json<unknown>() }
  }

  it('IMP-5 sends the model, the drafting rules and the Findings, and nothing else of the patient', async () => {
    fake.received.length = 0
    fake.answer = completion('Small left pleural effusion.')
    await draft()

    expect(fake.received).toHaveLength(1)
    const request = fake.received[0]!
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/v1/chat/completions')
    expect(request.headers.authorization).toBe('Bearer sk-draft')
    const body = request.body as ChatRequestBody
    expect(body.model).toBe('draft-model')
    expect(body.response_format).toBeUndefined()
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user'])
    const [system, user] = body.messages
    expect(system?.content).toContain('from its FINDINGS')
    expect(system?.content).toContain('Never add a finding')
    expect(system?.content).toContain('number them 1., 2., 3.')
    expect(user?.content).toBe(`FINDINGS:\n${sections().findings}`)
    // Nothing of the other sections, the order or the patient goes out.
    const sent = JSON.stringify(body)
    expect(sent).not.toContain('Cough')
    expect(sent).not.toContain('PA and lateral')
    expect(sent).not.toContain(order.patient.last_name)
    expect(sent).not.toContain(order.accession_number)
  })

  it('IMP-6 answers the model’s text as the draft: trimmed, without a fence or heading, capped', async () => {
    fake.answer = completion('```\nImpression: 1. Small left effusion.\n2. Nodule.\n```\n')
    expect(await draft()).toEqual({
      status: 200,
      json: { impression: '1. Small left effusion.\n2. Nodule.', source: 'llm' },
    })
    fake.answer = completion(`  ${'Long impression. '.repeat(400)}`)
    const { status, json } = await draft()
    expect(status).toBe(200)
    const { impression } = draftImpressionAnswerSchema.parse(json)
    expect(impression.length).toBeLessThanOrEqual(IMPRESSION_DRAFT_MAX_CHARS)
    expect(impression.startsWith('Long impression.')).toBe(true)
  })

  it('IMP-8 empty Findings are not sent to the model: the draft is empty', async () => {
    fake.received.length = 0
    expect(await draft({ sections: sections({ findings: ' \n ' }) })).toEqual({
      status: 200,
      json: { impression: '', source: 'llm' },
    })
    expect(fake.received).toHaveLength(0)
  })

  it.each([
    [
      'HTTP 500',
      (res: Parameters<FakeChatCompletions['answer']>[0]) => {
        res.writeHead(500, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ error: { message: `failed on ${CLINICAL_MARK}` } }))
      },
      'kind":"http"',
    ],
    [
      'garbage',
      (res: Parameters<FakeChatCompletions['answer']>[0]) => {
        res.writeHead(200, { 'Content-Type': 'text/html' })
        res.end(`<html>${CLINICAL_MARK}</html>`)
      },
      'kind":"not_json"',
    ],
    ['an empty message', completion('   '), 'kind":"empty"'],
    [
      'no answer within OPENAI_TIMEOUT_MS',
      () => {
        // Never answers: the provider's timeout ends the call.
      },
      'kind":"timeout"',
    ],
  ])(
    'IMP-7 %s from the model answers 502 draft_unavailable, logged without the report',
    async (_name, answer, kind) => {
      lines.length = 0
      fake.answer = answer
      const { status, json } = await draft()
      expect(status).toBe(502)
      expect(errorSchema.parse(json)).toEqual({
        error: DRAFT_UNAVAILABLE_ERROR,
        message:
          'The model could not draft an impression just now. Try again, or write it yourself.',
      })
      const log = lines.join('\n')
      expect(log).toContain('impression draft failed')
      expect(log).toContain(kind)
      expect(log).not.toContain(CLINICAL_MARK)
      expect(log).not.toContain('pleural effusion')
    },
  )

  it('IMP-9 drafts pass a gate of their own: past it a draft is refused at once with 503 and Retry-After', async () => {
    fake.answer = () => {
      // Held: the first draft keeps the one slot until the timeout.
    }
    const asked = fake.received.length
    const first = t.api('POST', `/orders/${order.id}/report/impression-draft`, {
      token,
      body: { sections: sections() },
    })
    // The first draft holds the slot once the model has its request.
    await expect.poll(() => fake.received.length).toBe(asked + 1)
    const second = await t.api('POST', `/orders/${order.id}/report/impression-draft`, {
      token,
      body: { sections: sections() },
    })
    expect(second.statusCode).toBe(503)
    expect(second.headers['retry-after']).toBe('2')
    // The worklist has its own gate: it is not held by a draft.
    expect((await t.api('GET', '/orders', { token })).statusCode).toBe(200)
    expect((await first).statusCode).toBe(502)
  })
})
