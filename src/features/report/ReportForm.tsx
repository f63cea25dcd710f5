/**
 * The report of one loaded order, as the clinician edits it: the 'Report' and 'Impression' text
 * areas, the status line, Save and Finalize, and whatever stands in the way of editing (a final
 * report, a failed save, a conflict to resolve section by section).
 *
 * What is on screen is the clinician's draft when there is one, else the server's report. Every
 * keystroke goes to the report slice; the report saga saves after a pause. The text areas
 * (SectionArea) follow the text; the form follows only the draft's summary (draftSummary.ts), so
 * typing does not render it. The parts only some
 * moments need (lazyParts.ts) load on first use and are fetched ahead when the browser is idle.
 */
import { Stack, Text } from '@chakra-ui/react'
import {
  Suspense,
  useEffect,
  useMemo,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { shallowEqual } from 'react-redux'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import type { Order } from '../../services/api/model'
import { Addenda, ConflictPanel, FinalizeDialog, prefetchReportParts } from './lazyParts'
import { draftSections, EMPTY_SECTIONS } from './editor/reconcile'
import {
  conflictSectionChosen,
  draftDiscarded,
  editorOpened,
  finalizeCancelled,
  finalizeConfirmed,
  finalizeRequested,
  saveRequested,
  selectFinalizeState,
  sectionsRestored,
  selectReportDraft,
  serverReportOf,
} from './editor/reportSlice'
import { AssistantChangeNotice, ChangedMark, useAssistantChange } from './editor/AssistantChange'
import { selectDraftSummary, showsDraft } from './editor/draftSummary'
import type { RestoreCause } from './editor/reconcile'
import type { ReportSections } from '../../services/api/model'
import { FinalizedElsewhere, FinalizeError, SaveError } from './editor/ReportNotices'
import { Signature } from './signing/SignedCommunications'
import { ReportField } from './editor/ReportField'
import type { SectionAreaAttributes } from './editor/SectionArea'
import { useListMacrosQuery } from '../../services/api/libraryApi'
import { countFields } from './editor/reportFields'
import { DraftImpressionButton, ImpressionDraftPanel } from './editor/ImpressionDraft'
import { ReportActions } from './ReportActions'
import { ReportTools, type ReportDictation } from './library/ReportTools'
import { useImpressionDraft } from './editor/useImpressionDraft'
import { useReportAreas } from './editor/useReportAreas'
import { useReportHotkeys } from './editor/useReportHotkeys'
import { startingSections } from './editor/startingText'
import { ReviewParts, useReview } from './review/useReview'

const NO_MACROS: never[] = []

export function ReportForm({
  order,
  addendumMic,
  addendumDictating = false,
  dictation,
  readByOther = false,
}: {
  order: Order
  addendumMic?: ReactNode
  addendumDictating?: boolean
  dictation?: ReportDictation | undefined
  /** Another clinician reads the study: nothing is written; the draft stays as it is. */
  readByOther?: boolean
}) {
  const orderId = order.id
  const dispatch = useAppDispatch()
  // Not the text: the text areas follow it themselves (SectionArea), so typing renders them only.
  const draft = useAppSelector((state) => selectDraftSummary(state, orderId), shallowEqual)
  const finalize = useAppSelector((state) => selectFinalizeState(state, orderId))
  const serverReport = order.report
  const isFinal = serverReport?.is_final ?? false
  const dictationPoint = dictation?.point ?? null

  useEffect(() => {
    dispatch(editorOpened({ orderId }))
  }, [dispatch, orderId])
  useEffect(() => prefetchReportParts(), [])
  // The finalize question is mounted from its first asking on, so it can close as it opens.
  const [finalizeAsked, setFinalizeAsked] = useState(false)
  if (finalize.status === 'confirming' && !finalizeAsked) setFinalizeAsked(true)

  const serverBlank = useMemo(
    () =>
      Object.values(serverReport?.sections ?? EMPTY_SECTIONS).every(
        (section) => section.trim() === '',
      ),
    [serverReport],
  )
  const start = useMemo(() => startingSections(order), [order])
  const ownText = showsDraft(draft, isFinal)
  const conflict = ownText ? draft.conflict : null
  const review = useReview(order)
  const readOnly =
    isFinal ||
    conflict !== null ||
    draft?.finalizedElsewhere === true ||
    readByOther ||
    review.locked
  /** VC-13: the areas are dictation's while it writes them. */
  const areasReadOnly = readOnly || dictationPoint !== null
  const empty = ownText ? draft.blank : serverBlank
  // The draft's text for what shows it apart from the text areas; the form is read-only then, so
  // no keystroke renders it.
  const apart = useAppSelector((state) =>
    conflict !== null || draft?.finalizedElsewhere ? selectReportDraft(state, orderId) : undefined,
  )
  const finalizing = finalize.status === 'running'
  const saving = draft?.save === 'saving' || draft?.save === 'waiting'

  const save = (trigger: 'manual' | 'retry') => {
    dispatch(saveRequested({ orderId, trigger }))
  }
  const change = useAssistantChange(orderId, serverReport)
  /** UA-1, RH-2: earlier text comes back, saved at once as a revision of its own. */
  const restore = (sections: Partial<ReportSections>, cause: RestoreCause) => {
    const server = serverReportOf(serverReport, start)
    dispatch(sectionsRestored({ orderId, sections, cause, server }))
    dispatch(saveRequested({ orderId, trigger: 'manual' }))
  }
  const macros = useListMacrosQuery(undefined, { skip: isFinal }).data ?? NO_MACROS
  const areas = useReportAreas(orderId, serverReport, macros, start)
  const impressionDraft = useImpressionDraft(order, areas)
  // VC-1: by the text it writes; hidden when the report cannot be written, unless dictation is
  // writing it (its Stop).
  const mic =
    dictation && !isFinal && (!readOnly || dictation.point) ? dictation.mic(areas.cursor) : null
  /** TPL-6: how many bracketed fields stood in the way of the last Finalize (0: none). */
  const [unfilled, setUnfilled] = useState(0)
  /** TPL-5, MAC-7: Tab through the fields and after a macro's name (Ctrl+S: useReportHotkeys). */
  const keysOf = (area: 'report' | 'impression') => (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!readOnly && !dictationPoint) areas.onKeyDown(area, event)
  }
  const saveDisabled = readOnly || saving || finalizing
  const finalizeDisabled = readOnly || empty || finalizing
  const finalizeClicked = () => {
    // RV-13: a trainee's report goes for review instead (Ctrl+Shift+F too).
    if (review.sign === 'review') {
      review.request()
      return
    }
    const left = countFields(...Object.values(areas.sections()))
    setUnfilled(left)
    if (left > 0) areas.selectFirstField()
    else dispatch(finalizeRequested({ orderId }))
  }
  useReportHotkeys({
    save: saveDisabled
      ? null
      : () => {
          save('manual')
        },
    finalize: finalizeDisabled || review.sign === 'none' ? null : finalizeClicked,
    impression: areas.refs.impression,
  })
  const areaProps = (area: 'report' | 'impression'): SectionAreaAttributes => ({
    orderId,
    field: area,
    serverReport,
    ref: areas.refs[area],
    'data-dictation-target': 'report',
    // Which of the two F4 dictates into (src/app/HotkeyListener.tsx).
    'data-report-area': area,
    dictationSpan: dictationPoint?.area === area ? dictationPoint : null,
    start,
    onBlur: (event: FocusEvent<HTMLTextAreaElement>) => {
      areas.onBlur(area, event)
    },
  })
  return (
    <Stack gap="3" h="full" minH="0" overflowY="auto">
      {isFinal && serverReport && <Signature orderId={orderId} report={serverReport} />}
      <ReviewParts review={review} />
      {apart?.finalizedElsewhere && (
        <FinalizedElsewhere draft={apart} onDiscard={() => dispatch(draftDiscarded({ orderId }))} />
      )}
      {conflict && apart && (
        <Suspense fallback={null}>
          <ConflictPanel
            conflict={conflict}
            mine={draftSections(apart)}
            onChoose={(section, choice) =>
              dispatch(conflictSectionChosen({ orderId, section, choice }))
            }
          />
        </Suspense>
      )}
      {draft && (
        <SaveError
          draft={draft}
          onRetry={() => {
            save('retry')
          }}
        />
      )}
      <FinalizeError finalize={finalize} />
      {change && !readOnly && (
        <AssistantChangeNotice
          change={change}
          busy={saving || draft?.cause === 'undo'}
          onUndo={() => {
            restore(change.before, 'undo')
          }}
        />
      )}

      {!isFinal && <ReportTools order={order} readOnly={readOnly} areas={areas} macros={macros} />}
      <ReportField
        label="Report"
        mark={
          change && <ChangedMark sections={change.sections.filter((key) => key !== 'impression')} />
        }
        aside={mic}
        grow
        readOnly={areasReadOnly}
        dimmed={readOnly}
        onKeyDown={keysOf('report')}
        area={areaProps('report')}
      />
      {!isFinal && <ImpressionDraftPanel flow={impressionDraft} readOnly={readOnly} />}
      <ReportField
        label="Impression"
        mark={change?.sections.includes('impression') && <ChangedMark sections={['impression']} />}
        aside={!isFinal && <DraftImpressionButton flow={impressionDraft} readOnly={readOnly} />}
        grow={false}
        readOnly={areasReadOnly}
        dimmed={readOnly}
        onKeyDown={keysOf('impression')}
        area={areaProps('impression')}
      />
      {isFinal && serverReport && (
        <Suspense fallback={null}>
          <Addenda
            orderId={orderId}
            addenda={serverReport.addenda}
            micButton={addendumMic}
            dictating={addendumDictating}
          />
        </Suspense>
      )}

      <ReportActions
        draft={ownText ? draft : undefined}
        report={serverReport}
        finalizing={finalizing}
        orderId={orderId}
        isFinal={isFinal}
        saveDisabled={saveDisabled}
        finalizeDisabled={finalizeDisabled}
        sign={review.sign}
        onSave={() => {
          save('manual')
        }}
        onFinalize={finalizeClicked}
        onRestore={(sections) => {
          restore(sections, 'restore')
        }}
      />
      {unfilled > 0 && !isFinal && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {unfilled === 1 ? '1 bracketed field is' : `${String(unfilled)} bracketed fields are`}{' '}
          still to fill: the report cannot be signed yet. Tab moves from one to the next.
        </Text>
      )}

      {finalizeAsked && (
        <Suspense fallback={null}>
          <FinalizeDialog
            open={finalize.status === 'confirming'}
            orderId={orderId}
            onCancel={() => dispatch(finalizeCancelled({ orderId }))}
            onConfirm={(qaOverride) =>
              dispatch(finalizeConfirmed(qaOverride ? { orderId, qaOverride } : { orderId }))
            }
          />
        </Suspense>
      )}
    </Stack>
  )
}
