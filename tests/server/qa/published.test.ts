/**
 * QA-25: the held-out corpus (./published/): at least 100 cases written after published
 * laterality, sex and anatomy errors, each citing its source, about half of them correct reports,
 * kept apart from the tuned table; and the rules' precision and recall on it stay at or above the
 * floors below. The floors are the figures measured when the corpus was written (docs/qa.md),
 * less about one case per rule: a guard against regressions, not a target the rules were tuned to.
 */
import { describe, expect, it } from 'vitest'
import type { QaIssueCode } from '../../../contract'
import { measure, QA_CASES } from './cases/all'
import { PUBLISHED_CASES } from './published'

/** Measured: laterality 0.972 / 0.897, sex 1.000 / 0.929, body_part 1.000 / 0.833, all 0.983 / 0.892. */
const FLOORS: Partial<Record<QaIssueCode | 'overall', { precision: number; recall: number }>> = {
  laterality: { precision: 0.94, recall: 0.85 },
  sex: { precision: 0.92, recall: 0.85 },
  body_part: { precision: 0.9, recall: 0.75 },
  overall: { precision: 0.95, recall: 0.85 },
}

describe('the held-out published corpus', () => {
  it('QA-25 holds at least 100 cases, each with a source naming a publication or a public page', () => {
    expect(PUBLISHED_CASES.length).toBeGreaterThanOrEqual(100)
    expect(new Set(PUBLISHED_CASES.map((c) => c.id)).size).toBe(PUBLISHED_CASES.length)
    for (const c of PUBLISHED_CASES) {
      expect(c.source.trim(), c.id).not.toBe('')
      // A journal citation carries its year; a public page its address.
      expect(c.source, c.id).toMatch(/\b(19|20)\d\d\b|https:\/\//)
    }
  })

  it('QA-25 is about half correct reports, covers laterality, sex and anatomy, and shares no case with the tuned table', () => {
    const clean = PUBLISHED_CASES.filter((c) => !c.expected).length
    expect(clean / PUBLISHED_CASES.length).toBeGreaterThanOrEqual(0.4)
    expect(clean / PUBLISHED_CASES.length).toBeLessThanOrEqual(0.6)
    for (const rule of ['laterality', 'sex', 'body_part'] as const) {
      const mine = PUBLISHED_CASES.filter((c) => c.rule === rule)
      expect(mine.filter((c) => c.expected).length, rule).toBeGreaterThanOrEqual(10)
      expect(mine.filter((c) => !c.expected).length, rule).toBeGreaterThanOrEqual(10)
    }
    const key = (c: { study: unknown; sections: unknown }) => JSON.stringify([c.study, c.sections])
    const tuned = new Set(QA_CASES.map(key))
    expect(PUBLISHED_CASES.filter((c) => tuned.has(key(c))).map((c) => c.id)).toEqual([])
  })

  it('QA-25 precision and recall on the held-out corpus stay at or above their floors', () => {
    const { rules, overall } = measure(PUBLISHED_CASES)
    for (const [rule, floor] of Object.entries(FLOORS)) {
      const m = rule === 'overall' ? overall : rules[rule as QaIssueCode]
      expect(m.precision, `${rule} precision`).toBeGreaterThanOrEqual(floor.precision)
      expect(m.recall, `${rule} recall`).toBeGreaterThanOrEqual(floor.recall)
    }
  })
})
