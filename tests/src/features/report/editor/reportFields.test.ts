/**
 * What templates and macros do to the report's text, as plain functions (issue 18): fields found
 * in both directions, the macro name just typed, and how a template meets the report's sections
 * and is undone.
 */
import { describe, expect, it } from 'vitest'
import {
  countFields,
  fieldAfter,
  fieldBefore,
  macroBefore,
  mergeTemplate,
  occupiedSections,
  undoInsertion,
} from '../../../../../src/features/report/editor/reportFields'
import { buildSections } from '../../../../support/msw/data'

const macro = (name: string, text = name.toUpperCase()) => ({ id: name, name, text })

describe('bracketed fields', () => {
  const text = 'A [one] b [two] c'
  it('TPL-5 the next field starts at or after the selection’s end; the previous ends at or before its start', () => {
    expect(fieldAfter(text, 0)).toEqual({ start: 2, end: 7 })
    expect(fieldAfter(text, 7)).toEqual({ start: 10, end: 15 })
    expect(fieldAfter(text, 11)).toBeNull()
    expect(fieldBefore(text, 10)).toEqual({ start: 2, end: 7 })
    expect(fieldBefore(text, 6)).toBeNull()
    expect(countFields(text, 'none', '[x]')).toBe(3)
  })
})

describe('a macro name before the cursor', () => {
  const macros = [macro('cxr'), macro('normal cxr'), macro('ab-1')]
  it('MAC-7 matches a whole word in any case, the longest name first, and never inside a word', () => {
    expect(macroBefore('Normal CXR', 10, macros)).toEqual({ macro: macros[1], start: 0 })
    expect(macroBefore('see cxr', 7, macros)).toEqual({ macro: macros[0], start: 4 })
    expect(macroBefore('line\nab-1', 9, macros)).toEqual({ macro: macros[2], start: 5 })
    expect(macroBefore('mycxr', 5, macros)).toBeNull()
    expect(macroBefore('cxr more', 8, macros)).toBeNull()
    expect(macroBefore('cxr more', 3, macros)).toEqual({ macro: macros[0], start: 0 })
  })
})

describe('a template meeting the report', () => {
  const current = buildSections({ history: 'Cough.', findings: 'Mine.', impression: '' })
  const template = { technique: 'T.', findings: 'F.', impression: 'I.' }

  it('TPL-4 names the sections both fill, and fills empty ones whichever way sections with text are met', () => {
    expect(occupiedSections(current, template)).toEqual(['findings'])
    expect(mergeTemplate(current, template, 'append')).toEqual({
      ...current,
      technique: 'T.',
      findings: 'Mine.\n\nF.',
      impression: 'I.',
    })
    expect(mergeTemplate(current, template, 'replace')).toMatchObject({
      history: 'Cough.',
      findings: 'F.',
    })
  })

  it('TPL-5 undoing gives back the earlier text only where the insertion’s text is still there', () => {
    const inserted = mergeTemplate(current, template, 'replace')
    const typedSince = { ...inserted, impression: 'I. Typed since.' }
    expect(undoInsertion(typedSince, current, inserted)).toEqual({
      ...current,
      impression: 'I. Typed since.',
    })
  })
})
