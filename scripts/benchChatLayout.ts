/**
 * The layout the chat benchmark (bench-chat.tsx) adds to jsdom, which lays nothing out: the
 * conversation's viewport, the height of every rendered message, and the scroll height the
 * virtualizer's total size gives. Installed by the first, plain run, before the app's modules load.
 */
import { stubLayoutGetter } from './benchSupport'

/** The conversation's viewport and the height every rendered message measures. */
export const VIEWPORT_PX = 800
export const ROW_PX = 110

/** The conversation's scroll box: the element with role log. */
const isLog = (element: Element) => element.getAttribute('role') === 'log'

/**
 * The content's height: that of the virtual rows' container (the child of the log's content
 * with an inline height, the virtualizer's total size; there as soon as the messages are, even
 * before the rows of the first screen), plus the padding.
 */
function contentHeightOf(log: HTMLElement): number {
  const rows = Array.from(log.firstElementChild?.children ?? []).find(
    (child): child is HTMLElement => child instanceof HTMLElement && child.style.height !== '',
  )
  // The list's content padding, above the first message and below the last one.
  const padding = 2 * 16
  return (rows ? Number.parseFloat(rows.style.height) || 0 : 0) + padding
}

/**
 * A layout on top of the web tests' jsdom set-up: the conversation's viewport is VIEWPORT_PX
 * tall, each rendered message ROW_PX, and its scroll height follows the virtualizer's total size.
 */
export function layOutConversation(): void {
  stubLayoutGetter('clientHeight', (element, fallback) =>
    isLog(element) ? VIEWPORT_PX : fallback(),
  )
  stubLayoutGetter('offsetHeight', (element, fallback) =>
    element.hasAttribute('data-index') ? ROW_PX : fallback(),
  )
  stubLayoutGetter('scrollHeight', (element, fallback) =>
    isLog(element) ? contentHeightOf(element) : fallback(),
  )
}
