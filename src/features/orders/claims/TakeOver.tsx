/**
 * CLM-7, CLM-8: another clinician reads the open study. Opening it asks first ('NAME is reading
 * this study. Take over?'); a clinician who chose to read only, or whose study was taken over,
 * sees why the editor is read-only and can take it over from there (`ReadingElsewhereNotice`,
 * which the app puts above the report).
 */
import { Alert, Button } from '@chakra-ui/react'
import { ConfirmDialog } from '../../../components/ui'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import type { Id } from '../../../../contract'
import { readingElsewhere, selectOpenClaim, takeOverChosen, takeOverDeclined } from './claimSlice'

export const takeOverQuestion = (name: string) => `${name} is reading this study. Take over?`

export function TakeOverDialog() {
  const dispatch = useAppDispatch()
  const open = useAppSelector(selectOpenClaim)
  const asking = open?.status === 'asking'
  const orderId = open?.orderId ?? ''
  return (
    <ConfirmDialog
      open={asking}
      title="Take over this study?"
      question={open?.holder ? takeOverQuestion(open.holder.name) : ''}
      confirmLabel="Take over"
      onCancel={() => dispatch(takeOverDeclined({ orderId }))}
      onConfirm={() => dispatch(takeOverChosen({ orderId }))}
    />
  )
}

/** Why the study's editor is read-only now, or nothing when the clinician writes. */
export function ReadingElsewhereNotice({ orderId }: { orderId: Id }) {
  const dispatch = useAppDispatch()
  const reading = readingElsewhere(useAppSelector(selectOpenClaim), orderId)
  if (!reading || reading.status === 'asking') return null
  const { name } = reading.holder
  const lost = reading.status === 'lost'
  return (
    <Alert.Root status={lost ? 'warning' : 'info'} variant="subtle" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {lost ? `${name} took over this study.` : `${name} is reading this study.`}
        </Alert.Title>
        <Alert.Description>
          {lost
            ? 'Your editor is read-only. Your unsaved text is kept in your draft.'
            : 'You can read the chat and the report. To write, take it over.'}
        </Alert.Description>
      </Alert.Content>
      <Button
        size="sm"
        variant="outline"
        loading={reading.status === 'taking'}
        onClick={() => dispatch(takeOverChosen({ orderId }))}
      >
        Take over
      </Button>
    </Alert.Root>
  )
}

/**
 * The name of the clinician who reads the study when that makes this one's editor read-only and
 * holds their messages (CLM-8); null when this clinician writes.
 */
export function useReadByOther(orderId: Id): string | null {
  return useAppSelector(
    (state) => readingElsewhere(selectOpenClaim(state), orderId)?.holder.name ?? null,
  )
}
