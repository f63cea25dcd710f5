/**
 * API-6: the spec does not show the shape of list answers, so a list is accepted as a bare
 * array or as an object holding exactly one array (`{items: [...]}`, `{orders: [...], count: 3}`).
 * Anything else, or an item that fails its schema, is a malformed answer.
 */
import { z } from 'zod'

/** The array a list answer carries, or the value untouched when it carries none or several. */
export function unwrapListAnswer(value: unknown): unknown {
  if (Array.isArray(value) || value === null || typeof value !== 'object') return value
  const arrays = Object.values(value).filter((member) => Array.isArray(member))
  return arrays.length === 1 ? arrays[0] : value
}

/**
 * A Standard Schema for RTK Query's `responseSchema` that validates a list answer of `item`
 * after unwrapping it. It keeps the array schema's own types, so endpoints stay typed as `T[]`.
 */
export function listAnswer<T extends z.ZodType>(item: T) {
  const array = z.array(item)
  const standard: (typeof array)['~standard'] = {
    ...array['~standard'],
    validate: (value, options) => array['~standard'].validate(unwrapListAnswer(value), options),
  }
  return { '~standard': standard }
}
