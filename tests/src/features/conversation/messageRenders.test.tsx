/**
 * A long conversation stays cheap to update: a reply arriving renders the new message, not
 * every message in view again (each message's place in the conversation, which a new message
 * changes for all of them, is its row's). Renders are counted through the tooltip of every
 * message's time, whose date (and nothing else in the chat) each render of a message formats
 * once with `Date.prototype.toLocaleDateString` (mocking the module instead would not reach the
 * chat: the web tests' set-up loads the app's modules before a test file's mocks apply).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { Message } from '../../../../contract'
import { conversationApi } from '../../../../src/services/api/conversationApi'
import { buildMessage } from '../../../support/msw/data'
import { apiBackend } from '../../../support/msw/server'
import { conversationLog, giveConversationALayout, givenConversation, renderChat } from './support'

const ROW_PX = 100
const VIEWPORT_PX = 600
const COUNT = 200

giveConversationALayout({ height: VIEWPORT_PX, rowHeight: ROW_PX })

let dateFormatting: MockInstance<Date['toLocaleDateString']>
beforeEach(() => {
  dateFormatting = vi.spyOn(Date.prototype, 'toLocaleDateString')
})
afterEach(() => {
  dateFormatting.mockRestore()
})

/** Messages rendered (mounted or rendered again) since the last call. */
function messagesRendered(): number {
  const count = dateFormatting.mock.calls.length
  dateFormatting.mockClear()
  return count
}

async function openLongConversation() {
  const messages: Partial<Message>[] = Array.from({ length: COUNT }, (_, index) => ({
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: `Message ${String(index + 1)}`,
  }))
  givenConversation(...messages)
  const view = renderChat()
  await screen.findByText(`Message ${String(COUNT)}`)
  return view
}

/** The server's conversation grows by one reply and the list refetches it. */
async function replyArrives(store: ReturnType<typeof renderChat>['store'], content: string) {
  const thread = apiBackend.messages.get('O1') ?? []
  apiBackend.messages.set('O1', [
    ...thread,
    buildMessage({ order_id: 'O1', role: 'assistant', content }),
  ])
  act(() => {
    store.dispatch(conversationApi.util.invalidateTags([{ type: 'Message', id: 'O1' }]))
  })
  await waitFor(() => {
    const cached = conversationApi.endpoints.listMessages.select('O1')(store.getState())
    expect(cached.data).toHaveLength(thread.length + 1)
  })
}

describe('rendering a long conversation', () => {
  it('a reply arriving at the bottom renders that reply only', async () => {
    const { store } = await openLongConversation()
    messagesRendered()

    await replyArrives(store, 'A later reply.')

    expect(await screen.findByText('A later reply.')).toBeInTheDocument()
    expect(messagesRendered()).toBe(1)
  })

  it('a reply arriving while the clinician reads further up renders no message', async () => {
    const { store } = await openLongConversation()
    const log = conversationLog()
    Object.defineProperty(log, 'scrollHeight', {
      configurable: true,
      get: () => (COUNT + 1) * ROW_PX + 32,
    })
    log.scrollTop = 50 * ROW_PX
    fireEvent.scroll(log)
    await screen.findByRole('button', { name: 'Jump to latest' })
    await waitFor(() => {
      expect(screen.queryByText(`Message ${String(COUNT)}`)).not.toBeInTheDocument()
    })
    messagesRendered()

    await replyArrives(store, 'A later reply.')

    expect(screen.queryByText('A later reply.')).not.toBeInTheDocument()
    expect(messagesRendered()).toBe(0)
    expect(within(log).getAllByRole('article')[0]).toHaveAttribute(
      'aria-setsize',
      String(COUNT + 1),
    )
  })
})
