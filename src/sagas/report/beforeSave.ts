/**
 * What a save waits for before its PUT leaves (RP-8, RP-9). The PUT names the version the draft
 * is based on and the server refuses a stale one (412), so a save reads nothing of its own; it
 * only lets the reads that are coming anyway land first, since each may rebase the draft on a
 * newer version and spare the PUT a needless 412:
 * - a reply the assistant is still writing for the study may change the report (RP-6): the save
 *   waits for it, and when it did change the report, for the read of the order its answer starts
 *   (conversationApi), which reconciles the draft with the assistant's version;
 * - a read of the order already under way (that one, or the editor's own) lands first.
 * Only a backend that gives no versions, and so cannot refuse a stale write, has the report read
 * before each save, as every save did before the versions.
 */
import type { SagaIterator } from 'redux-saga'
import { QueryStatus } from '@reduxjs/toolkit/query'
import { delay, race, select, take } from 'redux-saga/effects'
import { selectReplyPending, selectReportDraft, type ReportDraft } from '../../features/report'
import type { RootState } from '../../app/storeTypes'
import type { Id } from '../../../contract'
import { conversationApi } from '../../services/api/conversationApi'
import { isContentVersion } from '../../services/api/model'
import { ordersApi } from '../../services/api/ordersApi'
import { readOrder } from './requests'

/**
 * How long a save waits for the read a reply that changed the report starts (it starts at once,
 * after any read already under way). Past it the save goes: a 412 is then the reconcile path.
 */
const REPLY_READ_START_MS = 10_000

const { sendMessage } = conversationApi.endpoints
const { getOrder } = ordersApi.endpoints

function isSendSettledFor(orderId: Id) {
  return (action: unknown): boolean =>
    (sendMessage.matchFulfilled(action) || sendMessage.matchRejected(action)) &&
    action.meta.arg.originalArgs.orderId === orderId
}

function isReadStartedFor(orderId: Id) {
  return (action: unknown): boolean =>
    getOrder.matchPending(action) && action.meta.arg.originalArgs === orderId
}

/** The replies still being written for the study; whether the last one changed the report. */
function* repliesSettled(orderId: Id): SagaIterator<boolean> {
  let changedReport = false
  while ((yield select(selectReplyPending, orderId)) as boolean) {
    const settled = (yield take(isSendSettledFor(orderId))) as unknown
    changedReport = sendMessage.matchFulfilled(settled) && settled.payload.report_updated
  }
  return changedReport
}

function isReadSettled(requestId: string) {
  return (action: unknown): boolean =>
    (getOrder.matchFulfilled(action) || getOrder.matchRejected(action)) &&
    action.meta.requestId === requestId
}

/** A read of the order under way lands (its failure is the reader's, logged, not the save's). */
function* readUnderWayLanded(orderId: Id): SagaIterator {
  const read = (yield select((state: RootState) => getOrder.select(orderId)(state))) as {
    status: QueryStatus
    requestId?: string
  }
  // Its answer, by request: another dispatcher's request is not found to join by its arguments.
  if (read.status === QueryStatus.pending && read.requestId) {
    yield take(isReadSettled(read.requestId))
  }
}

/**
 * Waits for a reply being written and the reads that bring the report's newest version in; throws
 * when the read a backend without versions needs fails.
 */
export function* newestVersionIn(orderId: Id): SagaIterator {
  if (yield* repliesSettled(orderId)) {
    // The reply's answer starts the read a few ticks later, so the save waits for its start.
    yield race({ started: take(isReadStartedFor(orderId)), late: delay(REPLY_READ_START_MS) })
  }
  yield* readUnderWayLanded(orderId)
  const draft = (yield select(selectReportDraft, orderId)) as ReportDraft | undefined
  const version = draft?.base.updatedAt
  if (version != null && isContentVersion(version)) yield* readOrder(orderId)
}
