/**
 * The teaching flow in the report form (RV-13..RV-20): who the viewer is to the report (a trainee
 * sends it for review, a radiologist signs it, RL-15), whether the trainee may still edit it, and
 * the parts that say so (ReviewParts). The form adds only what this answers.
 */
import { Text } from '@chakra-ui/react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import type { Order } from '../../../services/api/model'
import { isReviewer, isTraineeOnly, selectSessionAccess } from '../../../services/api/teachingApi'
import { ReviewNotice } from './ReviewNotice'
import {
  reviewSendCancelled,
  reviewSendConfirmed,
  reviewSendRequested,
  selectReviewSend,
} from './reviewSlice'
import { SendForReviewDialog } from './SendForReviewDialog'

/** The form's signing button: 'Finalize', 'Send for review', or none (sent and waiting). */
export type SignAction = 'finalize' | 'review' | 'none'

export interface Review {
  order: Order
  traineeOnly: boolean
  reviewer: boolean
  /** RV-15: the trainee's report is theirs no longer while it is sent or awaits review. */
  locked: boolean
  sign: SignAction
  /** 'Send for review' clicked (or Ctrl+Shift+F): the question opens. */
  request: () => void
}

export function useReview(order: Order): Review {
  const dispatch = useAppDispatch()
  const access = useAppSelector(selectSessionAccess)
  const sending = useAppSelector((state) => selectReviewSend(state, order.id)?.status === 'sending')
  const traineeOnly = isTraineeOnly(access)
  const report = order.report
  const awaiting = report?.preliminary?.state === 'awaiting_review' && !report.is_final
  return {
    order,
    traineeOnly,
    reviewer: isReviewer(access),
    locked: traineeOnly && (awaiting || sending),
    sign: !traineeOnly ? 'finalize' : awaiting || sending ? 'none' : 'review',
    request: () => dispatch(reviewSendRequested({ orderId: order.id })),
  }
}

/** The notices of the review (ReviewNotice), the send's question and why a send failed. */
export function ReviewParts({ review }: { review: Review }) {
  const dispatch = useAppDispatch()
  const orderId = review.order.id
  const send = useAppSelector((state) => selectReviewSend(state, orderId))
  return (
    <>
      <ReviewNotice
        orderId={orderId}
        report={review.order.report}
        traineeOnly={review.traineeOnly}
        reviewer={review.reviewer}
      />
      {send?.status === 'failed' && (
        <Text fontSize="sm" color="fg.error" role="alert">
          The report was not sent for review. {send.message}
        </Text>
      )}
      {review.traineeOnly && (
        <SendForReviewDialog
          open={send?.status === 'confirming' || send?.status === 'sending'}
          sending={send?.status === 'sending'}
          onCancel={() => dispatch(reviewSendCancelled({ orderId }))}
          onConfirm={() => dispatch(reviewSendConfirmed({ orderId }))}
        />
      )}
    </>
  )
}
