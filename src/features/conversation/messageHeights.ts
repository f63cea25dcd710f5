/**
 * The conversation's virtualized list, measured before it renders: each message's height guessed
 * from its lines of text until it is measured, and the end of the conversation by those guesses.
 */
import type { Message } from '../../services/api/model'
import { isStructuredSummary } from './patientSummary'

/**
 * A message's height before it is rendered and measured, from its lines of text. A close guess
 * matters: each unmeasured message above the viewport that renders taller than guessed shifts
 * the scroll position to keep the reader's place, which makes the scrollbar lag.
 */
const LINE_PX = 22
const CHARS_PER_LINE = 90
const SUMMARY_CARD_PX = 330

export function estimateMessageHeight(message: Message | undefined): number {
  if (!message) return LINE_PX * 4
  if (isStructuredSummary(message)) return SUMMARY_CARD_PX
  const lines = message.content
    .split('\n')
    .reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0)
  // Author row and padding, plus the rating row under a reply.
  const frame = message.role === 'assistant' ? 68 : 56
  return frame + lines * LINE_PX
}

/** Messages rendered beyond each edge of the viewport, so fast scrolling shows no gaps. */
export const OVERSCAN = 8

/** Space above the first message and below the last one. */
export const CONTENT_PADDING_PX = 16

/**
 * The end of the conversation by the estimates: where the virtualizer starts once there are
 * messages (it clamps that to the last screenful) until the scroll box reports its offset. The
 * list opens at the latest message (useFollowLatest pins the bottom as the messages arrive), so
 * the first rows rendered are those the clinician sees, not the first messages, rendered for
 * nothing and replaced at the first scroll event.
 */
export function estimatedEnd(messages: readonly Message[]): number {
  return messages.reduce(
    (sum, message) => sum + estimateMessageHeight(message),
    2 * CONTENT_PADDING_PX,
  )
}
