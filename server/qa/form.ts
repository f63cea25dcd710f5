/**
 * The rules about the report's form rather than its meaning: `empty_section`, `unfilled_field`
 * and `repeated_words`.
 *
 * - empty_section (blank: nothing but whitespace, punctuation or template fields) -> warn, for
 *   every section. A report says what was seen and what it means, and the ACR practice parameter
 *   on communication lists clinical information, procedure and comparison among its parts; but
 *   the product's own rule is that any report that is not wholly empty may be signed (an
 *   impression-only report of a study read elsewhere is one), so a blank section is pointed out,
 *   never in the way. "None." is a valid comparison, a blank is not.
 * - unfilled_field: a template's `[bracketed field]` left in the text -> block, one per field;
 *   "[sic]" is an editor's mark, not a field.
 * - repeated_words: a word written twice in a row on one line ("the the", "left left") -> warn;
 *   numbers ("2 2") and the English repeats that are grammar ("had had", "that that") are not.
 */
import { REPORT_SECTION_KEYS, type ReportSections } from '../../contract'
import { SECTION_LABELS } from '../assistant/local/headings'
import { excerptOf } from './text'
import type { CheckedSentence, Issue } from './types'

const FIELD = /\[[^[\]\n]{0,80}\]/g

/** Nothing written but whitespace, punctuation or template fields ("[Findings]", "."). */
function isBlank(text: string): boolean {
  return !/[\p{L}\p{N}]/u.test(text.replace(FIELD, ''))
}

export function emptySectionIssues(sections: ReportSections): Issue[] {
  return REPORT_SECTION_KEYS.filter((key) => isBlank(sections[key])).map((key) => {
    const required = key === 'findings' || key === 'impression'
    return {
      code: 'empty_section',
      severity: 'warn',
      section: key,
      message: required
        ? `${SECTION_LABELS[key]} is empty.`
        : `${SECTION_LABELS[key]} is empty${key === 'comparison' ? " (write 'None.' when there is no prior)" : ''}.`,
      excerpt: '',
    }
  })
}

export function unfilledFieldIssues(sentences: readonly CheckedSentence[]): Issue[] {
  const issues: Issue[] = []
  for (const sentence of sentences) {
    for (const field of sentence.text.matchAll(FIELD)) {
      if (/^\[\s*sic\s*\]$/i.test(field[0])) continue
      issues.push({
        code: 'unfilled_field',
        severity: 'block',
        section: sentence.section,
        message: `A template field was left unfilled: ${field[0].slice(0, 40)}.`,
        excerpt: excerptOf(sentence, field.index, field.index + field[0].length),
      })
    }
  }
  return issues
}

const GRAMMATICAL_REPEATS: ReadonlySet<string> = new Set(['had', 'that'])

export function repeatedWordIssues(sentences: readonly CheckedSentence[]): Issue[] {
  const issues: Issue[] = []
  for (const sentence of sentences) {
    const words = sentence.words
    for (let i = 1; i < words.length; i++) {
      const a = words[i - 1]
      const b = words[i]
      if (!a || !b || a.lower !== b.lower || /^\d/.test(a.lower)) continue
      if (GRAMMATICAL_REPEATS.has(a.lower)) continue
      if (!/^[^\S\n]+$/.test(sentence.text.slice(a.end, b.start))) continue
      issues.push({
        code: 'repeated_words',
        severity: 'warn',
        section: sentence.section,
        message: `"${sentence.text.slice(a.start, a.end)}" is written twice.`,
        excerpt: excerptOf(sentence, a.start, b.end),
      })
    }
  }
  return issues
}
