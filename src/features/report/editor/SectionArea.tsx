/**
 * A text area of the report editor ('Report' or 'Impression'): the one part of the form that
 * follows the text, so a keystroke renders a plain <textarea> (both areas, since an edit carries
 * both texts) and nothing else. ReportForm styles it with Chakra's Textarea through `asChild`,
 * which hands it the class name without rendering again at each keystroke, and follows only the
 * draft's summary (draftSummary.ts). The area takes its id and attributes from the Field around
 * it itself, as Chakra's own Textarea would (`asChild` renders this component instead of it), so
 * the field's label names it.
 *
 * What it shows is the clinician's draft when there is one, else the server's report; typing
 * starts a draft from the server's report (`editStarted`) and records the text (`textEdited`).
 */
import { mergeRefs, useFieldContext } from '@chakra-ui/react'
import { useLayoutEffect, useMemo, useReducer, useRef, type ComponentProps } from 'react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import type { Report, ReportSections } from '../../../services/api/model'
import { typedText } from '../../../shared/typedText'
import { showsDraft } from './draftSummary'
import { EMPTY_SECTIONS } from './reconcile'
import { editStarted, selectReportDraft, serverReportOf, textEdited } from './reportSlice'
import { serializeReport, type ReportText } from './sectionText'

export interface SectionAreaProps extends Omit<ComponentProps<'textarea'>, 'value' | 'onChange'> {
  orderId: string
  field: keyof ReportText
  /** The order's report on the server (null: none yet). */
  serverReport: Report | null
  /**
   * Where dictation writes next in this area (VC-1): the area shows it as its selection, and a
   * `[field]` chosen by voice (a span, not a caret) takes the focus so that it shows.
   */
  dictationSpan?: { start: number; end: number } | null
  /** ED-5: what a new report starts with, shown in place of the server's empty one. */
  start?: ReportSections | undefined
}

/** With the `data-` attributes the page finds an area by (dictation's target, F4's area). */
export type SectionAreaAttributes = SectionAreaProps & { [attribute: `data-${string}`]: string }

export function SectionArea({
  orderId,
  field,
  serverReport,
  dictationSpan = null,
  start,
  ref,
  ...areaProps
}: SectionAreaProps) {
  const dispatch = useAppDispatch()
  const fieldControl = useFieldContext()
  const draft = useAppSelector((state) => selectReportDraft(state, orderId))
  const serverText = useMemo(
    () => serializeReport(start ?? serverReport?.sections ?? EMPTY_SECTIONS),
    [serverReport, start],
  )
  const text: ReportText = showsDraft(draft, serverReport?.is_final ?? false) ? draft : serverText
  const shown = text[field]
  const area = useRef<HTMLTextAreaElement>(null)
  // Chakra's `asChild` hands the element's ref down as a prop; this area needs the element too.
  const setArea = useMemo(() => mergeRefs(area, ref), [ref])
  const [, typed] = useReducer((count: number) => count + 1, 0)
  // What the store holds is what the area shows, but not through React's `value`: a controlled
  // text area also rewrites its default value (its text node) at every change, and the browser
  // then lays the whole report out once more per keystroke. So the text is written here when the
  // area differs from it after a render: on mount, dictation, a restore, a replayed action log,
  // typed text cleaned up (typedText) or an edit the slice refused (each keystroke renders).
  useLayoutEffect(() => {
    const element = area.current
    if (element && element.value !== shown) element.value = shown
    if (!element || !dictationSpan) return
    const { start, end } = dictationSpan
    if (element.selectionStart === start && element.selectionEnd === end) return
    if (start !== end && element !== element.ownerDocument.activeElement) element.focus()
    element.setSelectionRange(start, end)
  })

  return (
    <textarea
      {...fieldControl.getTextareaProps()}
      {...areaProps}
      ref={setArea}
      onChange={(event) => {
        typed()
        const next = {
          report: text.report,
          impression: text.impression,
          [field]: event.target.value,
        }
        if (!draft) dispatch(editStarted({ orderId, server: serverReportOf(serverReport, start) }))
        dispatch(
          textEdited({
            orderId,
            report: typedText(next.report),
            impression: typedText(next.impression),
          }),
        )
      }}
    />
  )
}
