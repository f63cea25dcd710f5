/**
 * RP-3: finalizing cannot be undone, so it is asked in an in-app alert dialog whose focus starts on
 * 'Cancel', the harmless answer. Escape and a click outside cancel too. Signing an addendum asks
 * the same way.
 */
import { ConfirmDialog } from '../../components/ui'

export const FINALIZE_QUESTION =
  'Are you sure you want to finalize this report? This action cannot be undone.'

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
