/**
 * RP-1: the Report text and the report's sections convert into each other without loss, for every
 * possible section text; free text a clinician typed is read the way the module documents.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseReport, serializeReport } from '../../../../../src/features/report/editor/sectionText'
import type { ReportSections } from '../../../../../contract'

const HEADING_WORDS = ['HISTORY', 'TECHNIQUE', 'COMPARISON', 'FINDINGS', 'IMPRESSION']

/** Lines built to look like headings: any case, spaces or tabs around, backslashes in front. */
const headingLikeLine = fc
  .tuple(
    fc.constantFrom('', ' ', '\t', '\\', '\\\\', ' \\'),
    fc.constantFrom(...HEADING_WORDS),
    fc.constantFrom('upper', 'lower', 'mixed'),
    fc.constantFrom('', ' ', '\t '),
    fc.constantFrom(':', ': ', ':x', ' :  text', ''),
  )
  .map(([prefix, word, letterCase, gap, rest]) => {
    const cased =
      letterCase === 'upper'
        ? word
        : letterCase === 'lower'
          ? word.toLowerCase()
          : word.charAt(0) + word.slice(1).toLowerCase()
    return `${prefix}${cased}${gap}${rest}`
  })

const ordinaryLine = fc.string({
  unit: fc.constantFrom('a', 'Z', ' ', '\t', ':', '\\', '\r', 'é', '😀', '.'),
  maxLength: 12,
})

/** Section text: lines of both kinds, so empty lines, leading and trailing breaks all occur. */
const sectionText = fc.oneof(
  fc
    .array(fc.oneof(headingLikeLine, ordinaryLine), { maxLength: 6 })
    .map((lines) => lines.join('\n')),
  fc.string(),
  fc.constant(''),
  fc.constant('\n'),
  fc.constant('  padded  '),
)

const sections: fc.Arbitrary<ReportSections> = fc.record({
  history: sectionText,
  technique: sectionText,
  comparison: sectionText,
  findings: sectionText,
  impression: sectionText,
})

const empty: ReportSections = {
  history: '',
  technique: '',
  comparison: '',
  findings: '',
  impression: '',
}

describe('the Report text format', () => {
  it('RP-1 parse(serialize(sections)) gives back every section exactly', () => {
    fc.assert(
      fc.property(sections, (original) => {
        const { report, impression } = serializeReport(original)
        expect(parseReport(report, impression)).toEqual(original)
      }),
      { numRuns: 2000 },
    )
  })

  it('RP-1 serializing the parsed text of a report written by the editor changes nothing', () => {
    fc.assert(
      fc.property(sections, (original) => {
        const text = serializeReport(original)
        const again = serializeReport(parseReport(text.report, text.impression))
        expect(again).toEqual(text)
      }),
    )
  })

  it('RP-1 the Report text shows the four headings in order, each followed by its section', () => {
    const text = serializeReport({
      history: 'Chronic cough.',
      technique: 'CT chest with contrast.',
      comparison: 'None.',
      findings: 'Lungs clear.\nNo effusion.',
      impression: 'No acute disease.',
    })

    expect(text.report).toBe(
      'HISTORY:\nChronic cough.\n\nTECHNIQUE:\nCT chest with contrast.\n\nCOMPARISON:\nNone.\n\nFINDINGS:\nLungs clear.\nNo effusion.',
    )
    expect(text.impression).toBe('No acute disease.')
  })

  it('RP-1 a section line that reads like a heading is escaped with a backslash and restored', () => {
    const text = serializeReport({ ...empty, history: 'Findings: prior CT normal' })

    expect(text.report).toContain('HISTORY:\n\\Findings: prior CT normal\n')
    expect(parseReport(text.report, '')).toEqual({
      ...empty,
      history: 'Findings: prior CT normal',
    })
  })

  it('RP-1 a backslash typed in front of ordinary text is left alone', () => {
    const typed = 'FINDINGS:\n\\n is not a heading'
    expect(parseReport(typed, '').findings).toBe('\\n is not a heading')
  })
})

describe('reading free text a clinician typed', () => {
  it('RP-1 headings count in any letter case, and text after the colon starts the section', () => {
    const typed = 'History: cough for 3 weeks\nfindings:\nLungs clear.\nComparison : none'

    expect(parseReport(typed, 'Normal.')).toEqual({
      history: 'cough for 3 weeks',
      technique: '',
      comparison: 'none',
      findings: 'Lungs clear.',
      impression: 'Normal.',
    })
  })

  it('RP-1 text before the first heading belongs to the history', () => {
    expect(parseReport('Smoker, 40 pack-years.\nFINDINGS:\nNodule.', '')).toEqual({
      ...empty,
      history: 'Smoker, 40 pack-years.',
      findings: 'Nodule.',
    })
  })

  it('RP-1 text without any heading is kept whole, as the history', () => {
    expect(parseReport('Lungs clear.\n\nNo effusion.', '').history).toBe(
      'Lungs clear.\n\nNo effusion.',
    )
  })

  it('RP-1 blank lines before the first heading are layout, not history', () => {
    expect(parseReport('\n\n  \nHISTORY:\nCough', '').history).toBe('Cough')
  })

  it('RP-1 a heading typed twice keeps both texts, separated by a blank line', () => {
    const typed = 'FINDINGS:\nNodule.\nHISTORY:\nCough\nfindings: Effusion.'

    expect(parseReport(typed, '')).toMatchObject({
      history: 'Cough',
      findings: 'Nodule.\n\nEffusion.',
    })
  })

  it('RP-1 IMPRESSION typed in the Report text is ordinary text of the section above it', () => {
    const typed = 'FINDINGS:\nNodule.\nIMPRESSION: follow up'
    expect(parseReport(typed, 'Separate.')).toMatchObject({
      findings: 'Nodule.\nIMPRESSION: follow up',
      impression: 'Separate.',
    })
  })

  it('RP-1 a missing heading leaves its section empty and nothing typed is dropped', () => {
    const typed = 'HISTORY:\nCough\n\nFINDINGS:\nNodule.'
    expect(parseReport(typed, '')).toEqual({ ...empty, history: 'Cough', findings: 'Nodule.' })
  })
})
