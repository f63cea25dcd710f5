/**
 * 'Clear All Studies' (CL-1, CL-2, CL-4, CLM-11). The button asks first, in an in-app alert
 * dialog, saying under the spec's question that signed reports are kept; Cancel leaves everything
 * as it was, Continue starts the clear-all saga. The dialog stays open while it runs, with
 * 'Clearing 12 of 105…' and a progress bar, because leaving the page half cleared without saying
 * so would be worse than a short wait. A run that cleared everything closes the dialog and says
 * so next to the button. One that left studies to the colleagues reading them says how many in
 * the dialog, with 'Close'; a partial failure names the studies that kept their conversation (the
 * first few accession numbers and how many more) and offers 'Retry' for those, never for the ones
 * left to a colleague. RL-17: offered only to whom GET /me says may clear (with more than one
 * account, admins); a backend without /me offers it as the spec does.
 */
import { Button, Dialog, Portal, Progress, Stack, Text } from '@chakra-ui/react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import {
  clearAllCancelled,
  clearAllConfirmed,
  clearAllDismissed,
  clearAllRequested,
  clearAllRetried,
  selectClearAll,
  type ClearAllFailure,
} from '../ordersSlice'
import { selectSessionAccess } from '../../../services/api/teachingApi'

export const CLEAR_ALL_QUESTION =
  'This will clear ALL conversations (messages, reports, and reset status for all orders). Continue?'

/** CL-4: the line under the question; the spec's question itself stays as it is. */
export const CLEAR_ALL_KEEPS_SIGNED = 'Signed reports are kept.'

const studies = (count: number) => (count === 1 ? '1 study' : `${String(count)} studies`)

/** CLM-11: a run that left studies to the colleagues reading them says how many. */
export function describeSkipped(cleared: number, skipped: number): string {
  const were = skipped === 1 ? 'was' : 'were'
  return `Cleared ${studies(cleared)}. ${studies(skipped)} being read by a colleague ${were} skipped.`
}

/** Accession numbers named in a failure message before it says 'and N more'. */
export const FAILURES_NAMED = 5

export function describeFailures(failed: readonly ClearAllFailure[]): string {
  const named = failed.slice(0, FAILURES_NAMED).map((failure) => failure.accession)
  const rest = failed.length - named.length
  const studies =
    failed.length === 1 ? 'This study was' : `These ${String(failed.length)} studies were`
  const list = rest > 0 ? `${named.join(', ')} and ${String(rest)} more` : named.join(', ')
  return `${studies} not cleared: ${list}.`
}

export function ClearAllStudies() {
  const dispatch = useAppDispatch()
  const { status, done, total, failed, skipped, listFailed } = useAppSelector(selectClearAll)
  const failedSome = failed.length > 0 || listFailed
  // A run that left something behind says so in the dialog, to be closed (or retried) by hand.
  const finishedWithNotes = status === 'done' && (failedSome || skipped > 0)
  const skippedText = skipped > 0 ? describeSkipped(done - failed.length - skipped, skipped) : ''
  const open = status === 'confirming' || status === 'running' || finishedWithNotes
  // Until /me answers it is offered, as by a backend without /me (the spec's journey).
  const offered = useAppSelector((state) => selectSessionAccess(state).clear_all)

  const close = () => {
    if (status === 'confirming') dispatch(clearAllCancelled())
    else if (status === 'done') dispatch(clearAllDismissed())
  }

  // A run under way stays on screen whatever /me says meanwhile.
  if (!offered && status === 'idle') return null
  return (
    <Stack gap="1">
      <Button
        variant="outline"
        colorPalette="red"
        size="sm"
        width="100%"
        disabled={status === 'running'}
        onClick={() => dispatch(clearAllRequested())}
      >
        Clear All Studies
      </Button>
      <Text role="status" fontSize="xs" color="fg.muted" textAlign="center">
        {status === 'done' && !finishedWithNotes ? 'All conversations were cleared.' : ''}
      </Text>

      <Dialog.Root
        role="alertdialog"
        open={open}
        onOpenChange={(details) => {
          if (!details.open) close()
        }}
        closeOnInteractOutside={false}
        closeOnEscape={status !== 'running'}
        placement="center"
        size="sm"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Clear All Studies</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {status === 'confirming' && (
                  <Dialog.Description asChild>
                    <Stack gap="2">
                      <Text>{CLEAR_ALL_QUESTION}</Text>
                      <Text>{CLEAR_ALL_KEEPS_SIGNED}</Text>
                    </Stack>
                  </Dialog.Description>
                )}
                {status === 'running' && (
                  <Stack gap="3">
                    <Dialog.Description>{`Clearing ${String(done)} of ${String(total)}…`}</Dialog.Description>
                    <Progress.Root
                      value={done}
                      max={Math.max(total, 1)}
                      size="sm"
                      colorPalette="brand"
                      aria-label="Clearing studies"
                    >
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  </Stack>
                )}
                {finishedWithNotes && (
                  <Dialog.Description asChild>
                    <Stack gap="2">
                      {failedSome && (
                        <Text color="red.200">
                          {listFailed
                            ? 'The list of studies could not be loaded, so nothing was cleared.'
                            : describeFailures(failed)}
                        </Text>
                      )}
                      {skippedText && <Text>{skippedText}</Text>}
                    </Stack>
                  </Dialog.Description>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                {status === 'confirming' && (
                  <>
                    <Button variant="outline" onClick={() => dispatch(clearAllCancelled())}>
                      Cancel
                    </Button>
                    <Button colorPalette="red" onClick={() => dispatch(clearAllConfirmed())}>
                      Continue
                    </Button>
                  </>
                )}
                {finishedWithNotes && (
                  <Button variant="outline" onClick={() => dispatch(clearAllDismissed())}>
                    Close
                  </Button>
                )}
                {status === 'done' && failedSome && (
                  <Button colorPalette="brand" onClick={() => dispatch(clearAllRetried())}>
                    Retry
                  </Button>
                )}
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  )
}
