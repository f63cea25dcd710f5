/**
 * RV-21: whether a list entry is a trainee's report awaiting review that `viewerId` did not send
 * (what `review=awaiting_mine` lists). A module of its own: the worklist's filters are part of the
 * first screen, the live placement of orders (orderPlacement.ts) is not.
 */
import type { Id } from '../../../contract'
import type { ListedOrder } from './model'

export function awaitsReviewBy(order: ListedOrder, viewerId: Id | null): boolean {
  const preliminary = order.report?.preliminary
  return (
    preliminary?.state === 'awaiting_review' &&
    order.report?.is_final !== true &&
    preliminary.by.user_id !== viewerId
  )
}
