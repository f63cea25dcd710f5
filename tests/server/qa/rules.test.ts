/**
 * QA-1..QA-8: each pre-sign rule on the case table (./cases/): positive, negated and borderline
 * sentences. A case the engine is known to get wrong is pinned as wrong (so the table's truth
 * stays honest and a fix shows up here); scripts/bench-qa.ts prints the precision and recall the
 * same table gives.
 */
import { describe, expect, it } from 'vitest'
import { checkReportAnswerSchema, QA_ISSUE_CODES, type QaIssueCode } from '../../../contract'
import { checkReport } from '../../../server/qa'
import { measure, QA_CASES, score } from './cases/all'

const RULE_IDS: Record<QaIssueCode, string> = {
  laterality: 'QA-1',
  sex: 'QA-2',
  body_part: 'QA-3',
  empty_section: 'QA-4',
  unfilled_field: 'QA-5',
  repeated_words: 'QA-6',
  units: 'QA-7',
  critical: 'QA-8',
}

describe('the pre-sign rules on the case table', () => {
  it('QA-1 QA-8 the table holds at least 200 cases, each rule with cases that should and should not fire', () => {
    expect(QA_CASES.length).toBeGreaterThanOrEqual(200)
    expect(new Set(QA_CASES.map((c) => c.id)).size).toBe(QA_CASES.length)
    for (const rule of QA_ISSUE_CODES) {
      const mine = QA_CASES.filter((c) => c.rule === rule)
      expect(mine.filter((c) => c.expected).length, rule).toBeGreaterThanOrEqual(5)
      expect(mine.filter((c) => !c.expected).length, rule).toBeGreaterThanOrEqual(4)
      expect(
        mine.some((c) => c.kind === 'borderline'),
        rule,
      ).toBe(true)
    }
  })

  for (const c of QA_CASES) {
    const what = c.expected ? `reports ${c.severity ?? 'an issue'}` : 'reports nothing'
    const text = Object.entries(c.sections)
      .filter(([key, value]) => value !== '' && value.length < 120 && key !== 'history')
      .map(([, value]) => value)
      .join(' | ')
    const name = `${RULE_IDS[c.rule]} ${c.id} (${c.kind}) ${what}${c.known ? ` [known ${c.known}]` : ''}: ${text.slice(0, 100)}`
    it(name, () => {
      const { outcome, issues } = score(c)
      if (c.known === undefined) {
        expect(outcome, JSON.stringify(issues)).toBe(c.expected ? 'TP' : 'TN')
      } else {
        expect(outcome, JSON.stringify(issues)).toBe(c.known === 'missed' ? 'FN' : 'FP')
      }
      // Every issue names its section, a message and an excerpt of the text it is about.
      for (const issue of issues) {
        const sectionText = c.sections[issue.section]
        expect(issue.message.length).toBeGreaterThan(0)
        expect(issue.message.length).toBeLessThanOrEqual(120)
        expect(sectionText.replace(/\s+/g, ' ')).toContain(issue.excerpt.replace(/…/g, '').trim())
      }
    })
  }

  it('QA-1 QA-8 every rule reaches precision 0.9 and recall 0.85 on the table', () => {
    const { overall, rules } = measure()
    for (const [rule, m] of Object.entries(rules)) {
      expect(m.precision, rule).toBeGreaterThanOrEqual(0.9)
      expect(m.recall, rule).toBeGreaterThanOrEqual(0.85)
    }
    expect(overall.tp + overall.fp + overall.fn + overall.tn).toBe(QA_CASES.length)
  })

  it('QA-1..QA-8 the answer has the contract shape, blocking issues first', () => {
    const issues = checkReport(
      { modality: 'XR', body_part: 'knee', study_description: 'XR Knee Left', sex: 'female' },
      {
        history: '',
        technique: 'Three views.',
        comparison: 'None.',
        findings: 'Right knee effusion. The the lungs are clear. Small pneumothorax.',
        impression: '[Impression]',
      },
    )
    expect(checkReportAnswerSchema.parse({ issues }).issues).toEqual(issues)
    const severities = issues.map((issue) => issue.severity)
    expect(severities).toEqual(
      [...severities].sort((a, b) => (a === b ? 0 : a === 'block' ? -1 : 1)),
    )
    expect(new Set(issues.map((issue) => issue.code))).toEqual(
      new Set([
        'critical',
        'laterality',
        'body_part',
        'empty_section',
        'unfilled_field',
        'repeated_words',
      ]),
    )
  })
})
