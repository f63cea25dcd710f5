/**
 * What the actions a study's reading watches say of its claim and report (CLM-6..CLM-9): who
 * holds the claim, whether the report is signed, and whose turn a report under review is (RV-2,
 * RV-5). Read by ./reading.ts.
 */
import type { SagaIterator } from 'redux-saga'
import { select } from 'redux-saga/effects'
import type { Id } from '../../../contract'
import { selectViewerId } from '../../features/orders'
import type { ClaimHolder } from '../../services/api/model'
import { selectOrderById } from '../../services/api/orderCache'
import { ordersApi, type OrdersState } from '../../services/api/ordersApi'
import { readClaimHolder } from '../../services/api/read/claims'
import { isRecord } from '../../services/api/read/values'
import { isReviewer, selectSessionAccess } from '../../services/api/teachingApi'
import { liveEventReceived } from '../liveEventsSaga'

/**
 * What is known of who holds the study's claim (someone, nobody), whether it is signed, and the
 * report as it came (whose turn a review is, `theirsNow`).
 */
export type HolderNews =
  { holder: ClaimHolder | null; signed: boolean; report: unknown } | undefined

/** The news an action carries about the study's claim, if any. */
export function newsOf(orderId: Id, action: unknown): HolderNews {
  const holderIn = (raw: unknown): HolderNews => {
    if (typeof raw !== 'object' || raw === null || !('claimed_by' in raw)) return undefined
    const { claimed_by: value, report } = raw as { claimed_by: unknown; report?: unknown }
    return {
      holder: value === null ? null : readClaimHolder(value),
      signed: isSigned({ report }),
      report,
    }
  }
  if (liveEventReceived.match(action)) {
    return action.payload.orderId === orderId ? holderIn(action.payload.order) : undefined
  }
  if (ordersApi.endpoints.getOrder.matchFulfilled(action)) {
    return action.meta.arg.originalArgs === orderId ? holderIn(action.payload) : undefined
  }
  return undefined
}

export function newsFor(orderId: Id) {
  return (action: unknown): boolean => newsOf(orderId, action) !== undefined
}

/** Whether an order (raw, or as cached) carries a signed report. */
export function isSigned(order: { report?: unknown } | undefined): boolean {
  const report = order?.report
  return typeof report === 'object' && report !== null && 'is_final' in report
    ? report.is_final === true
    : false
}

/**
 * RV-2, RV-5: whether a report under review is someone else's turn for the clinician: awaiting
 * review, an attending's (a clinician who is no radiologist cannot change it); returned, its
 * trainee's. Such a study is read without a claim, so nobody is asked 'Take over?' over it.
 */
export function* theirsNow(report: unknown): SagaIterator<boolean> {
  const preliminary = isRecord(report) ? report.preliminary : undefined
  if (!isRecord(preliminary)) return false
  if (preliminary.state === 'awaiting_review') {
    return !isReviewer(
      (yield select(selectSessionAccess)) as ReturnType<typeof selectSessionAccess>,
    )
  }
  if (preliminary.state !== 'returned') return false
  const sender = isRecord(preliminary.by) ? preliminary.by.user_id : undefined
  return sender !== ((yield select(selectViewerId)) as Id | null)
}

/** The cached order's report (what a review write's answer put there at once). */
export function* cachedReport(orderId: Id): SagaIterator<unknown> {
  const cached = (yield select((state: OrdersState) => selectOrderById(state, orderId))) as
    { report?: unknown } | undefined
  return cached?.report
}
