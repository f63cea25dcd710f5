/**
 * The editor's status line: whether the server holds what is on screen ('Saved' with its time,
 * 'Saving…', 'Not saved'), announced politely to screen readers as it changes.
 */
import { Box, HStack, Text } from '@chakra-ui/react'
import { isContentVersion, type Report } from '../../../services/api/model'
import type { DraftSummary } from './draftSummary'
import { formatClockTime } from '../../../shared/clockTime'

export function SaveStatus({
  draft,
  report,
}: {
  draft: DraftSummary | undefined
  report: Report | null
}) {
  let label: string | null
  let at: string | null = null
  let note: string | null = null
  if (draft?.conflict) label = 'Not saved'
  else if (draft?.save === 'saving') label = 'Saving…'
  else if (draft?.save === 'waiting') {
    label = 'Saving…'
    note = 'after the assistant’s reply'
  } else if (draft?.dirty) {
    label = 'Not saved'
    if (draft.restored) note = 'recovered after a reload'
  } else {
    const savedAt = draft ? draft.basedOn : (report?.version ?? null)
    label = savedAt ? 'Saved' : null
    // A version the SPA made from the content carries no time.
    at = savedAt && !isContentVersion(savedAt) ? savedAt : null
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
          {at && <Text color="fg.subtle">{formatClockTime(at)}</Text>}
          {note && <Text color="fg.subtle">{note}</Text>}
        </>
      )}
    </HStack>
  )
}
