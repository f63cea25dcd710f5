/**
 * Report heading vocabulary shared by the section router and dictation cleanup, so that both
 * agree on what a spoken heading is.
 */
import type { ReportSectionKey } from '../../../contract'

/**
 * Heading phrases (lower case, single spaces) and the section each fills. "Indication" and
 * "clinical history" are accepted for History because referring clinicians and many report
 * templates use them for the same content; nothing else is aliased, because words such as
 * "conclusion" or "finding" occur in prose far more often than as headings.
 */
export const HEADING_PHRASES: readonly { words: readonly string[]; key: ReportSectionKey }[] = [
  { words: ['clinical', 'history'], key: 'history' },
  { words: ['clinical', 'indication'], key: 'history' },
  { words: ['history'], key: 'history' },
  { words: ['indication'], key: 'history' },
  { words: ['technique'], key: 'technique' },
  { words: ['comparison'], key: 'comparison' },
  { words: ['findings'], key: 'findings' },
  { words: ['impression'], key: 'impression' },
]

export const SECTION_LABELS: Record<ReportSectionKey, string> = {
  history: 'History',
  technique: 'Technique',
  comparison: 'Comparison',
  findings: 'Findings',
  impression: 'Impression',
}

/**
 * Words after which a spoken "colon" is punctuation: the headings plus the other labels a
 * radiologist dictates a colon after. Anywhere else "colon" is the organ.
 */
export const COLON_LABELS: ReadonlySet<string> = new Set([
  ...HEADING_PHRASES.map((h) => h.words[h.words.length - 1] ?? ''),
  'note',
  'notes',
  'recommendation',
  'recommendations',
  'addendum',
  'conclusion',
  'procedure',
])

/**
 * A heading word followed by one of these is the subject or object of a sentence ("findings are
 * stable", "history of smoking", "impression is that of...") or a request ("indication please"),
 * not a heading.
 */
export const PROSE_AFTER_HEADING: ReadonlySet<string> = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'remain',
  'remains',
  'remained',
  'has',
  'have',
  'had',
  'show',
  'shows',
  'showed',
  'suggest',
  'suggests',
  'suggested',
  'include',
  'includes',
  'included',
  'appear',
  'appears',
  'appeared',
  'seem',
  'seems',
  'described',
  'of',
  'for',
  'as',
  'and',
  'or',
  'that',
  'which',
  'please',
])
