/**
 * NX-3, NX-4: 'Next study'. The server claims the most urgent study nobody reads and answers it;
 * the study goes into every cache holding it (with its claim) and opens as a click in the sidebar
 * opens it (`studySelected`). A 204 says nothing is
 * left; a 404 says this backend has no such route (the spec's), and the button goes for the
 * session. Other failures are logged by the API failure saga and the button can be pressed again.
 */
import type { SagaIterator } from 'redux-saga'
import { put, takeLeading } from 'redux-saga/effects'
import {
  nextStudyExhausted,
  nextStudyFailed,
  nextStudyFound,
  nextStudyRequested,
  nextStudyUnavailable,
  studySelected,
} from '../features/orders'
import { isApiError } from '../services/api/baseApi'
import { claimsApi } from '../services/api/claimsApi'
import type { Order } from '../services/api/model'
import { changeOrder } from '../services/api/orderChanges'
import { callEndpoint } from './effects/endpoint'

export function* openNextStudy(): SagaIterator {
  let order: Order | null
  try {
    order = yield* callEndpoint(claimsApi.endpoints.nextStudy.initiate())
  } catch (error) {
    yield put(
      isApiError(error) && error.status === 404 ? nextStudyUnavailable() : nextStudyFailed(),
    )
    return
  }
  if (order === null) {
    yield put(nextStudyExhausted())
    return
  }
  // Into every cache holding the order, as every change is (queryResultPatched: a replayed log
  // replays it); a study no loaded page holds is read on its own when it opens.
  yield put(changeOrder({ orderId: order.id, source: 'nextStudy', order }))
  yield put(nextStudyFound({ orderId: order.id }))
  yield put(studySelected({ orderId: order.id }))
}

export function* watchNextStudy(): SagaIterator {
  // One request at a time: a second press while the first is out would claim a second study.
  yield takeLeading(nextStudyRequested.type, openNextStudy)
}
