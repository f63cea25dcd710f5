/**
 * RV-14: a trainee's 'Send for review' is asked first, in an alert dialog (its focus kept inside,
 * first on 'Cancel'), since the report is then theirs no longer until it is returned.
 */
import { ConfirmDialog } from '../../../components/ui'

export const SEND_TITLE = 'Send this report for review?'
export const SEND_LABEL = 'Send for review'

export function SendForReviewDialog({
  open,
  sending,
  onCancel,
  onConfirm,
}: {
  open: boolean
  sending: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <ConfirmDialog
      open={open}
      title={SEND_TITLE}
      question="An attending reviews it and signs it, or returns it to you with a comment. You cannot edit it meanwhile."
      confirmLabel={SEND_LABEL}
      confirming={sending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  )
}
