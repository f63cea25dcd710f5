/**
 * QA-11 for the engine: whatever a clinician types (any text, in any section, of any study), the
 * checks answer issues of the contract's shape, each quoting its own section, and never throw.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { qaIssueSchema, REPORT_SECTION_KEYS, sexSchema } from '../../../contract'
import { checkReport } from '../../../server/qa'

/** Report-like words and marks, so that rules fire as often as random text lets them. */
const pieces = fc.constantFrom(
  'left',
  'right',
  'Rt',
  'L',
  'knee',
  'lung',
  'prostate',
  'uterus',
  'no',
  'not',
  'pneumothorax',
  'is absent',
  'the',
  '5',
  '0.01',
  'x',
  'mm',
  'cm',
  'm',
  'm/s',
  '[',
  ']',
  '.',
  ';',
  ',',
  '\n',
  ' ',
  '…',
  'é',
  '\t',
)
const text = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.array(pieces, { maxLength: 60 }).map((parts) => parts.join(' ')),
  fc.array(pieces, { maxLength: 60 }).map((parts) => parts.join('')),
)
const sections = fc.record(
  Object.fromEntries(REPORT_SECTION_KEYS.map((key) => [key, text])) as Record<
    (typeof REPORT_SECTION_KEYS)[number],
    typeof text
  >,
)
const study = fc.record({
  modality: fc.constantFrom('XR', 'CT', 'MR', 'US', ''),
  body_part: fc.oneof(fc.constantFrom('knee', 'chest', 'head', 'L-spine'), fc.string()),
  study_description: fc.oneof(fc.constantFrom('XR Knee Left', 'CT Chest', 'R hip'), fc.string()),
  sex: fc.constantFrom(...sexSchema.options),
})

describe('the checks on any text', () => {
  it('QA-11 never throw, and every issue has the contract shape and quotes its own section', () => {
    fc.assert(
      fc.property(study, sections, (s, report) => {
        for (const issue of checkReport(s, report)) {
          expect(qaIssueSchema.parse(issue)).toEqual(issue)
          const quoted = issue.excerpt.replace(/^…|…$/g, '')
          expect(report[issue.section]).toContain(quoted)
        }
      }),
      { numRuns: 500 },
    )
  })
})
