/**
 * CL-2: 'Clear All Studies', once confirmed, deletes every order's conversation.
 *
 * The orders are read fresh from the server (the cached list may be older than the clinician's
 * last message), then cleared a few at a time: one request per order, at most
 * CLEAR_ALL_CONCURRENCY in flight, so a hospital-sized worklist neither floods the server nor
 * takes one round trip after another. Each result is a progress event; a failure is recorded
 * with the study's accession number so the clinician can tell which studies kept their
 * conversation, and a retry works on those only. A study another clinician reads is refused with
 * 409 `claimed` (CLM-10): it is skipped, not failed, counted for the closing sentence and never
 * retried (CLM-11), since clearing it would take that clinician's draft away.
 *
 * The list read at the start is the only worklist read of the run: a hospital's list is megabytes,
 * and reading it again per cleared study (or once more at the end) cost more than the deletes.
 * Each `clearConversation` invalidates its study's messages (the open chat empties), takes the
 * report out of the cached order and its worklist entry, and reads a study the caches show in
 * progress again (GET /orders/:id) so its entry gets the status the server restored; a study is
 * counted as done once that read has landed, so when the run reports done the statuses on screen
 * are the server's. Local statuses are dropped per cleared study by the orders slice. Logging out
 * stops the run.
 */
import type { SagaIterator } from 'redux-saga'
import { all, call, put, race, select, take } from 'redux-saga/effects'
import { sessionEnded } from '../features/auth'
import {
  clearAllConfirmed,
  clearAllFinished,
  clearAllListFailed,
  clearAllRetried,
  clearAllStarted,
  clearAllStudyCleared,
  clearAllStudyFailed,
  clearAllStudySkipped,
  selectClearAll,
  type ClearAllFailure,
  type ClearAllState,
} from '../features/orders'
import { conversationApi } from '../services/api/conversationApi'
import type { Id } from '../../contract'
import type { ListedOrder } from '../services/api/model'
import { orderRefreshUnderWay } from '../services/api/orderCache'
import { ordersApi } from '../services/api/ordersApi'
import { claimHolderOfRefusal } from '../services/api/read/claims'
import { callEndpoint, runThunk } from './effects/endpoint'

/** Deletes in flight at once. */
export const CLEAR_ALL_CONCURRENCY = 4

type ClearTarget = ClearAllFailure

/** The orders as the server has them now, or null when it cannot say. */
function* fetchOrders(): SagaIterator<readonly ListedOrder[] | null> {
  try {
    return yield* callEndpoint(
      ordersApi.endpoints.listOrders.initiate(undefined, { subscribe: false, forceRefetch: true }),
    )
  } catch {
    return null
  }
}

/**
 * Waits for the read of the order that clearing it started (its restored status), if any: the
 * clear's lifecycle starts it before the clear's answer reaches this saga.
 */
function* orderRefreshLanded(orderId: Id): SagaIterator {
  const refresh = yield* runThunk(orderRefreshUnderWay(orderId))
  if (refresh) yield call(() => refresh)
}

function* clearOne(target: ClearTarget): SagaIterator {
  try {
    yield* callEndpoint(conversationApi.endpoints.clearConversation.initiate(target.orderId))
    yield call(orderRefreshLanded, target.orderId)
    yield put(clearAllStudyCleared({ orderId: target.orderId }))
  } catch (error) {
    if (claimHolderOfRefusal(error)) {
      yield put(clearAllStudySkipped({ orderId: target.orderId }))
      return
    }
    // The API failure saga logs the cause; the clinician sees the accession number.
    yield put(clearAllStudyFailed(target))
  }
}

/** Clears `targets` with at most `concurrency` requests in flight. */
export function* clearConcurrently(
  targets: readonly ClearTarget[],
  concurrency: number,
): SagaIterator {
  let next = 0
  function* worker(): SagaIterator {
    while (next < targets.length) {
      const target = targets[next]
      next += 1
      if (target) yield call(clearOne, target)
    }
  }
  const workers = Math.max(1, Math.min(concurrency, targets.length))
  yield all(Array.from({ length: workers }, () => call(worker)))
}

function* runClearAll(retrying: readonly ClearTarget[]): SagaIterator {
  let targets: readonly ClearTarget[] = retrying
  if (targets.length === 0) {
    const orders = (yield call(fetchOrders)) as ListedOrder[] | null
    if (orders === null) {
      yield put(clearAllListFailed())
      return
    }
    targets = orders.map((order) => ({ orderId: order.id, accession: order.accession_number }))
  }
  yield put(clearAllStarted({ total: targets.length }))
  yield call(clearConcurrently, targets, CLEAR_ALL_CONCURRENCY)
  yield put(clearAllFinished())
}

export function* watchClearAll(): SagaIterator {
  for (;;) {
    yield take([clearAllConfirmed.type, clearAllRetried.type])
    const { status, retrying } = (yield select(selectClearAll)) as ClearAllState
    // The reducer refused the event (nothing was being asked, or a run is under way).
    if (status !== 'running') continue
    yield race({ run: call(runClearAll, retrying), stop: take(sessionEnded.type) })
  }
}
