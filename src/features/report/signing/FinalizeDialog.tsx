/**
 * RP-3: finalizing cannot be undone, so it is asked in an in-app alert dialog. Escape and a click
 * outside cancel. SG-3: the focus is on 'Finalize' once the check finds nothing in the way, so
 * Ctrl+Shift+F then Enter signs; where the clinician must act when something is
 * (./useFinalizeFocus.ts). Signing an addendum asks the same way, its focus on 'Cancel'.
 *
 * Under the question, the pre-sign check of the text about to be signed (QA-16..QA-21):
 * blocking issues first, then warnings, each with its message and the words it is about. A block
 * is signed over only with 'Override' and a reason, which go with the signature; a critical
 * finding only once its communication is recorded (./CriticalResultForm). A check that could
 * not run says so and stops nothing.
 *
 * Beneath, the follow-up recommendations found (FU-25..FU-29, ./FollowUpChoices.tsx): the checked
 * ones go with the signature; a checked one not filled in keeps Finalize disabled.
 */
import { Field, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { CheckboxField, ConfirmDialog } from '../../../components/ui'
import { useAppSelector } from '../../../app/hooks'
import { QA_ISSUE_CODES, type Id, type QaIssueCode, type QaOverride } from '../../../../contract'
import { CriticalResultForm } from './CriticalResultForm'
import { FollowUpChoices } from './FollowUpChoices'
import { followUpsIncomplete } from './followUpProblems'
import { PreSignIssues } from './PreSignIssues'
import { useFinalizeFocus, type FinalizeFocus } from './useFinalizeFocus'
import {
  hasUnfilledBlock,
  needsCommunication,
  overridableCodes,
  selectPreSignCheck,
  type PreSignCheck,
} from './signingSlice'

export const FINALIZE_QUESTION =
  'Are you sure you want to finalize this report? This action cannot be undone.'

interface FinalizeDialogProps {
  open: boolean
  orderId: Id
  onCancel: () => void
  onConfirm: (qaOverride?: QaOverride) => void
}

export function FinalizeDialog({ open, orderId, onCancel, onConfirm }: FinalizeDialogProps) {
  const check = useAppSelector((state) => selectPreSignCheck(state, orderId))
  const [overriding, setOverriding] = useState(false)
  const [reason, setReason] = useState('')
  // Each check starts without an override: a reason belongs to the issues it was written for.
  if (check?.status === 'checking' && (overriding || reason !== '')) {
    setOverriding(false)
    setReason('')
  }
  const codes = overridableCodes(check)
  const overridden = codes.length === 0 || (overriding && reason.trim() !== '')
  const blocked =
    check?.status === 'checking' ||
    !overridden ||
    needsCommunication(check) ||
    hasUnfilledBlock(check) ||
    followUpsIncomplete(check)
  const { refs, initialFocusEl } = useFinalizeFocus(open, focusOf(check, blocked, overridden))

  return (
    <ConfirmDialog
      open={open}
      title="Finalize report"
      question={FINALIZE_QUESTION}
      confirmLabel="Finalize"
      confirmDisabled={blocked}
      initialFocusEl={initialFocusEl}
      confirmRef={refs.confirm}
      cancelRef={refs.cancel}
      onCancel={onCancel}
      onConfirm={() => {
        // Codes of the check, as the contract names them (a backend's other codes are not sent).
        const sent = codes.filter(isContractCode)
        onConfirm(
          sent.length > 0 && overriding ? { reason: reason.trim(), codes: sent } : undefined,
        )
      }}
    >
      <Stack gap="3" mt="3">
        <PreSignIssues check={check} checkingRef={refs.checking} />
        {codes.length > 0 && (
          <Stack gap="2">
            <CheckboxField
              label="Override"
              checked={overriding}
              onChange={setOverriding}
              inputRef={refs.override}
            />
            {overriding && (
              <Field.Root required>
                <Field.Label>Override reason</Field.Label>
                <Textarea
                  size="sm"
                  value={reason}
                  maxLength={1000}
                  onChange={(event) => {
                    setReason(event.target.value)
                  }}
                />
                <Field.HelperText>
                  Kept with the signed report. Or cancel and change the report.
                </Field.HelperText>
              </Field.Root>
            )}
          </Stack>
        )}
        {check && (needsCommunication(check) || check.communications.length > 0) && (
          <CriticalResultForm
            orderId={orderId}
            communications={check.communications}
            required={needsCommunication(check)}
            firstFieldRef={refs.recipient}
          />
        )}
        {check?.status === 'checked' && check.followUps && (
          <FollowUpChoices orderId={orderId} items={check.followUps} />
        )}
        {followUpsIncomplete(check) && (
          <Text fontSize="sm" color="fg.error">
            Fill in each checked follow-up (modality, body part, due dates in order), or uncheck it.
          </Text>
        )}
        {hasUnfilledBlock(check) && (
          <Text fontSize="sm" color="fg.error">
            Fill in the bracketed fields first: a report holding one cannot be signed.
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  )
}

/** SG-3: where the focus belongs (./useFinalizeFocus.ts). */
function focusOf(
  check: PreSignCheck | undefined,
  blocked: boolean,
  overridden: boolean,
): FinalizeFocus {
  if (check?.status === 'checking') return 'checking'
  if (!blocked) return 'confirm'
  if (!overridden) return 'override'
  if (needsCommunication(check)) return 'recipient'
  return 'cancel'
}

function isContractCode(code: string): code is QaIssueCode {
  return (QA_ISSUE_CODES as readonly string[]).includes(code)
}
