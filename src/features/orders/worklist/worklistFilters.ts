/**
 * WL-7 and WL-8: the worklist's filters, as a paging backend's query parameters or as a test of
 * one order in the browser (a whole-list backend), and the order within a priority: longest
 * waiting first, as our server pages it.
 */
import { PRIORITY_RANK } from '../../../shared/constants'
import type { OrderFilter } from '../../../services/api/orderPages'
import type { ListedOrder } from '../../../services/api/model'
import { FINAL_STATUS, type Id, type ReviewFilter } from '../../../../contract'
import { awaitsReviewBy } from '../../../services/api/awaitingReview'
import type { WorklistFilters } from './worklistSlice'

/** The page query's parameters of `filters`; only those that narrow, so no filter is `{}`. */
export function filterQuery(filters: WorklistFilters): OrderFilter {
  const query: OrderFilter = {}
  if (filters.priority !== '') query.priority = filters.priority
  if (filters.modality !== '') query.modality = filters.modality
  if (filters.claimed !== 'all') query.claimed = filters.claimed
  if (filters.final) query.status = FINAL_STATUS
  // RV-21 (a literal: the contract's list would weigh on the first screen's bundle).
  if (filters.review) query.review = 'awaiting_mine' satisfies ReviewFilter
  return query
}

/** Whether one order passes `filters`; `viewerId` is whose claims are 'Mine'. */
export function matchesFilters(
  order: ListedOrder,
  filters: WorklistFilters,
  viewerId: Id | null,
): boolean {
  if (filters.priority !== '' && order.priority !== filters.priority) return false
  if (
    filters.modality !== '' &&
    order.modality.toLocaleLowerCase() !== filters.modality.toLocaleLowerCase()
  )
    return false
  if (filters.final && order.report?.is_final !== true) return false
  if (filters.review && !awaitsReviewBy(order, viewerId)) return false
  const holder = order.claimed_by ?? null
  if (filters.claimed === 'mine') return holder !== null && holder.user_id === viewerId
  if (filters.claimed === 'unclaimed') return holder === null
  return true
}

/** When the study was ordered, in ms; one that does not say waits behind those that do. */
function orderedAtMs(order: ListedOrder): number {
  const ms = order.ordered_at === undefined ? Number.NaN : Date.parse(order.ordered_at)
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms
}

function compare(a: ListedOrder, b: ListedOrder): number {
  const rank = PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority]
  if (rank !== 0) return rank
  const [x, y] = [orderedAtMs(a), orderedAtMs(b)]
  return x === y ? 0 : x < y ? -1 : 1
}

/**
 * Priority first, then longest waiting; equal ones keep the server's order (a backend without
 * `ordered_at` keeps it entirely, WS-6). The same array when it is in that order already.
 */
export function byWaitingWithinPriority<T extends ListedOrder>(orders: readonly T[]): readonly T[] {
  const sorted = orders.every((order, index) => {
    const before = index === 0 ? undefined : orders[index - 1]
    return before === undefined || compare(before, order) <= 0
  })
  return sorted ? orders : [...orders].sort(compare)
}
