/**
 * The page hidden (src/services/page/pageHide.ts), as the draft mirror hears it: a page going away
 * (`pagehide`) or put in the background (`visibilitychange` to hidden), and nothing when it comes
 * back to the front or after the listener is removed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { windowPageHidden } from '../../../../src/services/page/pageHide'

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

afterEach(() => {
  // jsdom's own value again.
  Reflect.deleteProperty(document, 'visibilityState')
})

describe('the page hidden', () => {
  it('RP-2 is heard when the page goes away and when it is put in the background, not when it returns', () => {
    const listener = vi.fn()
    const stop = windowPageHidden(window)(listener)

    window.dispatchEvent(new Event('pagehide'))
    expect(listener).toHaveBeenCalledTimes(1)
    setVisibility('hidden')
    expect(listener).toHaveBeenCalledTimes(2)
    setVisibility('visible')
    expect(listener).toHaveBeenCalledTimes(2)

    stop()
    window.dispatchEvent(new Event('pagehide'))
    setVisibility('hidden')
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
