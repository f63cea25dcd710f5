/**
 * How dictated text is counted and put together with what the clinician had typed. One place,
 * so the word count the button shows (DC-2) and the one that decides on cleanup (DC-3) agree.
 */

export function countWords(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length
}

/** Phrases follow each other with one space; empty parts add nothing. */
export function joinDictation(...parts: string[]): string {
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ')
}

/**
 * The chat input during and after dictation: what was typed before, then the dictated text.
 * A prefix that ends in whitespace (a new line the clinician typed) keeps it.
 */
export function composeDraft(prefix: string, dictated: string): string {
  // A paragraph dictated first ('new paragraph') keeps its line breaks after the typed text.
  const spoken = dictated.trimEnd().replace(/^[ \t]+/, '')
  if (spoken.trim() === '') return prefix
  if (prefix.trim() === '') return spoken.trimStart()
  if (spoken.startsWith('\n')) return `${prefix.trimEnd()}${spoken}`
  return /\s$/.test(prefix) ? `${prefix}${spoken}` : `${prefix} ${spoken}`
}

/** A phrase after the dictated text: one space between them, none after a line break. */
export function appendDictation(dictated: string, phrase: string): string {
  if (phrase.trim() === '') return dictated
  return dictated.endsWith('\n') ? `${dictated}${phrase.trim()}` : joinDictation(dictated, phrase)
}
