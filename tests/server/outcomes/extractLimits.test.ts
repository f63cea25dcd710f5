/**
 * FU-7 and FU-8: what the finder answers always fits the contract (one report's limits, the
 * window's reach, the sentence's length, no duplicates), whatever the text, and it is pure: the
 * same report and day give the same answer, whatever the clock says.
 */
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { FOLLOW_UP_LIMITS, followUpProposalSchema } from '../../../contract'
import { findFollowUps } from '../../../server/outcomes/extract'
import { addDays } from '../../../server/outcomes/extract/dates'

const SIGNED = '2026-03-02'

describe("the finder's limits", () => {
  it('FU-7 answers one item for the same exam in the same window, however often it is said', () => {
    const items = findFollowUps(
      {
        findings: 'Recommend CT chest in 3 months.',
        impression: 'Recommend CT chest in 3 months. Follow-up chest CT in three months.',
      },
      SIGNED,
    )
    expect(items).toHaveLength(1)
    expect(items[0]?.text).toBe('Recommend CT chest in 3 months.')
  })

  it('FU-7 answers at most FOLLOW_UP_LIMITS.perReport items, the first in reading order', () => {
    const impression = Array.from(
      { length: 14 },
      (_, n) => `Recommend CT chest in ${String(n + 1)} months.`,
    ).join(' ')
    const items = findFollowUps({ findings: '', impression }, SIGNED)
    expect(items).toHaveLength(FOLLOW_UP_LIMITS.perReport)
    expect(items[0]?.text).toBe('Recommend CT chest in 1 months.')
  })

  it('FU-7 ends no window beyond maxDaysAhead and keeps the sentence within textChars', () => {
    const [far] = findFollowUps({ findings: '', impression: 'CT chest in 30 years.' }, SIGNED)
    expect(far?.due_to).toBe(addDays(SIGNED, FOLLOW_UP_LIMITS.maxDaysAhead))
    expect(far && far.due_from <= far.due_to).toBe(true)
    const long = `Recommend CT chest in 3 months ${'and again '.repeat(200)}.`
    const [item] = findFollowUps({ findings: '', impression: long }, SIGNED)
    expect(item?.text.length).toBe(FOLLOW_UP_LIMITS.textChars)
  })
})

/** Report-like words, so that the rules fire as often as random text lets them. */
const pieces = fc.constantFrom(
  'Recommend',
  'follow-up',
  'CT',
  'MRI',
  'US',
  'ultrasound',
  'chest',
  'thyroid',
  'adrenal',
  'no',
  'not',
  'needed',
  'if',
  'clinically indicated',
  'in',
  'at',
  'within',
  '3',
  '6-12',
  'three',
  'months',
  'weeks',
  'years',
  'annual',
  'ago',
  'then',
  'or',
  'and',
  'nodule',
  '.',
  ',',
  ';',
  '\n',
  '99999999',
  '0',
  '–',
)
const reportText = fc.oneof(
  fc.array(pieces, { maxLength: 60 }).map((words) => words.join(' ')),
  fc.string({ maxLength: 200 }),
)

describe('the finder on any text', () => {
  it('FU-8 never throws and answers items of the contract, each window from the day of signing on', () => {
    fc.assert(
      fc.property(reportText, reportText, (findings, impression) => {
        const items = findFollowUps({ findings, impression }, SIGNED)
        expect(items.length).toBeLessThanOrEqual(FOLLOW_UP_LIMITS.perReport)
        for (const item of items) {
          expect(followUpProposalSchema.safeParse(item).success).toBe(true)
          expect(item.due_from >= SIGNED).toBe(true)
          expect(item.due_from <= item.due_to).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('FU-8 is pure: the same report and day give the same answer whatever the clock says', () => {
    const sections = {
      findings: 'Indeterminate 1.6 cm adrenal nodule.',
      impression: 'Recommend adrenal protocol CT in 12 months. Recommend CT chest in 3 months.',
    }
    const before = findFollowUps(sections, SIGNED)
    vi.useFakeTimers({ now: new Date('2031-07-15T23:59:00Z') })
    try {
      expect(findFollowUps(sections, SIGNED)).toEqual(before)
    } finally {
      vi.useRealTimers()
    }
  })
})
