/**
 * Dictation cleanup's eponyms (cleanup.ts): a name written all in lower case gets its capital.
 */
import { EPONYM_NOUNS, EPONYMS, EPONYMS_IN_CONTEXT } from './eponyms'
import type { Token } from './cleanupTokens'

/** A word part in lower case, with any quote or bracket around it and a possessive "'s" or "'". */
const LOWER_CASE_PART = /^([^\p{L}\p{N}]*)(\p{Ll}+)((?:['’]s?)?[^\p{L}\p{N}]*)$/u

/** The name a word part stands for, lower case: "Murphy's" -> "murphy". */
function eponymKey(part: string | undefined): string | undefined {
  return part === undefined
    ? undefined
    : /^[^\p{L}\p{N}]*(\p{L}+)(?:['’]s?)?[^\p{L}\p{N}]*$/u.exec(part)?.[1]?.toLowerCase()
}

function isEponym(word: string, previous: string | undefined, next: string | undefined): boolean {
  if (EPONYMS.has(word)) return true
  if (!EPONYMS_IN_CONTEXT.has(word)) return false
  const named = (key: string | undefined) => key !== undefined && EPONYMS.has(key)
  const noun =
    next !== undefined && (EPONYM_NOUNS.has(next) || EPONYM_NOUNS.has(next.replace(/s$/, '')))
  return named(previous) || named(next) || noun
}

export function capitalizeEponyms(tokens: readonly Token[]): Token[] {
  const partsOf = (token: Token | undefined) =>
    token?.kind === 'word' ? token.text.split('-') : []
  return tokens.map((token, i) => {
    if (token.kind !== 'word') return token
    const parts = partsOf(token)
    const before = partsOf(tokens[i - 1]).at(-1)
    const after = partsOf(tokens[i + 1])[0]
    const text = parts
      .map((part, j) => {
        const [, open = '', word = '', close = ''] = LOWER_CASE_PART.exec(part) ?? []
        const previous = eponymKey(j > 0 ? parts[j - 1] : before)
        const next = eponymKey(j < parts.length - 1 ? parts[j + 1] : after)
        if (word === '' || !isEponym(word, previous, next)) return part
        return open + word.charAt(0).toUpperCase() + word.slice(1) + close
      })
      .join('-')
    return text === token.text ? token : { kind: 'word', text }
  })
}
