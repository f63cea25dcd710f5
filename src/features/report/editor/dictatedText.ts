/**
 * What dictation does to the report's two texts (VC), as plain functions over `ReportText`: where
 * dictation starts (the end of FINDINGS unless the clinician's cursor says otherwise), where each
 * section ends ("go to impression"), the next and previous `[field]` from a point (as Tab does,
 * across both areas), and writing a phrase at a point so that it reads as typed: one space
 * between words, a capital at the start of a section, a paragraph or a sentence (item 9), the
 * recognizer's own capital and full stop dropped inside a sentence. Every write answers the edit
 * it made, which 'scratch that' takes back exactly.
 *
 * Points and edits are plain data: the dictation saga keeps them, and the store holds the point.
 */
import type { ReportSectionKey } from '../../../../contract'
import { fieldAfter, fieldBefore } from './reportFields'
import { headingOf, type ReportText } from './sectionText'

export type ReportArea = keyof ReportText

/** A span of one area; the next dictated words replace it (a caret when empty). */
export interface ReportPoint {
  area: ReportArea
  start: number
  end: number
}

/** One write of dictation: `inserted` took the place of `replaced` at `start`. */
export interface DictatedEdit {
  area: ReportArea
  start: number
  inserted: string
  replaced: string
  /** Where dictation was before the write. */
  before: ReportPoint
}

export interface Dictated {
  text: ReportText
  point: ReportPoint
  edit: DictatedEdit
}

const caret = (area: ReportArea, at: number): ReportPoint => ({ area, start: at, end: at })

/** Where the text of section `key` ends (its last character that is not blank), or null. */
export function sectionEnd(text: ReportText, key: ReportSectionKey): ReportPoint | null {
  if (key === 'impression') return caret('impression', text.impression.trimEnd().length)
  const report = text.report
  let contentStart: number | null = null
  let contentEnd = report.length
  let offset = 0
  for (const line of report.split('\n')) {
    const heading = headingOf(line)
    if (contentStart === null && heading === key) {
      const colon = line.indexOf(':')
      const inline = line.slice(colon + 1)
      contentStart = inline.trim() === '' ? offset + line.length + 1 : offset + colon + 1
    } else if (contentStart !== null && heading !== null) {
      contentEnd = offset
      break
    }
    offset += line.length + 1
  }
  if (contentStart === null) return null
  const start = Math.min(contentStart, report.length)
  const end = Math.max(start, start + report.slice(start, contentEnd).trimEnd().length)
  return caret('report', end)
}

/** Where dictation starts without a cursor: the end of FINDINGS, else the end of the Report. */
export function dictationStart(text: ReportText): ReportPoint {
  return sectionEnd(text, 'findings') ?? caret('report', text.report.length)
}

/** The point kept within its area's text (the text may have changed since it was taken). */
export function clampPoint(text: ReportText, point: ReportPoint): ReportPoint {
  const length = text[point.area].length
  const start = Math.min(Math.max(0, point.start), length)
  return { area: point.area, start, end: Math.min(Math.max(start, point.end), length) }
}

/** The next `[field]` after the point, in its area or else the Impression's (as Tab does). */
export function nextFieldFrom(text: ReportText, point: ReportPoint): ReportPoint | null {
  const here = fieldAfter(text[point.area], point.end)
  if (here) return { area: point.area, ...here }
  const there = point.area === 'report' ? fieldAfter(text.impression, 0) : null
  return there ? { area: 'impression', ...there } : null
}

/** The previous `[field]` before the point, in its area or else the Report's (as Shift+Tab). */
export function previousFieldFrom(text: ReportText, point: ReportPoint): ReportPoint | null {
  const here = fieldBefore(text[point.area], point.start)
  if (here) return { area: point.area, ...here }
  const there = point.area === 'impression' ? fieldBefore(text.report, text.report.length) : null
  return there ? { area: 'report', ...there } : null
}

/**
 * Whether words written after `before` open a sentence: at the start of the area, a section
 * (after its heading), a paragraph, or after a full stop, question or exclamation mark.
 */
export function opensSentence(before: string): boolean {
  const text = before.trimEnd()
  if (text === '') return true
  if (/\n[ \t]*\n\s*$/.test(before)) return true
  if (/[.!?]["')\]]*$/.test(text)) return true
  const line = text.slice(text.lastIndexOf('\n') + 1)
  return /^[ \t]*impression[ \t]*:$/i.test(line) || (headingOf(line) !== null && /:\s*$/.test(line))
}

/** A heading dictated as words ("Findings: small effusion") starts its section with a capital. */
function capitalAfterHeadings(words: string): string {
  return words.replace(
    /\b(history|technique|comparison|findings|impression)(\s*:\s*)(\p{Ll})/giu,
    (_match, heading: string, colon: string, letter: string) =>
      `${heading}${colon}${letter.toUpperCase()}`,
  )
}

/**
 * The phrase as it reads at that place: a capital when it opens a sentence (or `capital` says
 * so: the first words after "go to findings"); inside a sentence, the recognizer's capital on an
 * ordinary word ('Enlarged', not 'CT') and its full stop before punctuation that follows go.
 */
function phraseAt(words: string, before: string, after: string, capital: boolean): string {
  let phrase = capitalAfterHeadings(words.trim())
  if (capital || opensSentence(before)) {
    phrase = phrase.charAt(0).toUpperCase() + phrase.slice(1)
  } else {
    phrase = phrase.replace(
      /^(\p{Lu})(\p{Ll}+)\b/u,
      (_m, first: string, rest: string) => first.toLowerCase() + rest,
    )
  }
  if (/^[.,;:!?]/.test(after)) phrase = phrase.replace(/[.]$/, '')
  return phrase
}

function splice(
  text: ReportText,
  point: ReportPoint,
  start: number,
  end: number,
  inserted: string,
  caretAt: number,
): Dictated {
  const value = text[point.area]
  return {
    text: { ...text, [point.area]: value.slice(0, start) + inserted + value.slice(end) },
    point: caret(point.area, caretAt),
    edit: { area: point.area, start, inserted, replaced: value.slice(start, end), before: point },
  }
}

/**
 * Writes dictated words in place of the point, spaced and capitalised as typed text would be;
 * `verbatim` words (a macro's text) are only spaced.
 */
export function writeDictated(
  text: ReportText,
  point: ReportPoint,
  words: string,
  { capital = false, verbatim = false }: { capital?: boolean; verbatim?: boolean } = {},
): Dictated {
  const value = text[point.area]
  const before = value.slice(0, point.start)
  const after = value.slice(point.end)
  const phrase = verbatim ? words.trim() : phraseAt(words, before, after, capital)
  const lead = before === '' || /[\s([]$/.test(before) ? '' : ' '
  const trail = /^[\p{L}\p{N}([]/u.test(after) ? ' ' : ''
  const caretAt = point.start + lead.length + phrase.length
  return splice(text, point, point.start, point.end, `${lead}${phrase}${trail}`, caretAt)
}

/** 'new paragraph': a blank line at the point (spaces around it go). */
export function writeParagraph(text: ReportText, point: ReportPoint): Dictated {
  const value = text[point.area]
  const start = value.slice(0, point.start).replace(/[ \t]+$/, '').length
  const end = point.end + (/^[ \t]*/.exec(value.slice(point.end))?.[0].length ?? 0)
  return splice(text, point, start, end, '\n\n', start + 2)
}

/** Takes `edit` back, when the text still holds what it wrote; null when it no longer does. */
export function undoDictated(
  text: ReportText,
  edit: DictatedEdit,
): { text: ReportText; point: ReportPoint } | null {
  const value = text[edit.area]
  const end = edit.start + edit.inserted.length
  if (value.slice(edit.start, end) !== edit.inserted) return null
  const undone = {
    ...text,
    [edit.area]: value.slice(0, edit.start) + edit.replaced + value.slice(end),
  }
  return { text: undone, point: clampPoint(undone, edit.before) }
}
