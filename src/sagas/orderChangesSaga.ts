/**
 * EV-12: the one place a change to an order reaches the caches. Every `orders/orderChanged`
 * (put by `changeOrder`, src/services/api/orderChanges.ts, whoever learnt of the change) becomes
 * the patches it means (`applyOrderChange`), in one thunk, so each change is applied whole before
 * the next; the patches are ordinary actions, and a replayed action log replays them.
 */
import type { SagaIterator } from 'redux-saga'
import { put, takeEvery } from 'redux-saga/effects'
import { orderChanged } from '../shared/events'
import type { OrderCacheAccess } from '../services/api/orderCache'
import { applyOrderChange } from '../services/api/orderChangePatches'
import type { OrdersState } from '../services/api/ordersApi'

function* patchCaches(action: ReturnType<typeof orderChanged>): SagaIterator {
  yield put((dispatch: OrderCacheAccess['dispatch'], getState: () => OrdersState): void => {
    applyOrderChange({ dispatch, getState }, action.payload)
  })
}

export function* watchOrderChanges(): SagaIterator {
  yield takeEvery(orderChanged.type, patchCaches)
}
