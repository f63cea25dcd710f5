/**
 * EV-12: the one place a change to an order reaches the caches. Every `orders/orderChanged`
 * (put by `changeOrder`, src/services/api/orderChanges.ts, whoever learnt of the change) becomes
 * the patches it means (`applyOrderChange`), in one thunk, so each change is applied whole before
 * the next; the patches are ordinary actions, and a replayed action log replays them. A whole
 * order that came while a read of it was under way is applied again when that read lands, whose
 * answer may be older (INT-101): waiters resume in the order the changes came, the last one last.
 */
import type { SagaIterator } from 'redux-saga'
import { put, select, take, takeEvery } from 'redux-saga/effects'
import { orderChanged, type OrderChange } from '../shared/events'
import type { OrderCacheAccess } from '../services/api/orderCache'
import { applyOrderChange, readUnderWay } from '../services/api/orderChangePatches'
import { ordersApi, type OrdersState } from '../services/api/ordersApi'

const { getOrder } = ordersApi.endpoints

const patchesOf =
  (change: OrderChange) =>
  (dispatch: OrderCacheAccess['dispatch'], getState: () => OrdersState): void => {
    applyOrderChange({ dispatch, getState }, change)
  }

/** The read `requestId` has landed, with an answer or without. */
const landed =
  (requestId: string) =>
  (action: unknown): boolean =>
    (getOrder.matchFulfilled(action) || getOrder.matchRejected(action)) &&
    action.meta.requestId === requestId

function* patchCaches(action: ReturnType<typeof orderChanged>): SagaIterator {
  const change = action.payload
  yield put(patchesOf(change))
  const requestId = (yield select(readUnderWay, change)) as string | undefined
  if (requestId === undefined) return
  yield take(landed(requestId))
  yield put(patchesOf(change))
}

export function* watchOrderChanges(): SagaIterator {
  yield takeEvery(orderChanged.type, patchCaches)
}
