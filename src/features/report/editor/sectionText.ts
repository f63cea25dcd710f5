/**
 * The report as the clinician edits it (RP-1): one 'Report' text in which headings mark the
 * sections, and the impression in its own text area. `serializeReport` and `parseReport` are
 * exact inverses on every `sections` value: `parseReport(serializeReport(s)) ≡ s`.
 *
 * The text format (what `serializeReport` writes):
 *
 *     HISTORY:\n<history>\n\nTECHNIQUE:\n<technique>\n\nCOMPARISON:\n<comparison>\n\nFINDINGS:\n<findings>
 *
 * What `parseReport` reads, so free text a clinician typed also parses sensibly:
 * - A heading is a line that starts (after spaces or tabs) with HISTORY, TECHNIQUE, COMPARISON or
 *   FINDINGS in any letter case, then optional spaces and a colon. Text after the colon on the same
 *   line starts the section ('Findings: lungs clear' works as dictated).
 * - A section's text runs to the next heading; the one line break (or blank line) before that
 *   heading is the separator, not text.
 * - Text before the first heading belongs to HISTORY, the section that comes first; text that is
 *   only whitespace there is layout, not content, and is dropped.
 * - A heading that appears twice adds its text to the section, after a blank line, so nothing
 *   typed is dropped.
 * - IMPRESSION has its own text area; 'IMPRESSION:' inside the Report text is ordinary text.
 *
 * `joinReportText` writes both areas as one text, the impression under its own heading, for the
 * clinician to copy elsewhere; nothing parses it back.
 *
 * Escaping: a section line that would read as a heading (say a findings line 'History: none') is
 * written with a backslash in front, '\History: none', and the parser removes exactly one
 * backslash from a line made of backslashes followed by a heading. Lines that start with a
 * backslash but would not read as a heading are left alone in both directions, so a backslash the
 * clinician typed elsewhere never disappears. A visible backslash was chosen over an invisible
 * marker so the clinician can see why that line is not a heading.
 */
import {
  REPORT_SECTION_HEADINGS,
  REPORT_SECTION_LABELS,
  type ReportSectionKey,
} from '../../../../contract'
import type { ReportSections } from '../../../services/api/model'

/** Each section as the product names it to the clinician (the contract's one list). */
export const SECTION_LABELS = REPORT_SECTION_LABELS

/** 'Impression', 'Findings and Impression', 'History, Findings and Impression'. */
export function sectionNames(keys: readonly ReportSectionKey[]): string {
  const names = keys.map((key) => SECTION_LABELS[key])
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`
}

/** The sections the Report text holds, in the order they are written. */
export const TEXT_SECTION_KEYS = ['history', 'technique', 'comparison', 'findings'] as const
export type TextSectionKey = (typeof TEXT_SECTION_KEYS)[number]

const IMPRESSION_HEADING = REPORT_SECTION_HEADINGS.impression

export interface ReportText {
  /** The 'Report' text area: the four headed sections. */
  report: string
  /** The 'Impression' text area, verbatim. */
  impression: string
}

const HEADING = /^[ \t]*(history|technique|comparison|findings)[ \t]*:(.*)$/is
const ESCAPE = '\\'
const SEPARATOR = '\n\n'

interface HeadingMatch {
  key: TextSectionKey
  /** Text after the colon on the heading's own line, without the spaces that follow the colon. */
  inline: string
}

function matchHeading(line: string): HeadingMatch | null {
  const found = HEADING.exec(line)
  if (!found) return null
  const word = (found[1] ?? '').toLowerCase()
  const key = TEXT_SECTION_KEYS.find((candidate) => candidate === word)
  if (!key) return null
  return { key, inline: (found[2] ?? '').replace(/^[ \t]+/, '') }
}

/** The section a line heads, when it is a heading (the text after its colon aside). */
export function headingOf(line: string): TextSectionKey | null {
  return matchHeading(line)?.key ?? null
}

/** A line of backslashes followed by a heading: the escaped form of a line with one backslash less. */
function isEscapedHeading(line: string): boolean {
  let start = 0
  while (line[start] === ESCAPE) start += 1
  return start > 0 && matchHeading(line.slice(start)) !== null
}

function escapeLine(line: string): string {
  return matchHeading(line) || isEscapedHeading(line) ? ESCAPE + line : line
}

function unescapeLine(line: string): string {
  return isEscapedHeading(line) ? line.slice(ESCAPE.length) : line
}

function escapeSection(text: string): string {
  return text.split('\n').map(escapeLine).join('\n')
}

export function serializeReport(sections: ReportSections): ReportText {
  const report = TEXT_SECTION_KEYS.map(
    (key) => `${REPORT_SECTION_HEADINGS[key]}:\n${escapeSection(sections[key])}`,
  ).join(SEPARATOR)
  return { report, impression: sections.impression }
}

/** Both text areas as one text, the impression under its heading after the Report text. */
export function joinReportText(text: ReportText): string {
  return `${text.report}${SEPARATOR}${IMPRESSION_HEADING}:\n${text.impression}`
}

interface Block {
  key: TextSectionKey
  lines: string[]
}

export function parseReport(report: string, impression: string): ReportSections {
  // The first block holds the text before any heading.
  const blocks: Block[] = [{ key: 'history', lines: [] }]
  for (const line of report.split('\n')) {
    const heading = matchHeading(line)
    if (heading) {
      blocks.push({ key: heading.key, lines: heading.inline === '' ? [] : [heading.inline] })
    } else {
      const current = blocks[blocks.length - 1]
      current?.lines.push(unescapeLine(line))
    }
  }
  const texts: Record<TextSectionKey, string[]> = {
    history: [],
    technique: [],
    comparison: [],
    findings: [],
  }
  blocks.forEach((block, index) => {
    let text = block.lines.join('\n')
    const followedByHeading = index < blocks.length - 1
    if (followedByHeading && text.endsWith('\n')) text = text.slice(0, -1)
    const isPreamble = index === 0
    if (isPreamble && text.trim() === '') return
    texts[block.key].push(text)
  })

  return {
    history: texts.history.join(SEPARATOR),
    technique: texts.technique.join(SEPARATOR),
    comparison: texts.comparison.join(SEPARATOR),
    findings: texts.findings.join(SEPARATOR),
    impression,
  }
}
