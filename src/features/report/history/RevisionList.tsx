/**
 * RH-1, RH-2: the revisions in the 'Report history' dialog (ReportHistory.tsx), newest first, each
 * with its author, time, cause, the sections it changed and a word-level difference from the
 * revision before. Loaded when the dialog is first opened (or fetched ahead when idle).
 */
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useId } from 'react'
import type { ReportRevision, ReportSections } from '../../../services/api/model'
import { isApiError } from '../../../services/api/baseApi'
import { useListReportRevisionsQuery } from '../../../services/api/reportApi'
import { formatClockTime } from '../../../shared/clockTime'
import { EMPTY_SECTIONS } from '../editor/reconcile'
import { SECTION_LABELS, sectionNames } from '../editor/sectionText'
import { SignedOver } from '../editor/ReportNotices'
import { Diff } from './Diff'

export const NO_HISTORY_ON_THIS_SERVER =
  'This server keeps no report history: only the saved report is shown.'

const CAUSE_LABELS: Readonly<Record<string, string>> = {
  save: 'Saved',
  assistant: 'Assistant update',
  finalize: 'Signed',
  addendum: 'Addendum',
  undo: 'Undo of an assistant change',
  restore: 'Restored an earlier version',
}

function authorOf(revision: ReportRevision): string {
  return revision.author.kind === 'assistant' ? 'AI Assistant' : revision.author.name || 'Clinician'
}

function RevisionItem({
  revision,
  before,
  canRestore,
  onRestore,
}: {
  revision: ReportRevision
  before: ReportSections
  canRestore: boolean
  onRestore: () => void
}) {
  const titleId = useId()
  const time = revision.created_at ? formatClockTime(revision.created_at) : ''
  const changed = revision.sections_changed
  return (
    <Box
      as="li"
      aria-labelledby={titleId}
      borderLeftWidth="2px"
      borderColor={revision.author.kind === 'assistant' ? 'purple.500' : 'border.emphasized'}
      pl="3"
      py="1.5"
    >
      <HStack justify="space-between" align="start" gap="3">
        <Stack gap="0.5" minW="0">
          <Text id={titleId} fontSize="sm" fontWeight="semibold">
            {[authorOf(revision), CAUSE_LABELS[revision.cause] ?? revision.cause, time]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Text fontSize="xs" color="fg.subtle">
            {changed.length > 0 ? `Changed: ${sectionNames(changed)}` : 'No section changed'}
          </Text>
          {revision.qa_override && <SignedOver override={revision.qa_override} />}
        </Stack>
        {canRestore && (
          <Button size="xs" variant="outline" onClick={onRestore}>
            Restore
          </Button>
        )}
      </HStack>
      {changed.map((key) => (
        <Box key={key} mt="1.5">
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
            {SECTION_LABELS[key]}
          </Text>
          <Diff before={before[key]} after={revision.sections[key]} />
        </Box>
      ))}
    </Box>
  )
}

export function RevisionList({
  orderId,
  isFinal,
  onRestore,
}: {
  orderId: string
  isFinal: boolean
  onRestore: (revision: ReportRevision) => void
}) {
  const {
    data: revisions,
    isLoading,
    isError,
    error,
    refetch,
  } = useListReportRevisionsQuery(orderId)
  if (isLoading) return <Text color="fg.muted">Loading the history…</Text>
  // RH-3: a backend that keeps no history (the product spec has no such route) answers 404.
  if (isError && isApiError(error) && error.status === 404)
    return <Text color="fg.muted">{NO_HISTORY_ON_THIS_SERVER}</Text>
  if (isError || !revisions) {
    return (
      <HStack>
        <Text color="fg.muted">The report's history could not be loaded.</Text>
        <Button size="xs" variant="outline" onClick={() => void refetch()}>
          Retry
        </Button>
      </HStack>
    )
  }
  if (revisions.length === 0) return <Text color="fg.muted">Nothing has been saved yet.</Text>
  return (
    <Stack as="ol" gap="3" listStyleType="none" m="0" p="0">
      {revisions.map((revision, index) => (
        <RevisionItem
          key={revision.id}
          revision={revision}
          before={revisions[index + 1]?.sections ?? EMPTY_SECTIONS}
          canRestore={!isFinal && index > 0}
          onRestore={() => {
            onRestore(revision)
          }}
        />
      ))}
    </Stack>
  )
}
