/**
 * A dialog that shows a panel of its own (a list to choose from, a form, a history): the title,
 * the body, a close button; Escape and a click outside close it. `trigger`, when given, is the
 * element that opens it.
 */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface PanelDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  trigger?: ReactNode
  size?: 'sm' | 'md' | 'lg'
  /** Where the focus goes as it closes (the element that opened it, unless this names one). */
  finalFocusEl?: () => HTMLElement | null
  children: ReactNode
}

export function PanelDialog({
  open,
  onOpenChange,
  title,
  trigger,
  size = 'md',
  finalFocusEl,
  children,
}: PanelDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        onOpenChange(details.open)
      }}
      size={size}
      scrollBehavior="inside"
      placement="center"
      {...(finalFocusEl ? { finalFocusEl } : {})}
    >
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.muted" borderWidth="1px" borderColor="border.emphasized">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
