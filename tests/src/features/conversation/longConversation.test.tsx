/**
 * A long conversation keeps the page light: only the messages in and near the viewport are in
 * the DOM, each telling its place in the whole, it opens on the latest ones, and scrolling
 * brings the others in.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Message } from '../../../../contract'
import { conversationApi } from '../../../../src/services/api/conversationApi'
import { buildMessage } from '../../../support/msw/data'
import { apiBackend } from '../../../support/msw/server'
import { conversationLog, giveConversationALayout, givenConversation, renderChat } from './support'

const ROW_PX = 100
const VIEWPORT_PX = 600
const COUNT = 300

giveConversationALayout({ height: VIEWPORT_PX, rowHeight: ROW_PX })

function givenLongConversation() {
  const messages: Partial<Message>[] = Array.from({ length: COUNT }, (_, index) => ({
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: `Message ${String(index + 1)}`,
  }))
  givenConversation(...messages)
}

/** The browser reports a scroll after scrollTop changes; jsdom does not, so the test does. */
function scrollTo(log: HTMLElement, top: number) {
  log.scrollTop = top
  fireEvent.scroll(log)
}

const articles = () => within(conversationLog()).getAllByRole('article')
const renderedPositions = () =>
  articles().map((article) => Number(article.getAttribute('aria-posinset')))

describe('a long conversation', () => {
  it(`opens on a window of its latest messages, not all ${String(COUNT)}`, async () => {
    givenLongConversation()
    renderChat()

    // No scroll event needed (jsdom sends none): the first rows rendered are the latest.
    expect(await screen.findByText(`Message ${String(COUNT)}`)).toBeInTheDocument()
    const positions = renderedPositions()
    expect(positions.length).toBeGreaterThanOrEqual(VIEWPORT_PX / ROW_PX)
    expect(positions.length).toBeLessThan(30)
    expect(positions.at(-1)).toBe(COUNT)
    for (const article of articles()) {
      expect(article).toHaveAttribute('aria-setsize', String(COUNT))
    }
    expect(screen.queryByText('Message 1')).not.toBeInTheDocument()
  })

  it('scrolling brings the messages of that part of the conversation in', async () => {
    givenLongConversation()
    renderChat()
    await screen.findByText(`Message ${String(COUNT)}`)

    scrollTo(conversationLog(), 150 * ROW_PX)

    await waitFor(() => {
      expect(screen.queryByText(`Message ${String(COUNT)}`)).not.toBeInTheDocument()
    })
    const positions = renderedPositions()
    expect(positions.length).toBeGreaterThanOrEqual(VIEWPORT_PX / ROW_PX)
    expect(Math.min(...positions)).toBeGreaterThan(100)
    expect(Math.max(...positions)).toBeLessThan(250)

    scrollTo(conversationLog(), 0)

    expect(await screen.findByText('Message 1')).toBeInTheDocument()
    expect(renderedPositions()[0]).toBe(1)
    expect(articles()[0]).toHaveAttribute('aria-setsize', String(COUNT))
  })

  it('opens at the latest message', async () => {
    givenLongConversation()
    const { container } = renderChat()
    const log = conversationLog()
    Object.defineProperty(log, 'scrollHeight', {
      configurable: true,
      get: () => COUNT * ROW_PX + 32,
    })

    expect(await screen.findByText(`Message ${String(COUNT)}`)).toBeInTheDocument()
    expect(log.scrollTop).toBe(COUNT * ROW_PX + 32)
    expect(container.querySelectorAll('article').length).toBeLessThan(30)
  })

  it('a message added tells every message in view the new size of the conversation', async () => {
    givenLongConversation()
    const { store } = renderChat()
    await screen.findByText(`Message ${String(COUNT)}`)

    const thread = apiBackend.messages.get('O1') ?? []
    apiBackend.messages.set('O1', [
      ...thread,
      buildMessage({ order_id: 'O1', role: 'assistant', content: 'A later reply.' }),
    ])
    act(() => {
      store.dispatch(conversationApi.util.invalidateTags([{ type: 'Message', id: 'O1' }]))
    })

    const reply = (await screen.findByText('A later reply.')).closest('article')
    expect(reply).toHaveAccessibleName('AI Assistant')
    expect(reply).toHaveAttribute('aria-posinset', String(COUNT + 1))
    for (const article of articles()) {
      expect(article).toHaveAttribute('aria-setsize', String(COUNT + 1))
    }
  })
})
