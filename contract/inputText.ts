import type { z } from 'zod'
import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from './constants'
import { deceptiveInName, deceptiveInText, deceptiveTextMessage } from './text'

/** A request's text: refused when it holds what no person types (SEC-3). */
export function inputText<T extends z.ZodType<string>>(schema: T) {
  return schema.refine(isCleanText, CONTROL_CHARACTERS_MESSAGE)
}

/** A refinement refusing what `find` finds, naming the character in its message. */
function refusing(find: (text: string) => string | null) {
  return [
    (text: string) => find(text) === null,
    {
      error: (issue: { input?: unknown }) =>
        deceptiveTextMessage(find(typeof issue.input === 'string' ? issue.input : '') ?? ''),
    },
  ] as const
}

/** A name or a short label: SEC-3, and nothing invisible or reordering in it (SEC-31, SEC-32, text.ts). */
export function nameText<T extends z.ZodType<string>>(schema: T) {
  return inputText(schema).refine(...refusing(deceptiveInName))
}

/** Free text around a report (a macro's text, a reason): SEC-3 and SEC-33's rule (text.ts). */
export function honestText<T extends z.ZodType<string>>(schema: T) {
  return inputText(schema).refine(...refusing(deceptiveInText))
}
