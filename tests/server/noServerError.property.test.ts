/**
 * SEC-3 as a property: whatever a client sends to any route (every /api/v1 route of the
 * contract's table and every identity route), in its path, its body or its content type, the
 * answer is never a 500. Bodies are generated near the shapes the routes take (the right keys
 * with values of any type, text with control characters and lone surrogates, deep and huge
 * values), as well as any JSON and text that is not JSON at all.
 */
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX, REPORT_SECTION_KEYS, routes } from '../../contract'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

/** Runs per route: every kind of value below comes up several times, in seconds. */
const RUNS = 100

/** Text with what no person types mixed in: controls, lone surrogates, NUL, long runs. */
const awkwardText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  // Weighted: the characters that broke routes before SEC-3 come up in every run of a route.
  {
    arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '\u001B[31m', '\u000B'),
    weight: 4,
  },
  fc.constantFrom('', ' ', '\r\n\t'),
  fc.constantFrom('up', 'down', 'text', 'voice', 'findings', 'x'.repeat(70_000)),
)

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  awkwardText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(awkwardText, { maxLength: 4 }),
)

/** A field: mostly text a person could have typed, sometimes what none types, sometimes anything. */
const field = (...valid: string[]) =>
  fc.oneof(
    {
      arbitrary: valid.length > 0 ? fc.constantFrom(...valid) : fc.string({ maxLength: 20 }),
      weight: 2,
    },
    { arbitrary: awkwardText, weight: 2 },
    anyValue,
  )

const sectionsShape = fc.record(
  Object.fromEntries(REPORT_SECTION_KEYS.map((key) => [key, field()])),
  { requiredKeys: [] },
)

/** The shapes the routes read, each field holding what the field() above gives. */
const messageShape = fc.record(
  { content: field(), input_type: field('text', 'voice') },
  { requiredKeys: ['content'] },
)
const nearShape = fc.oneof(
  messageShape,
  fc.record({ rating: fc.oneof(field('up', 'down'), fc.constant(null)) }),
  fc.record({ sections: fc.oneof({ arbitrary: sectionsShape, weight: 3 }, anyValue) }),
  fc.record({ text: field() }),
  fc.record(
    { text: field(), modality: field('CT', 'MR', 'US'), body_part: field('chest', 'abdomen') },
    { requiredKeys: ['modality', 'body_part'] },
  ),
  fc.record(
    {
      loginId: field('a@hospital.test'),
      password: field('correct horse battery'),
      user: fc.oneof(anyValue, fc.record({ name: field(), email: field() }, { requiredKeys: [] })),
    },
    { requiredKeys: [] },
  ),
)

/** A request body as bytes on the wire, and the content type it claims. */
const asJson = (value: unknown) => ({ payload: JSON.stringify(value), type: 'application/json' })

/** A route's own shape first (where it has one), then any other body at all. */
const bodyFor = (shape?: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { arbitrary: (shape ?? nearShape).map(asJson), weight: 6 },
    { arbitrary: nearShape.map(asJson), weight: 2 },
    anyBody,
  )

const anyBody = fc.oneof(
  fc.jsonValue().map(asJson),
  awkwardText.map((text) => ({ payload: text, type: 'application/json' })),
  awkwardText.map((text) => ({ payload: text, type: 'text/plain' })),
  fc.constant({ payload: '', type: 'application/json; charset=utf-8' }),
  fc.constant(undefined),
)

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * Text as a client puts it in a path: percent-encoded UTF-8. A lone surrogate has no UTF-8, so it
 * goes as the bytes a careless encoder writes for it (WTF-8), which are not UTF-8 at all.
 */
function pathSegment(text: string): string {
  const encoded = encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFF')).replaceAll(
    '%EF%BF%BF',
    '%ED%A0%80',
  )
  return encoded.slice(0, 300) || '%20'
}

describe.skipIf(skipDatabase)('SEC-3 no input gives a 500', () => {
  let t: TestApp
  let token: string
  let orderId: string
  let messageId: string

  beforeAll(async () => {
    // Thousands of writes by one user in seconds: the per-user write limit (SEC-7) would answer
    // most of them 429 before they reach what this test is about.
    t = await startTestApp({ env: { WRITE_MAX_PER_USER_PER_MINUTE: '100000' } })
    token = (await t.signUp()).token
    const list = (await t.api('GET', '/orders')).json<{ id: string }[]>()
    orderId = list[0]!.id
    const sent = await t.api('POST', `/orders/${orderId}/messages`, {
      body: { content: 'What is the indication?' },
    })
    messageId = sent.json<{ message_id: string }>().message_id
  })
  afterAll(() => t.close())

  /** A path parameter: a real id, or any text, percent-encoded as a client would. */
  const id = (real: () => string) =>
    fc
      .oneof({ arbitrary: fc.constant(null), weight: 3 }, awkwardText)
      .map((text) => (text === null ? real() : pathSegment(text)))

  const send = async (options: InjectOptions) => {
    const res = await t.app.inject(options)
    return { status: res.statusCode, body: res.body }
  }

  const expectNoServerError = (route: string, answer: { status: number; body: string }) => {
    // 502 and 503 are answers about a service behind the server (speech), never a crash.
    if (answer.status >= 500 && answer.status !== 502 && answer.status !== 503)
      throw new Error(`${route} answered ${String(answer.status)}: ${answer.body.slice(0, 200)}`)
    if (answer.status >= 400 && answer.body !== '') {
      const parsed = JSON.parse(answer.body) as Record<string, unknown>
      expect(typeof (parsed.error ?? parsed.errorCode)).toBe('string')
    }
  }

  for (const [name, route] of Object.entries(routes)) {
    it(`SEC-3 ${route.method} ${route.path} never answers 500, whatever its path and body`, async () => {
      await fc.assert(
        fc.asyncProperty(
          id(() => orderId),
          id(() => messageId),
          bodyFor(name === 'sendMessage' ? messageShape : undefined),
          async (order, message, sent) => {
            const url = `${API_PREFIX}${route.path.replace(':id', order).replace(':messageId', message)}`
            const answer = await send({
              method: route.method,
              url,
              headers: {
                authorization: `Bearer ${token}`,
                ...(sent ? { 'content-type': sent.type } : {}),
              },
              ...(sent ? { payload: sent.payload } : {}),
            })
            expectNoServerError(`${name} ${url}`, answer)
          },
        ),
        { numRuns: RUNS },
      )
    })
  }

  for (const path of [
    '/v1/auth/password/signup',
    '/v1/auth/password/signin',
    '/v1/auth/refresh',
    '/v1/auth/try-refresh',
    '/v1/auth/logout',
    '/v1/auth/logoutall',
  ]) {
    it(`SEC-3 POST ${path} never answers 500, whatever its body and token`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(), fc.option(awkwardText), async (sent, presented) => {
          const answer = await send({
            method: 'POST',
            url: path,
            headers: {
              ...(sent ? { 'content-type': sent.type } : {}),
              // Header values must be bytes a header can carry; anything else is the client's error.
              ...(presented !== null && /^[\t\x20-\x7e]*$/.test(presented)
                ? { authorization: `Bearer P-readout-local:${presented}` }
                : {}),
            },
            ...(sent ? { payload: sent.payload } : {}),
          })
          expectNoServerError(path, answer)
        }),
        { numRuns: RUNS },
      )
    })
  }
})
