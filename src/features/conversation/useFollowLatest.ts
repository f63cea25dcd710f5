/**
 * The message list follows the conversation: new messages bring it to the bottom, unless the
 * clinician has scrolled up to read something, in which case it stays where it is and
 * `atBottom` is false (the list then offers 'Jump to latest'). The clinician's own send always
 * brings it down, since they expect to see what they sent.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'

/** Distance from the bottom that still counts as the bottom: sub-pixel rounding, a stray wheel tick. */
export const BOTTOM_SLACK_PX = 48

function isNearBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX
}

export interface FollowLatest {
  atBottom: boolean
  onScroll: () => void
  jumpToLatest: () => void
}

/**
 * @param latestKey changes whenever something is added at the end of the list
 * @param sendCount counts the clinician's sends; it changes at the click, before the message
 *   reaches the store's subscribers, so a send answered before the next frame still counts
 */
export function useFollowLatest(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  latestKey: string,
  sendCount: number,
): FollowLatest {
  const [atBottom, setAtBottom] = useState(true)
  // Read by effects and the resize observer without re-subscribing them on every scroll.
  const following = useRef(true)

  const pin = useCallback(() => {
    const element = scrollRef.current
    if (!element) return
    element.scrollTop = element.scrollHeight
    following.current = true
    setAtBottom(true)
  }, [scrollRef])

  const onScroll = useCallback(() => {
    const element = scrollRef.current
    if (!element) return
    const near = isNearBottom(element)
    following.current = near
    setAtBottom(near)
  }, [scrollRef])

  useLayoutEffect(() => {
    if (following.current) pin()
  }, [latestKey, pin])

  useLayoutEffect(() => {
    if (sendCount > 0) pin()
  }, [sendCount, pin])

  // Content that changes height after rendering (fonts, a wrapped card) or a viewport that
  // shrinks (the input growing) would otherwise leave a following list short of the bottom.
  useEffect(() => {
    const scroller = scrollRef.current
    if (!scroller) return
    const observer = new ResizeObserver(() => {
      if (following.current) scroller.scrollTop = scroller.scrollHeight
    })
    observer.observe(scroller)
    if (contentRef.current) observer.observe(contentRef.current)
    return () => {
      observer.disconnect()
    }
  }, [scrollRef, contentRef])

  return { atBottom, onScroll, jumpToLatest: pin }
}
