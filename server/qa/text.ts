/**
 * How the pre-sign checks read a section: sentences, their words (the local assistant's `wordsOf`,
 * so both read words alike), phrase lists matched word by word, and the short excerpt an issue
 * quotes.
 */
import { wordsOf, type Word } from '../assistant/local/sections'

export type { Word }

export interface Sentence {
  text: string
  /** Offset of the sentence in its section. */
  start: number
  words: Word[]
}

/**
 * Abbreviations whose period ends no sentence ("approx. 5 mm", "Dr. Lee", "e.g. the liver", "vs.
 * prior"), lower case, without their period.
 */
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'approx',
  'dr',
  'e.g',
  'i.e',
  'vs',
  'cf',
  'fig',
  'mrs',
])

/**
 * Sentences end at a line break, a semicolon, or . ! ? followed by a space or the end, unless the
 * period closes an abbreviation or sits inside a number ("5.2 cm" has no space after its point).
 * A semicolon ends one because radiologists chain separate findings with it ("no effusion; right
 * knee normal").
 */
export function sentencesOf(text: string): Sentence[] {
  const sentences: Sentence[] = []
  let start = 0
  const push = (end: number) => {
    const raw = text.slice(start, end)
    const lead = raw.length - raw.trimStart().length
    const body = raw.trim()
    if (body !== '') {
      sentences.push({ text: body, start: start + lead, words: wordsOf(body) })
    }
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\n' || c === ';') {
      push(i)
      start = i + 1
    } else if (c === '.' || c === '!' || c === '?') {
      const next = text[i + 1]
      if (next !== undefined && !/\s/.test(next)) continue
      if (c === '.' && closesAbbreviation(text, i)) continue
      push(i + 1)
      start = i + 1
    }
  }
  push(text.length)
  return sentences
}

function closesAbbreviation(text: string, period: number): boolean {
  const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, period - 12), period))
  return before?.[1] !== undefined && ABBREVIATIONS.has(before[1].toLowerCase())
}

/** A phrase list entry: lower-case words, and what the phrase means to the rule using it. */
export interface Phrase<T> {
  words: readonly string[]
  value: T
}

/** A phrase found in a sentence: its first word's index and the index after its last word. */
export interface PhraseMatch<T> {
  start: number
  end: number
  value: T
}

/** Builds a phrase list from `'words of a phrase' -> value` pairs. */
export function phrases<T>(entries: readonly (readonly [string, T])[]): Phrase<T>[] {
  return entries
    .map(([text, value]) => ({ words: text.toLowerCase().split(/\s+/), value }))
    .sort((a, b) => b.words.length - a.words.length)
}

/** Every phrase of `list` in `words`, the longest at each position, left to right, not overlapping. */
export function findPhrases<T>(
  words: readonly Word[],
  list: readonly Phrase<T>[],
): PhraseMatch<T>[] {
  const found: PhraseMatch<T>[] = []
  for (let i = 0; i < words.length; i++) {
    const match = phraseAt(words, i, list)
    if (match) {
      found.push(match)
      i = match.end - 1
    }
  }
  return found
}

export function phraseAt<T>(
  words: readonly Word[],
  i: number,
  list: readonly Phrase<T>[],
): PhraseMatch<T> | null {
  for (const phrase of list) {
    if (phrase.words.every((w, k) => words[i + k]?.lower === w)) {
      return { start: i, end: i + phrase.words.length, value: phrase.value }
    }
  }
  return null
}

const EXCERPT_CHARS = 120

/**
 * What an issue quotes: the sentence when short, otherwise the words from `from` to `to` (offsets
 * in the sentence) with a few words either side, marked as cut with "…".
 */
export function excerptOf(sentence: Sentence, from: number, to: number): string {
  const text = sentence.text
  if (text.length <= EXCERPT_CHARS) return text
  const room = Math.max(0, Math.floor((EXCERPT_CHARS - (to - from)) / 2))
  let start = Math.max(0, from - room)
  let end = Math.min(text.length, to + room)
  // Whole words only.
  while (start > 0 && /\S/.test(text[start - 1] ?? '')) start++
  while (end < text.length && /\S/.test(text[end] ?? '')) end--
  if (start > from) start = from
  if (end < to) end = to
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`
}

/** The offsets in the sentence of words `start` to `end - 1`. */
export function wordSpan(sentence: Sentence, start: number, end: number): [number, number] {
  return [sentence.words[start]?.start ?? 0, sentence.words[end - 1]?.end ?? sentence.text.length]
}
