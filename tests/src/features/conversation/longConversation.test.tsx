/**
 * A long conversation keeps the page light: only the messages in and near the viewport are in
 * the DOM, each telling its place in the whole, and scrolling brings the others in.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Message } from '../../../../src/services/api/contract'
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

const renderedPositions = () =>
  within(conversationLog())
    .getAllByRole('article')
    .map((article) => Number(article.getAttribute('aria-posinset')))

describe('a long conversation', () => {
  it(`renders a window of rows, not all ${String(COUNT)} messages`, async () => {
    givenLongConversation()
    renderChat()

    expect(await screen.findByText('Message 1')).toBeInTheDocument()
    const positions = renderedPositions()
    expect(positions.length).toBeGreaterThanOrEqual(VIEWPORT_PX / ROW_PX)
    expect(positions.length).toBeLessThan(30)
    expect(positions[0]).toBe(1)
    expect(within(conversationLog()).getAllByRole('article')[0]).toHaveAttribute(
      'aria-setsize',
      String(COUNT),
    )
    expect(screen.queryByText(`Message ${String(COUNT)}`)).not.toBeInTheDocument()
  })

  it('scrolling brings the messages of that part of the conversation in', async () => {
    givenLongConversation()
    renderChat()
    await screen.findByText('Message 1')

    scrollTo(conversationLog(), 150 * ROW_PX)

    await waitFor(() => {
      expect(screen.queryByText('Message 1')).not.toBeInTheDocument()
    })
    const positions = renderedPositions()
    expect(positions.length).toBeGreaterThanOrEqual(VIEWPORT_PX / ROW_PX)
    expect(Math.min(...positions)).toBeGreaterThan(100)
    expect(Math.max(...positions)).toBeLessThan(250)
  })

  it('opens at the latest message', async () => {
    givenLongConversation()
    const { container } = renderChat()
    const log = conversationLog()
    Object.defineProperty(log, 'scrollHeight', {
      configurable: true,
      get: () => COUNT * ROW_PX + 32,
    })

    await screen.findByText('Message 1')
    expect(log.scrollTop).toBe(COUNT * ROW_PX + 32)
    scrollTo(log, log.scrollTop)

    expect(await screen.findByText(`Message ${String(COUNT)}`)).toBeInTheDocument()
    expect(container.querySelectorAll('article').length).toBeLessThan(30)
  })
})
