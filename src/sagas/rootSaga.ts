/**
 * The root saga. Cross-feature flows live here (ARCHITECTURE rule 1); the study-selection and
 * dictation sagas join it in the next issues.
 */
import type { SagaIterator } from 'redux-saga'
import { all, fork } from 'redux-saga/effects'
import { watchApiFailures } from './apiFailureSaga'
import { watchSessionEnded } from './sessionSaga'

export function* rootSaga(): SagaIterator {
  yield all([fork(watchSessionEnded), fork(watchApiFailures)])
}
