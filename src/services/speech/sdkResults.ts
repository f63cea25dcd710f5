/**
 * Plain-data readings of what the Speech SDK reports, kept apart from the SDK itself so they
 * can be tested without it and cost nothing in the initial chunk.
 */
import { MICROPHONE_DENIED, MICROPHONE_MISSING, type RecognizedWord } from './types'

/** The SDK's offsets are in 100 ns ticks. */
const TICKS_PER_MS = 10_000

/** The words of a detailed result; an answer without them gives none rather than an error. */
export function wordsOf(json: string | undefined): RecognizedWord[] {
  if (!json) return []
  try {
    const parsed = JSON.parse(json) as {
      NBest?: { Words?: { Word?: unknown; Offset?: unknown; Duration?: unknown }[] }[]
    }
    const words = parsed.NBest?.[0]?.Words ?? []
    return words.flatMap((w) =>
      typeof w.Word === 'string' && typeof w.Offset === 'number' && typeof w.Duration === 'number'
        ? [
            {
              word: w.Word,
              offsetMs: w.Offset / TICKS_PER_MS,
              durationMs: w.Duration / TICKS_PER_MS,
            },
          ]
        : [],
    )
  } catch {
    return []
  }
}

/**
 * The SDK rejects a failed microphone start with a sentence such as 'Error occurred during
 * microphone initialization: NotAllowedError: Permission denied'; the saga wants the DOM's name.
 */
export function startErrorOf(reason: unknown): Error {
  const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)
  const error = new Error(text)
  if (/NotAllowedError|Permission denied|SecurityError/i.test(text)) error.name = MICROPHONE_DENIED
  else if (/NotFoundError|Requested device not found|OverconstrainedError/i.test(text)) {
    error.name = MICROPHONE_MISSING
  }
  return error
}
