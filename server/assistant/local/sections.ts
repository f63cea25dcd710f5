/**
 * Routes typed or dictated report text into report sections by its headings.
 *
 * The rule (one place, tested edge by edge in tests/server/assistant/sections.test.ts):
 *
 * A heading is one of HEADING_PHRASES as whole words, in any case. It starts a section when
 * 1. it is followed by a typed colon ("Findings:", "impression :") — anywhere in the text; or,
 *    without a colon, when it is followed by text (a word, not punctuation) whose first word does
 *    not make the heading part of a sentence (PROSE_AFTER_HEADING: "findings are stable",
 *    "history of smoking"), the text is not a question (does not end with "?"), and either
 * 2. it starts the text or a sentence (after . ! ? or a line break); or
 * 3. mid-sentence, an earlier heading has already opened a section in this text (speech without
 *    punctuation: "findings five millimeter nodule impression benign"), this heading has not
 *    been used yet, and the word before it does not tie it into a phrase (MID_SENTENCE_BLOCKERS:
 *    "the findings", "no history", "prior impression").
 * A spoken "colon" right after a colon-less heading is its separator and is dropped, unless the
 * word after it makes "colon" the organ ("findings colon is unremarkable").
 *
 * A section's text runs to the next heading, trimmed, with a trailing comma or semicolon (left
 * by speech between sections) removed; its inside is kept verbatim. A heading named twice adds
 * its texts on separate lines. Text before the first heading goes into no section.
 */
import type { ReportSectionKey } from '../../../contract'
import { HEADING_PHRASES, PROSE_AFTER_HEADING } from './headings'

export interface RoutedSections {
  /** The text of each section a heading named; empty when the text names none. */
  sections: Partial<Record<ReportSectionKey, string>>
  /** Headings that were found with nothing after them. */
  empty: ReportSectionKey[]
  /** Text before the first heading (trimmed), '' when none. */
  unplaced: string
}

const MID_SENTENCE_BLOCKERS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'no',
  'any',
  'some',
  'all',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'its',
  'of',
  'in',
  'on',
  'with',
  'without',
  'for',
  'to',
  'from',
  'by',
  'at',
  'as',
  'and',
  'or',
  'but',
  'than',
  'prior',
  'previous',
  'earlier',
  'recent',
  'similar',
  'same',
  'new',
  'overall',
  'initial',
  'final',
  'first',
  'last',
  'family',
  'medical',
  'surgical',
  'past',
  'known',
  'social',
  'smoking',
  'imaging',
  'additional',
  'other',
  'further',
  'incidental',
  'general',
  'key',
  'main',
  'direct',
  'clinical',
])

/** A word of a text (letters and digits, inner apostrophes and hyphens) and where it lies. */
export interface Word {
  lower: string
  start: number
  end: number
}

interface Heading {
  key: ReportSectionKey
  start: number
  contentStart: number
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu

/** The words of `text`, lower-cased, with their offsets (also read by the pre-sign checks, server/qa/). */
export function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({
    lower: m[0].toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }))
}

/** Only spaces between the words of a two-word heading, so "clinical, history" is not one. */
function adjacent(text: string, a: Word, b: Word): boolean {
  return /^[^\S\n]+$/.test(text.slice(a.end, b.start))
}

export function routeSections(text: string): RoutedSections {
  const words = wordsOf(text)
  const isQuestion = text.trimEnd().endsWith('?')
  const headings: Heading[] = []
  const used = new Set<ReportSectionKey>()

  for (let i = 0; i < words.length; i++) {
    const found = headingAt(text, words, i, {
      isQuestion,
      afterHeading: headings.length > 0,
      used,
    })
    if (found) {
      headings.push({
        key: found.key,
        start: words[i]?.start ?? 0,
        contentStart: found.contentStart,
      })
      used.add(found.key)
      i = found.lastWord
    }
  }

  const sections: Partial<Record<ReportSectionKey, string>> = {}
  const empty: ReportSectionKey[] = []
  headings.forEach((h, n) => {
    const end = headings[n + 1]?.start ?? text.length
    const body = text
      .slice(h.contentStart, end)
      .trim()
      .replace(/[\s,;]+$/u, '')
    if (body === '') {
      if (sections[h.key] === undefined && !empty.includes(h.key)) empty.push(h.key)
      return
    }
    const before = sections[h.key]
    sections[h.key] = before === undefined ? body : `${before}\n${body}`
  })

  const first = headings[0]
  return {
    sections,
    empty: empty.filter((key) => sections[key] === undefined),
    unplaced: first ? text.slice(0, first.start).trim() : '',
  }
}

function headingAt(
  text: string,
  words: Word[],
  i: number,
  state: { isQuestion: boolean; afterHeading: boolean; used: ReadonlySet<ReportSectionKey> },
): { key: ReportSectionKey; contentStart: number; lastWord: number } | null {
  for (const phrase of HEADING_PHRASES) {
    const last = i + phrase.words.length - 1
    const matches = phrase.words.every((w, k) => {
      const word = words[i + k]
      const previous = words[i + k - 1]
      return (
        word?.lower === w && (k === 0 || (previous !== undefined && adjacent(text, previous, word)))
      )
    })
    const lastWord = words[last]
    const firstWord = words[i]
    if (!matches || lastWord === undefined || firstWord === undefined) continue

    const typedColon = /^[^\S\n]*:/.exec(text.slice(lastWord.end))
    if (typedColon) {
      return { key: phrase.key, contentStart: lastWord.end + typedColon[0].length, lastWord: last }
    }
    if (state.isQuestion) return null

    const next = words[last + 1]
    if (next === undefined || !/^\s*$/.test(text.slice(lastWord.end, next.start))) return null
    let contentWord = next
    let consumed = last
    const afterColon = words[last + 2]
    if (
      next.lower === 'colon' &&
      afterColon !== undefined &&
      /^\s*$/.test(text.slice(next.end, afterColon.start)) &&
      !PROSE_AFTER_HEADING.has(afterColon.lower)
    ) {
      contentWord = afterColon
      consumed = last + 1
    }
    if (PROSE_AFTER_HEADING.has(contentWord.lower)) return null

    const previous = words[i - 1]
    const startsSentence =
      previous === undefined || /[.!?\n]/.test(text.slice(previous.end, firstWord.start))
    const continuesDictation =
      state.afterHeading &&
      !state.used.has(phrase.key) &&
      previous !== undefined &&
      !MID_SENTENCE_BLOCKERS.has(previous.lower)
    if (!startsSentence && !continuesDictation) return null

    return { key: phrase.key, contentStart: contentWord.start, lastWord: consumed }
  }
  return null
}
