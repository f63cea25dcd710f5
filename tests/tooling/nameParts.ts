/**
 * The names TR-2's collector (./controlNames.ts) works out, as data: each a list of alternatives
 * (a conditional gives two), each a list of parts, literal text or `WILD` where the text comes
 * from data or state; and what a test asks of them.
 */

export const WILD = Symbol('wild')
export type Part = string | typeof WILD
export type Alternative = Part[]

/** Enough for every real name; a runaway product of conditionals stops here. */
const MAX_ALTERNATIVES = 64
export function product(left: Alternative[], right: Alternative[]): Alternative[] {
  const out: Alternative[] = []
  for (const a of left) for (const b of right) out.push([...a, ...b])
  return out.slice(0, MAX_ALTERNATIVES)
}

export function union(...lists: Alternative[][]): Alternative[] {
  return lists.flat().slice(0, MAX_ALTERNATIVES)
}

/** Neighbouring literal parts joined, whitespace collapsed and trimmed, as names are. */
export function tidy(alternative: Alternative): Alternative {
  const out: Alternative = []
  for (const part of alternative) {
    const last = out.at(-1)
    if (typeof part === 'string' && typeof last === 'string') out[out.length - 1] = last + part
    else if (part !== '') out.push(part)
  }
  const collapsed = out.map((part) => (typeof part === 'string' ? part.replace(/\s+/g, ' ') : part))
  if (typeof collapsed[0] === 'string') collapsed[0] = collapsed[0].trimStart()
  const end = collapsed.length - 1
  if (typeof collapsed[end] === 'string') collapsed[end] = collapsed[end].trimEnd()
  return collapsed.filter((part) => part !== '')
}

export function dedupe(alternatives: Alternative[]): Alternative[] {
  const seen = new Map<string, Alternative>()
  for (const alternative of alternatives) seen.set(describe(alternative), alternative)
  return [...seen.values()]
}

/** 'Remove macro …': how a name reads in a failure message. */
export function describe(alternative: Alternative): string {
  return alternative.map((part) => (part === WILD ? '…' : part)).join('')
}

/** Whether the name is all data: no letter of it is in the source. */
export function isDataNamed(alternative: Alternative): boolean {
  return !alternative.some((part) => typeof part === 'string' && /\p{L}/u.test(part))
}

/** The alternative as a regular expression over a whole accessible name. */
export function matcher(alternative: Alternative): RegExp {
  const body = alternative
    .map((part) => (part === WILD ? '.+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${body}$`)
}

/** The name with each part from data filled in with `fill`: what a screen could show. */
export function example(alternative: Alternative, fill: string): string {
  return alternative.map((part) => (part === WILD ? fill : part)).join('')
}
