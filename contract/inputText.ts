import type { z } from 'zod'
import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from './constants'

/** A request's text: refused when it holds what no person types (SEC-3). */
export function inputText<T extends z.ZodType<string>>(schema: T) {
  return schema.refine(isCleanText, CONTROL_CHARACTERS_MESSAGE)
}
