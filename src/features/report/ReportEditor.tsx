/**
 * The report editor of one study (RP-1..6), for the right half of the workspace.
 *
 * What is on screen is the clinician's draft when there is one, else the server's report. Every
 * keystroke goes to the report slice; the report saga saves after a pause, mirrors unsaved text
 * into session storage and restores it after a reload, so the save state shown here ('Saved',
 * 'Saving…', 'Not saved') is always the truth about what the server holds.
 */
import {
  Alert,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'
import { useEffect, useMemo, type KeyboardEvent } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import type { Order, Report } from '../../../contract'
import { useGetOrderQuery } from '../../services/api/ordersApi'
import { ConflictPanel } from './ConflictPanel'
import { FinalizeDialog } from './FinalizeDialog'
import { formatSaveTime } from './formatSaveTime'
import { draftSections, EMPTY_SECTIONS, isDraftDirty, type ReportDraft } from './reconcile'
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
  selectReportDraft,
  serverReportOf,
  textEdited,
  type FinalizeState,
} from './reportSlice'
import { parseReport, serializeReport, type ReportText } from './sectionText'

export const FINALIZED_NOTICE = 'This report has been finalized and cannot be edited.'

export interface ReportEditorProps {
  orderId: string
}

const CONFLICT_STATUS = 409

function SaveStatus({ draft, report }: { draft: ReportDraft | undefined; report: Report | null }) {
  let label: string | null
  let at: string | null = null
  let note: string | null = null
  if (draft?.conflict) label = 'Not saved'
  else if (draft?.save === 'saving') label = 'Saving…'
  else if (draft?.save === 'waiting') {
    label = 'Saving…'
    note = 'after the assistant’s reply'
  } else if (draft && isDraftDirty(draft)) {
    label = 'Not saved'
    if (draft.restored) note = 'recovered after a reload'
  } else {
    const savedAt = draft ? draft.base.updatedAt : (report?.updated_at ?? null)
    label = savedAt ? 'Saved' : null
    at = savedAt
  }
  const unsaved = label === 'Not saved'
  return (
    <HStack role="status" gap="1.5" fontSize="sm" minH="5" aria-live="polite">
      {label && (
        <>
          <Box
            aria-hidden="true"
            boxSize="2"
            borderRadius="full"
            bg={unsaved ? 'orange.400' : label === 'Saved' ? 'green.400' : 'fg.subtle'}
          />
          <Text color={unsaved ? 'orange.200' : 'fg.muted'}>{label}</Text>
          {at && <Text color="fg.subtle">{formatSaveTime(at)}</Text>}
          {note && <Text color="fg.subtle">{note}</Text>}
        </>
      )}
    </HStack>
  )
}

function SaveError({ draft, onRetry }: { draft: ReportDraft; onRetry: () => void }) {
  const error = draft.saveError
  // While a conflict waits for a choice, saving is on hold: a past failure has nothing to retry.
  if (draft.save !== 'failed' || !error || draft.finalizedElsewhere || draft.conflict) return null
  if (error.status === CONFLICT_STATUS) {
    return (
      <Alert.Root status="error" variant="subtle">
        <Alert.Indicator />
        <Alert.Title>
          The server refused the change: this report has been finalized elsewhere.
        </Alert.Title>
      </Alert.Root>
    )
  }
  return (
    <Alert.Root status="error" variant="subtle" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your changes are not saved yet.</Alert.Title>
        <Alert.Description>
          They are kept in this tab. The server answered: {error.message}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </Alert.Root>
  )
}

function FinalizeError({ finalize }: { finalize: FinalizeState }) {
  if (finalize.status !== 'failed' || !finalize.error) return null
  return (
    <Alert.Root status="error" variant="subtle">
      <Alert.Indicator />
      <Alert.Title>{finalize.error.message}</Alert.Title>
    </Alert.Root>
  )
}

function FinalizedElsewhere({ draft, onDiscard }: { draft: ReportDraft; onDiscard: () => void }) {
  const unsaved = `${draft.report}\n\nIMPRESSION:\n${draft.impression}`
  return (
    <Stack gap="2">
      <Alert.Root status="warning" variant="subtle">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This report was finalized before your changes could be saved.</Alert.Title>
          <Alert.Description>
            Your text is kept below so you can copy it; it is not part of the report.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Field.Root>
        <Field.Label>Your unsaved text</Field.Label>
        <Textarea readOnly value={unsaved} rows={6} fontFamily="mono" fontSize="sm" />
      </Field.Root>
      <Box>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          Discard my unsaved text
        </Button>
      </Box>
    </Stack>
  )
}

function ReportForm({ order }: { order: Order }) {
  const orderId = order.id
  const dispatch = useAppDispatch()
  const draft = useAppSelector((state) => selectReportDraft(state, orderId))
  const finalize = useAppSelector((state) => selectFinalizeState(state, orderId))
  const serverReport = order.report
  const isFinal = serverReport?.is_final ?? false

  useEffect(() => {
    dispatch(editorOpened({ orderId }))
  }, [dispatch, orderId])

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
    dispatch(textEdited({ orderId, ...next }))
  }
  const save = (trigger: 'manual' | 'retry') => {
    dispatch(saveRequested({ orderId, trigger }))
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
    <Stack gap="3" h="full" minH="0">
      {isFinal && (
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{FINALIZED_NOTICE}</Alert.Title>
            {serverReport?.finalized_at && (
              <Alert.Description>
                Finalized at {formatSaveTime(serverReport.finalized_at)}.
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
      {draft?.finalizedElsewhere && (
        <FinalizedElsewhere draft={draft} onDiscard={() => dispatch(draftDiscarded({ orderId }))} />
      )}
      {conflict && draft && (
        <ConflictPanel
          conflict={conflict}
          mine={draftSections(draft)}
          onChoose={(section, choice) =>
            dispatch(conflictSectionChosen({ orderId, section, choice }))
          }
        />
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

      <Field.Root flex="1" minH="16rem" display="flex" flexDirection="column">
        <Field.Label>Report</Field.Label>
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
        <Field.Label>Impression</Field.Label>
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

      <Flex align="center" gap="3" wrap="wrap">
        <SaveStatus draft={ownText ? draft : undefined} report={serverReport} />
        {finalizing && (
          <Text fontSize="sm" color="fg.muted">
            Finalizing…
          </Text>
        )}
        <Box flex="1" />
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

      <FinalizeDialog
        open={finalize.status === 'confirming'}
        onCancel={() => dispatch(finalizeCancelled({ orderId }))}
        onConfirm={() => dispatch(finalizeConfirmed({ orderId }))}
      />
    </Stack>
  )
}

function EditorSkeleton() {
  return (
    <Stack gap="3" h="full" aria-busy="true" aria-label="Loading the study">
      <Skeleton height="4" width="5rem" />
      <Skeleton flex="1" minH="16rem" />
      <Skeleton height="4" width="6rem" />
      <Skeleton height="7rem" />
    </Stack>
  )
}

export function ReportEditor({ orderId }: ReportEditorProps) {
  const { data: order, isError, error, refetch, isFetching } = useGetOrderQuery(orderId)
  const current = order?.id === orderId ? order : undefined

  return (
    <Flex direction="column" h="full" minH="0" gap="3" p="4">
      <Box>
        <Heading as="h2" size="md">
          Report
        </Heading>
        {current && (
          <Text fontSize="sm" color="fg.muted" truncate>
            {current.study_description} · {current.accession_number}
          </Text>
        )}
      </Box>
      {current ? (
        <ReportForm key={orderId} order={current} />
      ) : isError ? (
        <Alert.Root status="error" variant="subtle" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The report could not be loaded.</Alert.Title>
            {error.message && <Alert.Description>{error.message}</Alert.Description>}
          </Alert.Content>
          <Button size="sm" variant="outline" disabled={isFetching} onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert.Root>
      ) : (
        <EditorSkeleton />
      )}
    </Flex>
  )
}
