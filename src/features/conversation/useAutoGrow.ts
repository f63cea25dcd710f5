/**
 * CH-10: the text area is as tall as its content up to `maxHeight`, then scrolls inside.
 * The height comes from `scrollHeight` after collapsing the area, which measures the content
 * whatever its font, wrapping or zoom; borders are added because the area is border-box sized.
 */
import { useLayoutEffect, type RefObject } from 'react'

function borderHeight(element: HTMLElement): number {
  const style = getComputedStyle(element)
  const top = Number.parseFloat(style.borderTopWidth)
  const bottom = Number.parseFloat(style.borderBottomWidth)
  return (Number.isFinite(top) ? top : 0) + (Number.isFinite(bottom) ? bottom : 0)
}

export function useAutoGrow(
  ref: RefObject<HTMLTextAreaElement | null>,
  value: string,
  maxHeight: number,
): void {
  useLayoutEffect(() => {
    const area = ref.current
    if (!area) return
    area.style.height = 'auto'
    const contentHeight = area.scrollHeight + borderHeight(area)
    area.style.height = `${String(Math.min(contentHeight, maxHeight))}px`
    area.style.overflowY = contentHeight > maxHeight ? 'auto' : 'hidden'
  }, [ref, value, maxHeight])
}
