/**
 * What templates and macros do to the report's text (TPL-4, TPL-5, MAC-7), as plain functions:
 * where the next or previous `[bracketed field]` is, which macro name was just typed, and how a
 * template's sections meet the report's. ReportTools and useReportAreas act on what they answer.
 */
import { REPORT_SECTION_KEYS, templateFields, type ReportSectionKey } from '../../../../contract'
import type { Macro, ReportSections } from '../../../services/api/model'

export interface Span {
  start: number
  end: number
}

/** The first field starting at or after `from` (the end of the selection), or null. */
export function fieldAfter(text: string, from: number): Span | null {
  return templateFields(text).find((field) => field.start >= from) ?? null
}

/** The last field ending at or before `to` (the start of the selection), or null. */
export function fieldBefore(text: string, to: number): Span | null {
  return templateFields(text).findLast((field) => field.end <= to) ?? null
}

/** How many fields the texts still hold. */
export function countFields(...texts: string[]): number {
  return texts.reduce((sum, text) => sum + templateFields(text).length, 0)
}

/**
 * The macro whose name ends at `cursor`, as a word of its own (at the start of the text or after
 * a space or line break), in any letter case; the longest name wins ('normal chest' over 'chest').
 */
export function macroBefore(
  text: string,
  cursor: number,
  macros: readonly Macro[],
): { macro: Macro; start: number } | null {
  const before = text.slice(0, cursor).toLowerCase()
  const found = macros
    .filter((macro) => {
      const name = macro.name.toLowerCase()
      if (!before.endsWith(name)) return false
      const start = cursor - name.length
      return start === 0 || /\s/.test(before[start - 1] ?? '')
    })
    .sort((a, b) => b.name.length - a.name.length)[0]
  return found ? { macro: found, start: cursor - found.name.length } : null
}

/** The sections where both the report and the template have text. */
export function occupiedSections(
  current: ReportSections,
  template: Partial<ReportSections>,
): ReportSectionKey[] {
  return REPORT_SECTION_KEYS.filter(
    (key) => (template[key] ?? '').trim() !== '' && current[key].trim() !== '',
  )
}

/**
 * How a template meets sections that already hold text: 'replace' puts the template's text in
 * their place, 'append' adds it below after a blank line. Empty sections take the template's text
 * either way; sections the template leaves out are never touched.
 */
export type TemplateMerge = 'replace' | 'append'

export function mergeTemplate(
  current: ReportSections,
  template: Partial<ReportSections>,
  merge: TemplateMerge,
): ReportSections {
  const next = { ...current }
  for (const key of REPORT_SECTION_KEYS) {
    const text = template[key]
    if (text === undefined || text.trim() === '') continue
    const held = current[key].trimEnd()
    next[key] = held === '' || merge === 'replace' ? text : `${held}\n\n${text}`
  }
  return next
}

/**
 * Undoing an insertion: each section still holding what the insertion wrote gets its earlier
 * text back; a section changed since keeps the clinician's later words.
 */
export function undoInsertion(
  now: ReportSections,
  before: ReportSections,
  inserted: ReportSections,
): ReportSections {
  const next = { ...now }
  for (const key of REPORT_SECTION_KEYS) {
    if (now[key] === inserted[key]) next[key] = before[key]
  }
  return next
}
