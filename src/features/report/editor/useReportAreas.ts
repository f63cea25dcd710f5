/**
 * The report's two text areas as templates and macros act on them (TPL-5, MAC-5, MAC-7): writing
 * text into them as an edit of the draft, Tab and Shift+Tab from one `[bracketed field]` to the
 * next (across both areas, then natively out of them), a macro's name followed by Tab replaced by
 * its text, and text put where the clinician's cursor last was.
 *
 * What an area shows is what the draft holds (SectionArea), so a write sets the element's value
 * first and then records the edit: the area then has nothing to rewrite and keeps the selection
 * made here.
 */
import { useRef, type FocusEvent, type KeyboardEvent } from 'react'
import { useAppDispatch } from '../../../app/hooks'
import type { Macro, Report, ReportSections } from '../../../services/api/model'
import { fieldAfter, fieldBefore, macroBefore, type Span } from './reportFields'
import { editStarted, serverReportOf, textEdited } from './reportSlice'
import { parseReport, serializeReport, type ReportText } from './sectionText'

type AreaName = keyof ReportText

export interface ReportAreas {
  refs: Record<AreaName, React.RefObject<HTMLTextAreaElement | null>>
  /** ED-5: a new report's starting text (startingText.ts); undefined once the server has text. */
  start: ReportSections | undefined
  /** The sections as the areas hold them now. */
  sections: () => ReportSections
  writeSections: (sections: ReportSections) => void
  /** Selects the first field of the report (Report area first): the area it is in, or null. */
  selectFirstField: () => HTMLTextAreaElement | null
  /** Puts `text` where the cursor last was (the end of the Report text when it never was). */
  insertAtCursor: (text: string) => void
  /** Where the cursor is (in a focused area) or last was; null when it never was in either. */
  cursor: () => ({ area: AreaName } & Span) | null
  onKeyDown: (area: AreaName, event: KeyboardEvent<HTMLTextAreaElement>) => void
  onBlur: (area: AreaName, event: FocusEvent<HTMLTextAreaElement>) => void
}

export function useReportAreas(
  orderId: string,
  serverReport: Report | null,
  macros: readonly Macro[],
  /** ED-5: the starting text of a new report, which a first write starts the draft from. */
  start?: ReportSections,
): ReportAreas {
  const dispatch = useAppDispatch()
  const refs = {
    report: useRef<HTMLTextAreaElement>(null),
    impression: useRef<HTMLTextAreaElement>(null),
  }
  const lastCursor = useRef<{ area: AreaName } & Span>(null)

  const text = (): ReportText => ({
    report: refs.report.current?.value ?? '',
    impression: refs.impression.current?.value ?? '',
  })

  const select = (area: AreaName, span: Span) => {
    const element = refs[area].current
    if (!element) return
    element.focus()
    element.setSelectionRange(span.start, span.end)
  }

  const write = (next: ReportText) => {
    for (const area of ['report', 'impression'] as const) {
      const element = refs[area].current
      if (element && element.value !== next[area]) element.value = next[area]
    }
    dispatch(editStarted({ orderId, server: serverReportOf(serverReport, start) }))
    dispatch(textEdited({ orderId, report: next.report, impression: next.impression }))
  }

  const replaceIn = (area: AreaName, span: Span, insert: string) => {
    const current = text()
    const value = current[area]
    write({ ...current, [area]: value.slice(0, span.start) + insert + value.slice(span.end) })
    const caret = span.start + insert.length
    select(area, { start: caret, end: caret })
  }

  const selectFirstField = () => {
    for (const area of ['report', 'impression'] as const) {
      const span = fieldAfter(text()[area], 0)
      if (span) {
        select(area, span)
        return refs[area].current
      }
    }
    return null
  }

  /** Tab: a macro's name before the cursor, else the next field, in this area or the next one. */
  const onKeyDown = (area: AreaName, event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Tab' || event.ctrlKey || event.altKey || event.metaKey) return
    const element = event.currentTarget
    const { selectionStart: start, selectionEnd: end, value } = element
    const backwards = event.shiftKey
    if (!backwards && start === end) {
      const typed = macroBefore(value, start, macros)
      if (typed) {
        event.preventDefault()
        replaceIn(area, { start: typed.start, end }, typed.macro.text)
        return
      }
    }
    const here = backwards ? fieldBefore(value, start) : fieldAfter(value, end)
    const other: AreaName | null =
      backwards && area === 'impression'
        ? 'report'
        : !backwards && area === 'report'
          ? 'impression'
          : null
    const otherText = other ? text()[other] : ''
    const there = here
      ? null
      : backwards
        ? fieldBefore(otherText, otherText.length)
        : fieldAfter(otherText, 0)
    if (here) {
      event.preventDefault()
      select(area, here)
    } else if (other && there) {
      event.preventDefault()
      select(other, there)
    }
  }

  return {
    refs,
    start,
    sections: () => {
      const { report, impression } = text()
      return parseReport(report, impression)
    },
    writeSections: (sections) => {
      write(serializeReport(sections))
    },
    selectFirstField,
    insertAtCursor: (insert) => {
      const at = lastCursor.current ?? {
        area: 'report' as const,
        start: text().report.length,
        end: text().report.length,
      }
      replaceIn(at.area, at, insert)
    },
    cursor: () => {
      for (const area of ['report', 'impression'] as const) {
        const element = refs[area].current
        if (element && element === element.ownerDocument.activeElement) {
          return { area, start: element.selectionStart, end: element.selectionEnd }
        }
      }
      return lastCursor.current
    },
    onKeyDown,
    onBlur: (area, event) => {
      const { selectionStart: start, selectionEnd: end } = event.currentTarget
      lastCursor.current = { area, start, end }
    },
  }
}
