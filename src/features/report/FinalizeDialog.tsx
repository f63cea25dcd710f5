/**
 * RP-3: finalizing cannot be undone, so it is asked in an in-app alert dialog whose focus starts on
 * 'Cancel', the harmless answer. Escape and a click outside cancel too. Signing an addendum asks
 * the same way.
 */
import { Button, Dialog, Portal } from '@chakra-ui/react'
import { useRef } from 'react'

export const FINALIZE_QUESTION =
  'Are you sure you want to finalize this report? This action cannot be undone.'

interface ConfirmDialogProps {
  open: boolean
  title: string
  question: string
  confirmLabel: string
  onCancel: () => void
  onConfirm: () => void
}

/** An irreversible step, asked first; 'Cancel' has the focus. */
export function ConfirmDialog({
  open,
  title,
  question,
  confirmLabel,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel()
      }}
      initialFocusEl={() => cancelRef.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.muted" borderWidth="1px" borderColor="border.emphasized">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description color="fg">{question}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button colorPalette="brand" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

interface FinalizeDialogProps {
  open: boolean
  onCancel: () => void
  onConfirm: () => void
}

export function FinalizeDialog({ open, onCancel, onConfirm }: FinalizeDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Finalize report"
      question={FINALIZE_QUESTION}
      confirmLabel="Finalize"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  )
}
