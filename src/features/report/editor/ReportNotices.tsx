/**
 * What the editor says above the text when the report cannot simply be edited and saved: it is
 * final, a save or a finalize failed, or it became final elsewhere before the clinician's edits
 * were saved (RP-5; their text is then kept apart, to copy).
 */
import { Alert, Box, Button, Field, Stack, Text, Textarea } from '@chakra-ui/react'
import type { QaSignedOver } from '../../../services/api/model'
import { AWAITING_REVIEW } from '../../../services/api/teachingApi'
import { formatClockTime } from '../../../shared/clockTime'
import type { ReportDraft } from './reconcile'
import type { FinalizeState } from './reportSlice'
import { joinReportText } from './sectionText'

export const FINALIZED_NOTICE = 'This report has been finalized and cannot be edited.'

const CONFLICT_STATUS = 409

/**
 * Who signed the report and when, as far as the backend says; a trainee's report co-signed by an
 * attending names both (RV-19: 'Preliminary by TRAINEE; signed by ATTENDING').
 */
export function signatureLine(
  signer: string | null,
  at: string | null,
  trainee: string | null = null,
): string | null {
  const time = at ? formatClockTime(at) : ''
  if (signer && trainee) {
    const both = `Preliminary by ${trainee}; signed by ${signer}`
    return time ? `${both} at ${time}` : both
  }
  if (signer) return time ? `Signed by ${signer} at ${time}` : `Signed by ${signer}`
  return time ? `Finalized at ${time}.` : null
}

export function FinalizedNotice({
  finalizedAt,
  signedBy,
  trainee,
}: {
  finalizedAt: string | null | undefined
  /** The signer's name; null when the backend does not say who signed. */
  signedBy: string | null | undefined
  /** Whose preliminary report the signer co-signed (RV-19); absent: their own report. */
  trainee?: string | null | undefined
}) {
  const signature = signatureLine(signedBy ?? null, finalizedAt ?? null, trainee ?? null)
  return (
    <Alert.Root status="info" variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{FINALIZED_NOTICE}</Alert.Title>
        {signature && <Alert.Description>{signature}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  )
}

export function SaveError({
  draft,
  onRetry,
}: {
  draft: Pick<ReportDraft, 'save' | 'saveError' | 'finalizedElsewhere' | 'conflict'>
  onRetry: () => void
}) {
  const error = draft.saveError
  // While a conflict waits for a choice, saving is on hold: a past failure has nothing to retry.
  if (draft.save !== 'failed' || !error || draft.finalizedElsewhere || draft.conflict) return null
  if (error.code === AWAITING_REVIEW) {
    // RV-20: the text stays in this tab; the server's words say why it was not saved.
    return (
      <Alert.Root status="warning" variant="subtle">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your changes are not saved: {error.message}</Alert.Title>
          <Alert.Description>They are kept in this tab.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    )
  }
  if (error.status === CONFLICT_STATUS) {
    return (
      <Alert.Root status="error" variant="subtle">
        <Alert.Indicator />
        <Alert.Title>
          The server refused the change: this report has been finalized elsewhere.
        </Alert.Title>
      </Alert.Root>
    )
  }
  return (
    <Alert.Root status="error" variant="subtle" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your changes are not saved yet.</Alert.Title>
        <Alert.Description>
          They are kept in this tab. The server answered: {error.message}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </Alert.Root>
  )
}

export function FinalizeError({ finalize }: { finalize: FinalizeState }) {
  if (finalize.status !== 'failed' || !finalize.error) return null
  return (
    <Alert.Root status="error" variant="subtle">
      <Alert.Indicator />
      <Alert.Title>{finalize.error.message}</Alert.Title>
    </Alert.Root>
  )
}

export function FinalizedElsewhere({
  draft,
  onDiscard,
}: {
  draft: ReportDraft
  onDiscard: () => void
}) {
  return (
    <Stack gap="2">
      <Alert.Root status="warning" variant="subtle">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This report was finalized before your changes could be saved.</Alert.Title>
          <Alert.Description>
            Your text is kept below so you can copy it; it is not part of the report.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Field.Root>
        <Field.Label>Your unsaved text</Field.Label>
        <Textarea readOnly value={joinReportText(draft)} rows={6} fontFamily="mono" fontSize="sm" />
      </Field.Root>
      <Box>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          Discard my unsaved text
        </Button>
      </Box>
    </Stack>
  )
}

/** QA-22: the blocking pre-sign issues the signature went over, and the clinician's reason. */
export function SignedOver({ override }: { override: QaSignedOver }) {
  const codes = override.codes.map((code) => code.replaceAll('_', ' ')).join(', ')
  return (
    <Text fontSize="sm" color="fg.muted">
      Signed over the pre-sign check{codes === '' ? '' : ` (${codes})`}: {override.reason}
    </Text>
  )
}
