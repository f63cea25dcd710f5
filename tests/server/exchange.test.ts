/**
 * A message and the assistant's reply are stored in one statement under the order row lock,
 * planned on the report the assistant saw (server/repo/exchange.ts). These tests change the
 * report while the assistant is thinking, and send at once, to prove the exchange is still
 * stored as it was when each write read the report under the lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  messageListSchema,
  orderListSchema,
  orderSchema,
  reportRevisionListSchema,
  reportSchema,
  sendMessageAnswerSchema,
  type Order,
  type ReportSections,
} from '../../contract'
import { createLocalAssistant } from '../../server/assistant/local'
import type { Assistant } from '../../server/assistant/types'
import { listAuditEvents } from '../../server/repo/audit'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const SECTIONS: ReportSections = {
  history: 'Cough.',
  technique: 'CT chest.',
  comparison: 'None.',
  findings: 'Typed by hand.',
  impression: 'Normal.',
}
const DICTATED = 'Findings: small left pleural effusion. Impression: effusion.'

/** The local assistant, whose next reply waits (after it was asked) until the test releases it. */
function heldAssistant() {
  const local = createLocalAssistant()
  let hold: { asked: () => void; released: Promise<void> } | null = null
  const assistant: Assistant = {
    ...local,
    async reply(input) {
      const held = hold
      hold = null
      if (held) {
        held.asked()
        await held.released
      }
      return local.reply(input)
    },
  }
  /** Holds the next reply: resolves `asked` when it is asked; `release` lets it answer. */
  const holdNext = () => {
    let release: () => void = () => undefined
    let asked: () => void = () => undefined
    const wasAsked = new Promise<void>((resolve) => {
      asked = resolve
    })
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    hold = { asked, released }
    return { wasAsked, release }
  }
  return { assistant, holdNext }
}

describe.skipIf(skipDatabase)('an exchange with the assistant', () => {
  let t: TestApp
  let orders: Order[]
  let next = 0
  const held = heldAssistant()
  const freshOrder = () => {
    const order = orders[next++]
    if (!order) throw new Error('the seed has run out of studies')
    return order.id
  }
  // A clock that stands still: report versions then move only by the version rules.
  const at = new Date('2026-11-20T09:00:00.000Z')

  beforeAll(async () => {
    t = await startTestApp({ assistant: held.assistant, now: () => at })
    await t.signUp()
    orders = orderListSchema
      .parse((await t.api('GET', '/orders')).json())
      .filter((order) => order.report === null)
  })
  afterAll(() => t.close())

  const send = (id: string, content: string) =>
    t.api('POST', `/orders/${id}/messages`, { body: { content } })
  const orderOf = async (id: string) =>
    orderSchema.parse((await t.api('GET', `/orders/${id}`)).json())
  const messagesOf = async (id: string) =>
    messageListSchema.parse((await t.api('GET', `/orders/${id}/messages`)).json())

  /** Sends `content` and runs `meanwhile` while the assistant thinks about it. */
  async function sendWhileThinking(id: string, content: string, meanwhile: () => Promise<void>) {
    const { wasAsked, release } = held.holdNext()
    const sent = send(id, content)
    await wasAsked
    await meanwhile()
    release()
    const res = await sent
    expect(res.statusCode).toBe(200)
    return sendMessageAnswerSchema.parse(res.json())
  }

  it('a report saved while the assistant was thinking is the one its update replaces, and the reply says so', async () => {
    const id = freshOrder()
    let saved = ''
    const reply = await sendWhileThinking(id, DICTATED, async () => {
      const res = await t.api('PUT', `/orders/${id}/report`, { body: { sections: SECTIONS } })
      saved = reportSchema.parse(res.json()).updated_at
    })
    expect(reply.report_updated).toBe(true)
    expect(reply.content).toMatch(
      /This replaced the Findings and Impression sections you had written/,
    )
    const report = (await orderOf(id)).report
    expect(report?.sections).toEqual({
      ...SECTIONS,
      findings: 'small left pleural effusion.',
      impression: 'effusion.',
    })
    // The clock stood still: the update's version is the saved one's plus a millisecond.
    expect(Date.parse(report?.updated_at ?? '')).toBe(Date.parse(saved) + 1)
    const revisions = reportRevisionListSchema.parse(
      (await t.api('GET', `/orders/${id}/report/revisions`)).json(),
    )
    expect(revisions.map((r) => [r.cause, r.sections_changed])).toEqual([
      ['assistant', ['findings', 'impression']],
      ['save', ['history', 'technique', 'comparison', 'findings', 'impression']],
    ])
  })

  it('a report finalized while the assistant was thinking is left alone; both messages are kept', async () => {
    const id = freshOrder()
    const reply = await sendWhileThinking(id, DICTATED, async () => {
      await t.api('PUT', `/orders/${id}/report`, { body: { sections: SECTIONS } })
      expect((await t.api('POST', `/orders/${id}/report/finalize`)).statusCode).toBe(200)
    })
    expect(reply.report_updated).toBe(false)
    const report = (await orderOf(id)).report
    expect(report?.is_final).toBe(true)
    expect(report?.sections).toEqual(SECTIONS)
    const messages = await messagesOf(id)
    expect(messages.map((m) => [m.role, m.meta_data?.type ?? null])).toEqual([
      ['user', null],
      ['assistant', 'reply'],
    ])
    const events = await listAuditEvents(t.db, { orderId: id })
    expect(events.map((e) => e.kind)).not.toContain('assistant_update')
  })

  it('after a conversation cleared while the assistant was thinking, the new report passes the deleted version', async () => {
    const id = freshOrder()
    expect((await send(id, DICTATED)).statusCode).toBe(200)
    const deleted = (await orderOf(id)).report?.updated_at ?? ''
    const reply = await sendWhileThinking(id, 'Findings: none.', async () => {
      expect((await t.api('DELETE', `/orders/${id}/conversation`)).statusCode).toBe(204)
    })
    expect(reply.report_updated).toBe(true)
    const after = await orderOf(id)
    expect(after.report?.sections.findings).toBe('none.')
    expect(after.report?.sections.impression).toBe('')
    expect(Date.parse(after.report?.updated_at ?? '')).toBe(Date.parse(deleted) + 1)
    // The cleared conversation's first message moves the order to in_progress again.
    expect(after.status).toBe('in_progress')
    expect((await messagesOf(id)).map((m) => m.role)).toEqual(['user', 'assistant'])
  })

  it('RP-7 dictation into a new report keeps its starting HISTORY and TECHNIQUE and adds the dictated sections', async () => {
    const order = orders[next++]
    if (!order) throw new Error('the seed has run out of studies')
    expect(order.indication.trim()).not.toBe('')
    const res = await t.api('POST', `/orders/${order.id}/messages`, {
      body: { content: DICTATED, input_type: 'voice' },
    })
    expect(res.statusCode).toBe(200)
    const reply = sendMessageAnswerSchema.parse(res.json())
    expect(reply.report_updated).toBe(true)
    // Nobody's words were replaced: the starting text was the order's, not a clinician's.
    expect(reply.content).not.toMatch(/This replaced/)

    const report = (await orderOf(order.id)).report
    expect(report?.sections).toEqual({
      history: order.indication.trim(),
      technique: order.study_description.trim(),
      comparison: '',
      findings: 'small left pleural effusion.',
      impression: 'effusion.',
    })
    // What the assistant changed is what was dictated, so 'Undo assistant change' (UA-1) takes
    // back the dictation and leaves the starting text.
    const revisions = reportRevisionListSchema.parse(
      (await t.api('GET', `/orders/${order.id}/report/revisions`)).json(),
    )
    expect(revisions.map((r) => [r.cause, r.sections_changed])).toEqual([
      ['assistant', ['findings', 'impression']],
    ])
  })

  it('RP-7 a report saved with every section blank starts from the starting text too; one the clinician wrote does not', async () => {
    const blank = freshOrder()
    const blankSections = {
      history: '',
      technique: '',
      comparison: '',
      findings: '',
      impression: '',
    }
    await t.api('PUT', `/orders/${blank}/report`, { body: { sections: blankSections } })
    expect((await send(blank, DICTATED)).statusCode).toBe(200)
    const order = await orderOf(blank)
    expect(order.report?.sections.history).toBe(order.indication.trim())
    expect(order.report?.sections.technique).toBe(order.study_description.trim())

    const written = freshOrder()
    const own = { ...blankSections, comparison: 'None.' }
    await t.api('PUT', `/orders/${written}/report`, { body: { sections: own } })
    expect((await send(written, DICTATED)).statusCode).toBe(200)
    expect((await orderOf(written)).report?.sections).toEqual({
      ...own,
      findings: 'small left pleural effusion.',
      impression: 'effusion.',
    })
  })

  it('messages sent at once to one study are stored each question before its reply, with one event each', async () => {
    const id = freshOrder()
    const questions = ['What is the indication?', 'Age?', 'Findings: one.', 'Priority?', 'Sex?']
    const answers = await Promise.all(questions.map((q) => send(id, q)))
    expect(answers.map((res) => res.statusCode)).toEqual(questions.map(() => 200))
    const messages = await messagesOf(id)
    expect(messages).toHaveLength(2 * questions.length)
    const replies = answers.map((res) => sendMessageAnswerSchema.parse(res.json()).message_id)
    for (let i = 0; i < messages.length; i += 2) {
      expect(messages[i]?.role).toBe('user')
      expect(messages[i + 1]?.role).toBe('assistant')
      const asked = questions.indexOf(messages[i]?.content ?? '')
      expect(messages[i + 1]?.id).toBe(replies[asked])
    }
    const events = await listAuditEvents(t.db, { orderId: id })
    expect(events.filter((e) => e.kind === 'message_sent')).toHaveLength(questions.length)
    expect(events.filter((e) => e.kind === 'assistant_update')).toHaveLength(1)
  })
})
