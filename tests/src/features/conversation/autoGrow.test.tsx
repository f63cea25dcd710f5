/**
 * CH-10 where the browser sizes a field to its content itself (CSS `field-sizing`, Chromium): the
 * Message box is left to CSS up to 200 px, and a keystroke measures nothing (reading
 * `scrollHeight` would force a layout in the middle of the keystroke). Where it does not, the
 * measuring fallback holds (chat.test.tsx).
 */
import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { giveConversationALayout, messageBox, renderChat } from './support'

giveConversationALayout()

describe('the Message box in a browser that sizes fields to their content', () => {
  beforeEach(() => {
    vi.stubGlobal('CSS', {
      supports: (property: string, value: string) =>
        property === 'field-sizing' && value === 'content',
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('CH-10 the text area grows by CSS up to 200 px, and typing measures nothing', async () => {
    renderChat()
    const area = messageBox()
    const measured = vi.fn(() => 40)
    Object.defineProperty(area, 'scrollHeight', { configurable: true, get: measured })

    act(() => {
      fireEvent.change(area, { target: { value: 'a very long dictation\n'.repeat(40) } })
    })

    // jsdom's style declaration drops `field-sizing`, a property it does not know; the rest holds.
    expect(area.style.maxHeight).toBe('200px')
    expect(area.style.overflowY).toBe('auto')
    expect(area.style.height).toBe('')
    expect(measured).not.toHaveBeenCalled()
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue(
      'a very long dictation\n'.repeat(40),
    )
  })
})
