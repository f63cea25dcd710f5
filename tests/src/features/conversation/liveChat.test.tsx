/**
 * EV-9: a study's chat follows the live stream. A colleague's message (and the assistant's
 * reply to it) shows in the open chat once the stream says the conversation has new messages,
 * with no reload; the clinician's own message, told of by the stream while its send is still on
 * its way, shows once. Real store, the in-memory /api/v1 (MSW) and a fed stream.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createActionRecorder } from '../../../../src/app/actionLog'
import { Chat } from '../../../../src/features/conversation'
import { liveEventReceived } from '../../../../src/sagas/liveEventsSaga'
import { readEventStream } from '../../../../src/services/events/eventStream'
import { sessionStarted } from '../../../../src/shared/events'
import { buildMessage, FIXED_TIME } from '../../../support/msw/data'
import { serveLiveStream } from '../../../support/msw/liveStream'
import { apiBackend } from '../../../support/msw/server'
import { createTestDeps, renderWithProviders } from '../../../support/render'
import {
  conversationLog,
  giveConversationALayout,
  givenConversation,
  holdAnswer,
  messageBox,
  sendButton,
} from './support'

giveConversationALayout()

/** The chat of O1, following the live stream in Dr Ada's session, once its messages show. */
async function renderFollowedChat() {
  const stream = serveLiveStream()
  const deps = createTestDeps({ sessionToken: 't', liveEvents: readEventStream })
  const recorder = createActionRecorder()
  const view = renderWithProviders(<Chat orderId="O1" />, { deps, recorder })
  view.store.dispatch(sessionStarted({ userId: 'U-ada' }))
  await screen.findByText('Any effusion?')
  await stream.connected()
  /** Waits until the stream's event `id` has reached the store. */
  const received = (id: string) =>
    waitFor(() => {
      const ids = recorder
        .log()
        .actions.filter((action) => liveEventReceived.match(action))
        .map((action) => action.payload.id)
      expect(ids).toContain(id)
    })
  return { ...view, stream, received }
}

const o1 = () => {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  return order
}

const messagesWith = (text: string) =>
  within(conversationLog())
    .queryAllByRole('article')
    .filter((article) => article.textContent.includes(text))

describe('EV-9 the open chat follows the live stream', () => {
  it("EV-9 a colleague's message and its reply show in the open chat, with no reload", async () => {
    givenConversation({ role: 'user', user_id: 'U-ada', content: 'Any effusion?' })
    const { stream } = await renderFollowedChat()
    const listReads = apiBackend.requestsTo('listMessages').length

    // Dr Ben, at his own desk, asks the assistant about the same study.
    const thread = apiBackend.messages.get('O1') ?? []
    apiBackend.messages.set('O1', [
      ...thread,
      buildMessage({
        order_id: 'O1',
        role: 'user',
        user_id: 'U-ben',
        author_name: 'Dr Ben Marsh',
        content: 'Any prior imaging?',
      }),
      buildMessage({ order_id: 'O1', role: 'assistant', content: 'No priors on file.' }),
    ])
    stream.send('9.1', 'conversation.message', 'O1', o1())

    const asked = await screen.findByRole('article', { name: 'Dr Ben Marsh' })
    expect(asked).toHaveTextContent('Any prior imaging?')
    expect(await screen.findByText('No priors on file.')).toBeInTheDocument()
    // One read of the conversation, asked by the event (nothing polls).
    expect(apiBackend.requestsTo('listMessages')).toHaveLength(listReads + 1)
  })

  it('EV-9 the clinician’s own message, told of by the stream before its send is answered, shows once', async () => {
    givenConversation({ role: 'user', user_id: 'U-ada', content: 'Any effusion?' })
    const { stream, user, received } = await renderFollowedChat()
    const reply = buildMessage({ order_id: 'O1', role: 'assistant', content: 'Noted, thanks.' })
    const release = holdAnswer('sendMessage', () =>
      HttpResponse.json({
        message_id: reply.id,
        content: reply.content,
        created_at: FIXED_TIME,
        report_updated: false,
      }),
    )

    await user.type(messageBox(), 'Is the liver normal?')
    await user.click(sendButton())
    await screen.findByText('Is the liver normal?')
    // The server has stored the exchange and the stream says so before the answer arrives.
    const thread = apiBackend.messages.get('O1') ?? []
    const own = buildMessage({
      order_id: 'O1',
      role: 'user',
      user_id: 'U-ada',
      content: 'Is the liver normal?',
    })
    apiBackend.messages.set('O1', [...thread, own, reply])
    const reads = apiBackend.requestsTo('listMessages').length
    stream.send('9.2', 'conversation.message', 'O1', o1())
    await received('9.2')
    expect(messagesWith('Is the liver normal?')).toHaveLength(1)
    expect(apiBackend.requestsTo('listMessages')).toHaveLength(reads)

    release()
    // The answer shows the reply at once; the read its send asks for then holds both.
    await waitFor(() => {
      expect(apiBackend.requestsTo('listMessages')).toHaveLength(reads + 1)
      expect(messagesWith('Noted, thanks.')).toHaveLength(1)
    })
    expect(messagesWith('Is the liver normal?')).toHaveLength(1)
    expect(messagesWith('Noted, thanks.')).toHaveLength(1)
  })
})
