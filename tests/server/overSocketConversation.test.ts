/**
 * SEC-10 over a real socket, a study's conversation and dictation: the first opening's summary,
 * the messages, a message sent and rated, the conversation cleared, a speech token (SPEECH_HOST),
 * the phrase hints and the cleanup. Each route gets the answer it exists for and one refusal;
 * every test title names its route (tests/tooling/routesOverSocket.test.ts checks that none is
 * left out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cleanupAnswerSchema,
  initializeAnswerSchema,
  messageListSchema,
  orderSchema,
  PATIENT_SUMMARY,
  phrasesAnswerSchema,
  sendMessageAnswerSchema,
  speechTokenAnswerSchema,
  successSchema,
  type Order,
} from '../../contract'
import {
  expectAnswer,
  expectRefusal,
  MISSING_ID,
  startSocketServer,
  type SocketServer,
} from '../support/socketServer'
import { skipDatabase } from '../support/testDatabase'

const SPEECH_HOST = 'ws://127.0.0.1:5000'

describe.skipIf(skipDatabase)('the conversation and dictation over a real socket', () => {
  let s: SocketServer
  let orders: Order[]

  beforeAll(async () => {
    s = await startSocketServer({ env: { SPEECH_HOST, SPEECH_REGION: 'onprem' } })
    await s.signUp('Dr Cy Socket')
    orders = await s.worklist()
  })
  afterAll(() => s.close())

  /** A study no other test of this file writes to. */
  const study = (index: number) => orders[index]!.id
  const messagesOf = async (id: string) =>
    expectAnswer(await s.call('listMessages', { params: { id } }), 200, messageListSchema)
  const send = async (id: string, content: string) =>
    expectAnswer(
      await s.call('sendMessage', { params: { id }, body: { content } }),
      200,
      sendMessageAnswerSchema,
    )

  it("SEC-10 initializeOrder answers 200 with the study's summary, kept as its first message", async () => {
    const id = study(0)
    const answer = await s.call('initializeOrder', { params: { id } })
    const { content } = expectAnswer(answer, 200, initializeAnswerSchema)
    expect(content).toBeTruthy()
    const [first] = await messagesOf(id)
    expect(first).toMatchObject({
      role: 'assistant',
      content,
      meta_data: { type: PATIENT_SUMMARY },
    })
  })

  it('SEC-10 initializeOrder refuses an order that does not exist (404)', async () => {
    expectRefusal(await s.call('initializeOrder', { params: { id: MISSING_ID } }), 404, 'not_found')
  })

  it('SEC-10 listMessages answers 200 with the messages, oldest first', async () => {
    const id = study(1)
    const sent = await send(id, 'What can you do?')
    const answer = await s.call('listMessages', { params: { id } })
    const listed = expectAnswer(answer, 200, messageListSchema)
    expect(listed.map((message) => message.role)).toEqual(['user', 'assistant'])
    expect(listed[0]!.content).toBe('What can you do?')
    expect(listed[1]).toMatchObject({ id: sent.message_id, content: sent.content })
  })

  it('SEC-10 listMessages refuses an order that does not exist (404)', async () => {
    expectRefusal(await s.call('listMessages', { params: { id: MISSING_ID } }), 404, 'not_found')
  })

  it("SEC-10 sendMessage answers 200 with the assistant's reply, which writes the report", async () => {
    const id = study(2)
    const body = { content: 'Findings: small left pleural effusion.' }
    const answer = await s.call('sendMessage', { params: { id }, body })
    const reply = expectAnswer(answer, 200, sendMessageAnswerSchema)
    expect(reply.content).not.toBe('')
    expect(reply.report_updated).toBe(true)
    const order = expectAnswer(await s.call('getOrder', { params: { id } }), 200, orderSchema)
    expect(order.report?.sections.findings).toMatch(/pleural effusion/i)
  })

  it('SEC-10 sendMessage refuses a blank message (400), and nothing is stored', async () => {
    const id = study(3)
    const refusal = await s.call('sendMessage', { params: { id }, body: { content: '   ' } })
    expect(expectRefusal(refusal, 400, 'bad_request').message).toMatch(/content/)
    expect(await messagesOf(id)).toEqual([])
  })

  it("SEC-10 rateMessage answers 200 and the assistant's reply carries the rating", async () => {
    const id = study(4)
    const { message_id: messageId } = await send(id, 'What can you do?')
    const body = { rating: 'up' }
    const answer = await s.call('rateMessage', { params: { id, messageId }, body })
    expect(expectAnswer(answer, 200, successSchema)).toEqual({ success: true })
    expect((await messagesOf(id)).find((m) => m.id === messageId)?.rating).toBe('up')
  })

  it("SEC-10 rateMessage refuses a rating of the clinician's own message (400)", async () => {
    const id = study(5)
    await send(id, 'What can you do?')
    const own = (await messagesOf(id)).find((message) => message.role === 'user')!
    const params = { id, messageId: own.id }
    const refusal = await s.call('rateMessage', { params, body: { rating: 'down' } })
    expectRefusal(refusal, 400, 'bad_request')
  })

  it('SEC-10 clearConversation answers 204: the messages and the report are gone', async () => {
    const id = study(6)
    await send(id, 'Findings: small left pleural effusion.')
    const cleared = await s.call('clearConversation', { params: { id } })
    expect(cleared.status).toBe(204)
    expect(cleared.json).toBeNull()
    expect(await messagesOf(id)).toEqual([])
    const order = expectAnswer(await s.call('getOrder', { params: { id } }), 200, orderSchema)
    expect(order.report).toBeNull()
  })

  it('SEC-10 clearConversation refuses an order that does not exist (404)', async () => {
    const refusal = await s.call('clearConversation', { params: { id: MISSING_ID } })
    expectRefusal(refusal, 404, 'not_found')
  })

  it('SEC-10 speechToken answers 200 with a token and the speech host', async () => {
    const answer = expectAnswer(await s.call('speechToken'), 200, speechTokenAnswerSchema)
    expect(answer).toMatchObject({ region: 'onprem', host: SPEECH_HOST })
    expect(answer.token.trim()).not.toBe('')
  })

  it('SEC-10 speechToken refuses a call without a session (401)', async () => {
    expectRefusal(await s.call('speechToken', { token: null }), 401, 'unauthorized')
  })

  it('SEC-10 speechPhrases answers 200 with the hints of a CT chest and their count', async () => {
    const body = { modality: 'CT', body_part: 'chest' }
    const answer = expectAnswer(await s.call('speechPhrases', { body }), 200, phrasesAnswerSchema)
    expect(answer.count).toBe(answer.phrases.length)
    expect(answer.count).toBeGreaterThan(0)
  })

  it('SEC-10 speechPhrases refuses a request without a body part (400)', async () => {
    const refusal = await s.call('speechPhrases', { body: { modality: 'CT' } })
    expect(expectRefusal(refusal, 400, 'bad_request').message).toMatch(/body_part/)
  })

  it('SEC-10 speechCleanup answers 200 with the dictated text cleaned', async () => {
    const body = {
      text: 'um there is a five millimeter nodule period',
      modality: 'CT',
      body_part: 'chest',
    }
    const answer = expectAnswer(await s.call('speechCleanup', { body }), 200, cleanupAnswerSchema)
    expect(answer).toEqual({ cleaned: 'There is a 5 mm nodule.' })
  })

  it('SEC-10 speechCleanup refuses text holding a control character (400, SEC-3)', async () => {
    const body = { text: 'nodule\u0000', modality: 'CT', body_part: 'chest' }
    const refusal = await s.call('speechCleanup', { body })
    expect(expectRefusal(refusal, 400, 'bad_request').message).toMatch(/control characters/)
  })
})
