/**
 * The report editor of one study (RP-1..6), for the right half of the workspace: its heading, and
 * the report form once the order is loaded (a skeleton before, a retry after a failed load).
 *
 * The report saga saves after a pause, mirrors unsaved text into session storage and restores it
 * after a reload, so the save state the form shows ('Saved', 'Saving…', 'Not saved') is always
 * the truth about what the server holds.
 */
import { Alert, Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useGetOrderQuery } from '../../services/api/ordersApi'
import { Priors } from './priors/Priors'
import { ReportForm } from './ReportForm'
import type { ReportDictation } from './library/ReportTools'

export interface ReportEditorProps {
  orderId: string
  /** The microphone of a signed report's addendum box (AD-2), when the app has dictation. */
  addendumMic?: ReactNode
  /** Dictation is writing the addendum box. */
  addendumDictating?: boolean
  /** Dictation into the report: its microphone and where it writes next (VC-1). */
  dictation?: ReportDictation
  /**
   * Another clinician reads the study (CLM-7, CLM-8): the form is read-only, the clinician's draft
   * is kept as it is, and `readOnlyNotice` (the app's) says why.
   */
  readOnly?: boolean
  readOnlyNotice?: ReactNode
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

export function ReportEditor({
  orderId,
  addendumMic,
  addendumDictating,
  dictation,
  readOnly = false,
  readOnlyNotice,
}: ReportEditorProps) {
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
      {readOnlyNotice}
      {current && <Priors order={current} readOnly={readOnly} />}
      {current ? (
        <ReportForm
          key={orderId}
          order={current}
          addendumMic={addendumMic}
          addendumDictating={addendumDictating ?? false}
          dictation={dictation}
          readByOther={readOnly}
        />
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
