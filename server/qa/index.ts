/**
 * The pre-sign checks (QA-1..QA-12): a pure function from the study (modality, body part, study
 * description, the patient's sex) and the report's sections to the issues the Finalize dialog
 * lists. docs/qa.md describes each rule and what it measured on the case table
 * (tests/server/qa/cases/).
 */
import {
  REPORT_SECTION_KEYS,
  type CheckReportAnswer,
  type Order,
  type ReportSections,
} from '../../contract'
import { criticalIssues, criticalMentions } from './critical'
import { emptySectionIssues, repeatedWordIssues, unfilledFieldIssues } from './form'
import { lateralityIssues } from './laterality'
import { qualifiers } from './negation'
import { bodyPartIssues } from './regions'
import { sexIssues } from './sex'
import { sentencesOf } from './text'
import type { CheckedSentence, Issue, QaStudy } from './types'
import { unitIssues } from './units'

export type { QaStudy } from './types'
export { CRITICAL_FINDINGS } from './critical'

function sentencesOfReport(sections: ReportSections): CheckedSentence[] {
  return REPORT_SECTION_KEYS.flatMap((section) =>
    sentencesOf(sections[section]).map((sentence) => ({
      ...sentence,
      section,
      marks: qualifiers(sentence.words),
    })),
  )
}

const SEVERITY_RANK = { block: 0, warn: 1 } as const

/** Every issue of the report, blocking ones first, then in section order. */
export function checkReport(study: QaStudy, sections: ReportSections): Issue[] {
  const sentences = sentencesOfReport(sections)
  const issues = [
    ...criticalIssues(sentences),
    ...lateralityIssues(study, sentences),
    ...sexIssues(study, sentences),
    ...bodyPartIssues(study, sentences),
    ...emptySectionIssues(sections),
    ...unfilledFieldIssues(sentences),
    ...repeatedWordIssues(sentences),
    ...unitIssues(sentences),
  ]
  const order = (issue: Issue) => REPORT_SECTION_KEYS.indexOf(issue.section)
  return issues.sort(
    (a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || order(a) - order(b),
  )
}

/**
 * The critical findings the report asserts, by name (CRITICAL_FINDINGS' keys), each once: what
 * the finalize path asks before signing (empty: nothing to communicate).
 */
export function criticalFindings(sections: ReportSections): string[] {
  return [...new Set(criticalMentions(sentencesOfReport(sections)).map((m) => m.name))]
}

/** Whether the report asserts any critical finding. */
export function hasCriticalFindings(sections: ReportSections): boolean {
  return criticalFindings(sections).length > 0
}

const NO_REPORT: ReportSections = {
  history: '',
  technique: '',
  comparison: '',
  findings: '',
  impression: '',
}

/**
 * The answer of POST /orders/{id}/report/check: the issues of `sections` when given (the
 * editor's text, saved or not), else of the order's saved report (five empty sections if none).
 */
export function checkOrderReport(order: Order, sections?: ReportSections): CheckReportAnswer {
  const study: QaStudy = {
    modality: order.modality,
    body_part: order.body_part,
    study_description: order.study_description,
    sex: order.patient.sex,
  }
  return { issues: checkReport(study, sections ?? order.report?.sections ?? NO_REPORT) }
}
