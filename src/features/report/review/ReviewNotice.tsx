/**
 * Where a preliminary report stands, above the text (RV-14..RV-19), as the viewer's role sees it:
 * - a trainee: 'Preliminary, awaiting review' once sent (the report is read-only for them), or
 *   'Returned by NAME: COMMENT' once an attending returned it (editable again);
 * - a radiologist, on a report awaiting review: 'Preliminary by NAME, awaiting review', the words
 *   they changed since (ReviewChanges, loaded then) and 'Return to trainee'.
 * Each notice is a status, so a screen reader hears it arrive.
 */
import { Alert, Button, Stack } from '@chakra-ui/react'
import { Suspense, useState } from 'react'
import type { Id } from '../../../../contract'
import type { Report } from '../../../services/api/model'
import { ReviewChanges } from '../lazyParts'
import { ReturnDialog, RETURN_TITLE } from './ReturnDialog'

export const AWAITING_REVIEW_NOTICE = 'Preliminary, awaiting review'

function Notice({ children, action }: { children: string; action?: React.ReactNode }) {
  return (
    <Alert.Root status="info" variant="subtle" role="status" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">{children}</Alert.Title>
      {action}
    </Alert.Root>
  )
}

export function ReviewNotice({
  orderId,
  report,
  traineeOnly,
  reviewer,
}: {
  orderId: Id
  report: Report | null
  /** The viewer sends for review rather than signs (RV-13). */
  traineeOnly: boolean
  /** The viewer reviews trainees' reports (a radiologist). */
  reviewer: boolean
}) {
  const [returning, setReturning] = useState(false)
  const preliminary = report?.preliminary
  if (!report || !preliminary || report.is_final) return null
  if (traineeOnly) {
    if (preliminary.state === 'awaiting_review') return <Notice>{AWAITING_REVIEW_NOTICE}</Notice>
    const returned = preliminary.returned
    if (preliminary.state !== 'returned' || !returned) return null
    const by = returned.by?.name ?? 'the attending'
    return <Notice>{`Returned by ${by}: ${returned.comment}`}</Notice>
  }
  if (!reviewer || preliminary.state !== 'awaiting_review') return null
  return (
    <Stack gap="2">
      <Notice
        action={
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setReturning(true)
            }}
          >
            {RETURN_TITLE}
          </Button>
        }
      >
        {`Preliminary by ${preliminary.by.name}, awaiting review`}
      </Notice>
      <Suspense fallback={null}>
        <ReviewChanges
          orderId={orderId}
          preliminary={preliminary.sections}
          saved={report.sections}
        />
      </Suspense>
      <ReturnDialog
        orderId={orderId}
        open={returning}
        onClose={() => {
          setReturning(false)
        }}
      />
    </Stack>
  )
}
