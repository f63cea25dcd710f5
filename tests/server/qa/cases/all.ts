/** Every case of the table, and how a case is scored (the tests and scripts/bench-qa.ts agree). */
import { QA_ISSUE_CODES, type QaIssue, type QaIssueCode } from '../../../../contract'
import { checkReport } from '../../../../server/qa'
import { criticalCases } from './critical'
import { bodyPartCases, sexCases } from './anatomy'
import { emptySectionCases, repeatedWordsCases, unfilledFieldCases, unitsCases } from './form'
import { lateralityCases } from './laterality'
import type { QaCase } from './table'

export type { QaCase } from './table'

export const QA_CASES: readonly QaCase[] = [
  ...lateralityCases,
  ...sexCases,
  ...bodyPartCases,
  ...emptySectionCases,
  ...unfilledFieldCases,
  ...repeatedWordsCases,
  ...unitsCases,
  ...criticalCases,
]

export interface Scored {
  /** The issues of the case's rule. */
  issues: QaIssue[]
  /** The rule fired and should have, with the expected severity. */
  outcome: 'TP' | 'FP' | 'FN' | 'TN'
}

/**
 * A case's outcome for its own rule. Firing with the wrong severity counts as a miss (FN): a
 * warning where a block was due lets a wrong report be signed.
 */
export function score(c: QaCase): Scored {
  const issues = checkReport(c.study, c.sections).filter((issue) => issue.code === c.rule)
  const fired = issues.length > 0
  if (!c.expected) return { issues, outcome: fired ? 'FP' : 'TN' }
  const rightSeverity = !c.severity || issues.some((issue) => issue.severity === c.severity)
  return { issues, outcome: fired && rightSeverity ? 'TP' : 'FN' }
}

export interface RuleMetrics {
  cases: number
  tp: number
  fp: number
  fn: number
  tn: number
  /** TP / (TP + FP); 1 when nothing fired. */
  precision: number
  /** TP / (TP + FN); 1 when nothing was expected. */
  recall: number
}

function metricsOf(outcomes: readonly Scored['outcome'][]): RuleMetrics {
  const count = (o: Scored['outcome']) => outcomes.filter((x) => x === o).length
  const [tp, fp, fn, tn] = [count('TP'), count('FP'), count('FN'), count('TN')]
  return {
    cases: outcomes.length,
    tp,
    fp,
    fn,
    tn,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
  }
}

/** Per rule and overall (every case pooled), over `cases`. */
export function measure(cases: readonly QaCase[] = QA_CASES): {
  rules: Record<QaIssueCode, RuleMetrics>
  overall: RuleMetrics
} {
  const outcomes = cases.map((c) => ({ rule: c.rule, outcome: score(c).outcome }))
  const rules = Object.fromEntries(
    QA_ISSUE_CODES.map((rule) => [
      rule,
      metricsOf(outcomes.filter((o) => o.rule === rule).map((o) => o.outcome)),
    ]),
  ) as Record<QaIssueCode, RuleMetrics>
  return { rules, overall: metricsOf(outcomes.map((o) => o.outcome)) }
}
