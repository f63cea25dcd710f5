/** Where dictation writes in the report's texts, and how its words read there (VC). */
import { describe, expect, it } from 'vitest'
import {
  dictationStart,
  nextFieldFrom,
  previousFieldFrom,
  sectionEnd,
  serializeReport,
  undoDictated,
  writeDictated,
  writeParagraph,
} from '../../../../../src/features/report'
import { buildSections } from '../../../../support/msw/data'

const text = (sections: Parameters<typeof buildSections>[0], impression = '') =>
  serializeReport(buildSections({ ...sections, impression }))

describe('dictated text in the report', () => {
  it('VC-1 dictation starts at the end of FINDINGS, or at the end of the Report text without that heading', () => {
    const report = text({ findings: 'Lungs clear.  \n', comparison: 'None.' })
    const start = dictationStart(report)
    expect(report.report.slice(0, start.start)).toMatch(/FINDINGS:\nLungs clear\.$/)
    expect(start).toMatchObject({ area: 'report' })
    expect(start.start).toBe(start.end)

    const free = { report: 'Some free text', impression: '' }
    expect(dictationStart(free)).toEqual({ area: 'report', start: 14, end: 14 })
  })

  it('VC-6 each section ends after its last word; the impression at the end of its area', () => {
    const report = text({ history: 'Cough.', comparison: '', findings: 'Clear.' }, 'Normal. \n')
    const history = sectionEnd(report, 'history')
    expect(report.report.slice(0, history?.start)).toBe('HISTORY:\nCough.')
    const comparison = sectionEnd(report, 'comparison')
    expect(report.report.slice(0, comparison?.start).endsWith('COMPARISON:\n')).toBe(true)
    expect(sectionEnd(report, 'impression')).toEqual({ area: 'impression', start: 7, end: 7 })
    expect(sectionEnd({ report: 'free text', impression: '' }, 'comparison')).toBeNull()
  })

  it('VC-11 words are spaced as typed, with a capital at the start of a section or a sentence and none inside one', () => {
    const empty = text({})
    const first = writeDictated(empty, dictationStart(empty), 'small effusion.')
    expect(first.text.report.endsWith('FINDINGS:\nSmall effusion.')).toBe(true)
    const second = writeDictated(first.text, first.point, 'heart normal')
    expect(second.text.report.endsWith('FINDINGS:\nSmall effusion. Heart normal')).toBe(true)
    const third = writeDictated(second.text, second.point, 'And stable.')
    expect(third.text.report.endsWith('Small effusion. Heart normal and stable.')).toBe(true)
    // 'go to' asks for a capital whatever comes before.
    const forced = writeDictated(third.text, third.point, 'mild', { capital: true })
    expect(forced.text.report.endsWith('and stable. Mild')).toBe(true)
  })

  it('VC-2 the next and previous fields are found from the point, across both areas; the words replace a field', () => {
    const report = { report: 'FINDINGS:\nHeart [size]. Lungs [lungs].', impression: '[impression]' }
    const size = nextFieldFrom(report, { area: 'report', start: 0, end: 0 })
    expect(size).toEqual({ area: 'report', start: 16, end: 22 })
    const lungs = size && nextFieldFrom(report, size)
    expect(lungs && report.report.slice(lungs.start, lungs.end)).toBe('[lungs]')
    const impression = lungs && nextFieldFrom(report, lungs)
    expect(impression).toEqual({ area: 'impression', start: 0, end: 12 })
    expect(impression && nextFieldFrom(report, impression)).toBeNull()
    expect(impression && previousFieldFrom(report, impression)).toEqual(lungs)

    const written = size && writeDictated(report, size, 'Enlarged.')
    expect(written?.text.report).toBe('FINDINGS:\nHeart enlarged. Lungs [lungs].')
  })

  it('VC-3 VC-4 a paragraph is a blank line, and each write is taken back exactly', () => {
    const start = { report: 'FINDINGS:\nClear.', impression: '' }
    const paragraph = writeParagraph(start, { area: 'report', start: 16, end: 16 })
    expect(paragraph.text.report).toBe('FINDINGS:\nClear.\n\n')
    const words = writeDictated(paragraph.text, paragraph.point, 'no effusion')
    expect(words.text.report).toBe('FINDINGS:\nClear.\n\nNo effusion')
    const undone = undoDictated(words.text, words.edit)
    expect(undone).toEqual({ text: paragraph.text, point: paragraph.point })
    expect(undone && undoDictated(undone.text, paragraph.edit)?.text).toEqual(start)
  })
})
