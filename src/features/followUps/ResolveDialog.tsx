/**
 * FU-34, FU-35: closing a follow-up by hand, in a dialog: a required 'Reason', then 'Mark
 * completed' or 'Decline follow-up' (or 'Cancel'). The server's refusal is shown: a 409 (a
 * colleague closed it first) closes the dialog, the page says so and the list is read again
 * (../../services/api/followUpsApi.ts); any other keeps the dialog open with the reason typed.
 */
import { Button, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { FOLLOW_UP_LIMITS } from '../../../contract/outcomesConstants'
import { isApiError } from '../../services/api/baseApi'
import { useResolveFollowUpMutation, type FollowUp } from '../../services/api/followUpsApi'
import { dueText, examText, patientText } from './followUpText'

export type Resolution = 'completed' | 'declined'

const WORDS: Record<Resolution, { title: string; confirm: string }> = {
  completed: { title: 'Complete the follow-up', confirm: 'Mark completed' },
  declined: { title: 'Decline the follow-up', confirm: 'Decline follow-up' },
}

/** The server's own words when its answer gives them, else the product's 'API Error: ...'. */
export function refusalText(error: unknown): string {
  if (isApiError(error)) {
    const body = error.conflict
    const message =
      typeof body === 'object' && body !== null && 'message' in body ? body.message : null
    return typeof message === 'string' && message.trim() !== '' ? message : error.message
  }
  return 'The follow-up could not be closed.'
}

export function ResolveDialog({
  item,
  resolution,
  onClose,
  onClosedElsewhere,
  fallbackFocus,
}: {
  item: FollowUp
  resolution: Resolution
  /** Where the focus goes as it closes when the button that opened it is gone (a closed row). */
  fallbackFocus: () => HTMLElement | null
  onClose: () => void
  /** FU-36: someone closed it first; the page shows the server's words. */
  onClosedElsewhere: (message: string) => void
}) {
  const [reason, setReason] = useState('')
  const [refusal, setRefusal] = useState<string | null>(null)
  const [resolve, sending] = useResolveFollowUpMutation()
  const words = WORDS[resolution]
  // The button that opened it: a row just closed has none, and the focus then goes to the table.
  const [opener] = useState(() => document.activeElement)

  const send = async () => {
    setRefusal(null)
    const result = await resolve({ id: item.id, status: resolution, reason: reason.trim() })
    if (result.error === undefined) onClose()
    else if (isApiError(result.error) && result.error.status === 409)
      onClosedElsewhere(refusalText(result.error))
    else setRefusal(refusalText(result.error))
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      placement="center"
      finalFocusEl={() =>
        opener instanceof HTMLElement && opener.isConnected ? opener : fallbackFocus()
      }
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.muted" borderWidth="1px" borderColor="border.emphasized">
            <Dialog.Header>
              <Dialog.Title>{words.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Dialog.Description color="fg">
                  {examText(item)} for {patientText(item)}, due {dueText(item)}.
                </Dialog.Description>
                <Field.Root required>
                  <Field.Label>Reason</Field.Label>
                  <Textarea
                    size="sm"
                    value={reason}
                    maxLength={FOLLOW_UP_LIMITS.reasonChars}
                    onChange={(event) => {
                      setReason(event.target.value)
                    }}
                  />
                </Field.Root>
                {refusal !== null && (
                  <Text role="alert" fontSize="sm" color="fg.error">
                    {refusal}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button
                colorPalette={resolution === 'declined' ? 'red' : 'brand'}
                disabled={reason.trim() === ''}
                loading={sending.isLoading}
                onClick={() => void send()}
              >
                {words.confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
