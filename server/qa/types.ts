/** What the pre-sign checks read, and what each rule answers. */
import type { QaIssue, ReportSectionKey, Sex } from '../../contract'
import type { Sentence } from './text'

/** The order and patient facts the checks compare the report with. */
export interface QaStudy {
  modality: string
  body_part: string
  study_description: string
  sex: Sex
}

/** One sentence of one section, with which trigger qualifies each of its words. */
export interface CheckedSentence extends Sentence {
  section: ReportSectionKey
  marks: readonly ('negated' | 'hypothetical' | undefined)[]
}

export type Issue = QaIssue
