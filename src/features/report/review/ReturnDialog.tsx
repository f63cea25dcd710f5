/**
 * RV-19: 'Return to trainee' asks for a comment the trainee will read, and sends it (POST
 * /orders/{id}/report/return). A dialog, its focus kept inside (Chakra's focus trap) and first on
 * the comment; 'Return to trainee' waits for a comment. A refusal shows the server's words and
 * keeps the comment.
 */
import { Button, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { REVIEW_LIMITS, type Id } from '../../../../contract'
import { useReturnToTraineeMutation } from '../../../services/api/teachingApi'
import { refusalMessage } from './refusal'

export const RETURN_TITLE = 'Return to trainee'
export const COMMENT_LABEL = 'Comment for the trainee'

export function ReturnDialog({
  orderId,
  open,
  onClose,
}: {
  orderId: Id
  open: boolean
  onClose: () => void
}) {
  const [comment, setComment] = useState('')
  const [send, { isLoading, error, reset }] = useReturnToTraineeMutation()
  const commentRef = useRef<HTMLTextAreaElement>(null)
  // The comment is drawn after the dialog has opened and placed its focus: it takes it then.
  useEffect(() => {
    if (!open) return
    const timer = setTimeout(() => commentRef.current?.focus(), 0)
    return () => {
      clearTimeout(timer)
    }
  }, [open])
  const close = () => {
    reset()
    onClose()
  }
  const confirm = async () => {
    const answer = await send({ orderId, comment: comment.trim() })
    if (!('error' in answer)) {
      setComment('')
      close()
    }
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) close()
      }}
      initialFocusEl={() => commentRef.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.muted" borderWidth="1px" borderColor="border.emphasized">
            <Dialog.Header>
              <Dialog.Title>{RETURN_TITLE}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root required>
                <Field.Label>{COMMENT_LABEL}</Field.Label>
                <Textarea
                  ref={commentRef}
                  value={comment}
                  maxLength={REVIEW_LIMITS.commentChars}
                  rows={4}
                  onChange={(event) => {
                    setComment(event.target.value)
                  }}
                />
                <Field.HelperText>
                  The trainee sees it with the report, which they may edit again.
                </Field.HelperText>
              </Field.Root>
              {error && (
                <Text role="alert" fontSize="sm" color="fg.error" mt="2">
                  {refusalMessage(error)}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button
                colorPalette="brand"
                loading={isLoading}
                disabled={comment.trim() === ''}
                onClick={() => void confirm()}
              >
                {RETURN_TITLE}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
