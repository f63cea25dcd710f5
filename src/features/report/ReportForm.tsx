/**
 * The report of one loaded order, as the clinician edits it: the 'Report' and 'Impression' text
 * areas, the status line, Save and Finalize, and whatever stands in the way of editing (a final
 * report, a failed save, a conflict to resolve section by section).
 *
 * What is on screen is the clinician's draft when there is one, else the server's report. Every
 * keystroke goes to the report slice; the report saga saves after a pause. The parts only some
 * moments need (lazyParts.ts) load on first use and are fetched ahead when the browser is idle.
 */
import { Box, Button, Field, Flex, HStack, Stack, Text, Textarea } from '@chakra-ui/react'
import { Suspense, useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import type { Order } from '../../services/api/model'
import { Addenda, ConflictPanel, FinalizeDialog, prefetchReportParts } from './lazyParts'
import { draftSections, EMPTY_SECTIONS } from './reconcile'
import {
  conflictSectionChosen,
  draftDiscarded,
  editorOpened,
  editStarted,
  finalizeCancelled,
  finalizeConfirmed,
  finalizeRequested,
  saveRequested,
  selectFinalizeState,
  sectionsRestored,
  selectReportDraft,
  serverReportOf,
  textEdited,
} from './reportSlice'
import { AssistantChangeNotice, ChangedMark, useAssistantChange } from './AssistantChange'
import { ReportHistory } from './ReportHistory'
import type { RestoreCause } from './reconcile'
import type { ReportSections } from '../../services/api/model'
import { FinalizedElsewhere, FinalizedNotice, FinalizeError, SaveError } from './ReportNotices'
import { SaveStatus } from './SaveStatus'
import { parseReport, serializeReport, type ReportText } from './sectionText'
import { typedText } from '../../shared/typedText'

export function ReportForm({
  order,
  addendumMic,
  addendumDictating = false,
}: {
  order: Order
  addendumMic?: ReactNode
  addendumDictating?: boolean
}) {
  const orderId = order.id
  const dispatch = useAppDispatch()
  const draft = useAppSelector((state) => selectReportDraft(state, orderId))
  const finalize = useAppSelector((state) => selectFinalizeState(state, orderId))
  const serverReport = order.report
  const isFinal = serverReport?.is_final ?? false

  useEffect(() => {
    dispatch(editorOpened({ orderId }))
  }, [dispatch, orderId])
  useEffect(() => prefetchReportParts(), [])
  // The finalize question is mounted from its first asking on, so it can close as it opens.
  const [finalizeAsked, setFinalizeAsked] = useState(false)
  if (finalize.status === 'confirming' && !finalizeAsked) setFinalizeAsked(true)

  const serverText = useMemo(
    () => serializeReport(serverReport?.sections ?? EMPTY_SECTIONS),
    [serverReport],
  )
  const ownText = draft && !draft.finalizedElsewhere && !isFinal
  const text: ReportText = ownText ? draft : serverText
  const conflict = ownText ? draft.conflict : null
  const readOnly = isFinal || conflict !== null || draft?.finalizedElsewhere === true
  const sections = parseReport(text.report, text.impression)
  const empty = Object.values(sections).every((section) => section.trim() === '')
  const finalizing = finalize.status === 'running'
  const saving = draft?.save === 'saving' || draft?.save === 'waiting'

  const edit = (next: ReportText) => {
    if (!draft) dispatch(editStarted({ orderId, server: serverReportOf(serverReport) }))
    dispatch(
      textEdited({
        orderId,
        report: typedText(next.report),
        impression: typedText(next.impression),
      }),
    )
  }
  const save = (trigger: 'manual' | 'retry') => {
    dispatch(saveRequested({ orderId, trigger }))
  }
  const change = useAssistantChange(orderId, serverReport)
  /** UA-1, RH-2: earlier text comes back, saved at once as a revision of its own. */
  const restore = (sections: Partial<ReportSections>, cause: RestoreCause) => {
    dispatch(sectionsRestored({ orderId, sections, cause, server: serverReportOf(serverReport) }))
    dispatch(saveRequested({ orderId, trigger: 'manual' }))
  }
  const saveOnShortcut = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault()
      if (!readOnly) save('manual')
    }
  }
  /** What the Report and Impression areas share: the Ctrl+S shortcut and the reading look. */
  const textAreaProps = {
    onKeyDown: saveOnShortcut,
    fontFamily: 'mono',
    fontSize: 'sm',
    lineHeight: '1.6',
    spellCheck: true,
    bg: 'bg',
    color: readOnly ? 'fg.muted' : 'fg',
  } as const

  return (
    <Stack gap="3" h="full" minH="0" overflowY="auto">
      {isFinal && (
        <FinalizedNotice
          finalizedAt={serverReport?.finalized_at}
          signedBy={serverReport?.finalized_by?.name}
        />
      )}
      {draft?.finalizedElsewhere && (
        <FinalizedElsewhere draft={draft} onDiscard={() => dispatch(draftDiscarded({ orderId }))} />
      )}
      {conflict && draft && (
        <Suspense fallback={null}>
          <ConflictPanel
            conflict={conflict}
            mine={draftSections(draft)}
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

      <Field.Root flex="1" minH="16rem" display="flex" flexDirection="column">
        {/* The mark stays outside the label: the text area's name is 'Report' and only that. */}
        <HStack gap="0">
          <Field.Label>Report</Field.Label>
          {change && (
            <ChangedMark sections={change.sections.filter((key) => key !== 'impression')} />
          )}
        </HStack>
        <Textarea
          value={text.report}
          readOnly={readOnly}
          onChange={(event) => {
            edit({ report: event.target.value, impression: text.impression })
          }}
          {...textAreaProps}
          flex="1"
          resize="none"
        />
      </Field.Root>
      <Field.Root>
        <HStack gap="0">
          <Field.Label>Impression</Field.Label>
          {change?.sections.includes('impression') && <ChangedMark sections={['impression']} />}
        </HStack>
        <Textarea
          value={text.impression}
          readOnly={readOnly}
          onChange={(event) => {
            edit({ report: text.report, impression: event.target.value })
          }}
          {...textAreaProps}
          rows={5}
          resize="vertical"
        />
      </Field.Root>
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

      <Flex align="center" gap="3" wrap="wrap">
        <SaveStatus draft={ownText ? draft : undefined} report={serverReport} />
        {finalizing && (
          <Text fontSize="sm" color="fg.muted">
            Finalizing…
          </Text>
        )}
        <Box flex="1" />
        <ReportHistory
          orderId={orderId}
          isFinal={isFinal}
          onRestore={(sections) => {
            restore(sections, 'restore')
          }}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={readOnly || saving || finalizing}
          onClick={() => {
            save('manual')
          }}
        >
          Save
        </Button>
        <Button
          colorPalette="brand"
          size="sm"
          disabled={readOnly || empty || finalizing}
          onClick={() => dispatch(finalizeRequested({ orderId }))}
        >
          Finalize
        </Button>
      </Flex>

      {finalizeAsked && (
        <Suspense fallback={null}>
          <FinalizeDialog
            open={finalize.status === 'confirming'}
            onCancel={() => dispatch(finalizeCancelled({ orderId }))}
            onConfirm={() => dispatch(finalizeConfirmed({ orderId }))}
          />
        </Suspense>
      )}
    </Stack>
  )
}
