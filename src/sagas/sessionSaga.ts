/**
 * ID-2: when the session ends (logout, or the identity provider refusing a refresh), the cached
 * answers of the previous user must not be shown to whoever signs in next. What the clinician
 * wrote and has not sent is not part of that cache: unsent chat and report drafts wait for the
 * next sign-in, which gives them back to their owner only (chatDraftSaga, reportSaga).
 */
import type { SagaIterator } from 'redux-saga'
import { put, takeEvery } from 'redux-saga/effects'
import { sessionEnded } from '../features/auth'
import { baseApi } from '../services/api/baseApi'

export function* resetApiCacheOnSessionEnd(): SagaIterator {
  yield put(baseApi.util.resetApiState())
}

export function* watchSessionEnded(): SagaIterator {
  yield takeEvery(sessionEnded.type, resetApiCacheOnSessionEnd)
}
