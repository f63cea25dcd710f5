/**
 * CH-10: the text area is as tall as its content up to `maxHeight`, then scrolls inside.
 *
 * Where the browser sizes a field to its content itself (CSS `field-sizing: content`), it does:
 * the area gets that and `max-height` once, and a keystroke costs no measuring. Elsewhere the
 * height comes from `scrollHeight` after collapsing the area, which measures the content whatever
 * its font, wrapping or zoom (borders are added because the area is border-box sized); that read
 * forces a layout in the middle of the keystroke, which is why it is only the fallback.
 */
import { useLayoutEffect, type RefObject } from 'react'

function borderHeight(element: HTMLElement): number {
  const style = getComputedStyle(element)
  const top = Number.parseFloat(style.borderTopWidth)
  const bottom = Number.parseFloat(style.borderBottomWidth)
  return (Number.isFinite(top) ? top : 0) + (Number.isFinite(bottom) ? bottom : 0)
}

/** Whether this browser grows a field with its content by CSS alone. */
export function sizesFieldsToContent(): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function'
    ? CSS.supports('field-sizing', 'content')
    : false
}

export function useAutoGrow(
  ref: RefObject<HTMLTextAreaElement | null>,
  value: string,
  maxHeight: number,
): void {
  const byCss = sizesFieldsToContent()
  useLayoutEffect(() => {
    const area = ref.current
    if (!area || !byCss) return
    area.style.setProperty('field-sizing', 'content')
    area.style.maxHeight = `${String(maxHeight)}px`
    area.style.overflowY = 'auto'
  }, [ref, byCss, maxHeight])
  useLayoutEffect(() => {
    const area = ref.current
    if (!area || byCss) return
    area.style.height = 'auto'
    const contentHeight = area.scrollHeight + borderHeight(area)
    area.style.height = `${String(Math.min(contentHeight, maxHeight))}px`
    area.style.overflowY = contentHeight > maxHeight ? 'auto' : 'hidden'
  }, [ref, value, maxHeight, byCss])
}
