/**
 * A step that is asked first, in an in-app alert dialog whose focus starts on the harmless answer
 * ('Cancel' unless named otherwise), or where the caller says (the Finalize dialog, SG-3). Escape
 * and a click outside answer it too.
 */
import { Button, Dialog, Portal } from '@chakra-ui/react'
import { useRef, type ReactNode, type RefObject } from 'react'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  question: ReactNode
  confirmLabel: string
  /** The harmless answer; 'Cancel' by default. */
  cancelLabel?: string
  /** The confirmation is on its way: the button shows it and takes no second press. */
  confirming?: boolean
  /** Something still stands in the way of confirming (the body says what). */
  confirmDisabled?: boolean
  /** More than the question: what the answer depends on. */
  children?: ReactNode
  /** Where the focus starts; the harmless answer when this gives nothing. */
  initialFocusEl?: () => HTMLElement | null
  /** The two answers' buttons, for a caller that moves the focus to them later. */
  confirmRef?: RefObject<HTMLButtonElement | null>
  cancelRef?: RefObject<HTMLButtonElement | null>
  onCancel: () => void
  onConfirm: () => void
}

export function ConfirmDialog({
  open,
  title,
  question,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirming = false,
  confirmDisabled = false,
  children,
  initialFocusEl,
  confirmRef,
  cancelRef: givenCancelRef,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const ownCancelRef = useRef<HTMLButtonElement>(null)
  const cancelRef = givenCancelRef ?? ownCancelRef
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel()
      }}
      initialFocusEl={() => initialFocusEl?.() ?? cancelRef.current}
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
              {children}
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onCancel}>
                {cancelLabel}
              </Button>
              <Button
                ref={confirmRef}
                colorPalette="brand"
                loading={confirming}
                disabled={confirmDisabled}
                onClick={onConfirm}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
