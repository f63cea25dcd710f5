/**
 * The root saga. Cross-feature flows live here (ARCHITECTURE rule 1); the study-selection and
 * dictation sagas join it in the next issues.
 */
import type { SagaIterator } from 'redux-saga'
import { all, fork } from 'redux-saga/effects'
import { watchApiFailures } from './apiFailureSaga'
import { watchSessionEnded } from './sessionSaga'
import { watchStudySelection } from './studySelectionSaga'
import { watchClearAll } from './clearAllSaga'
import { watchReport } from './reportSaga'
import { watchChatDrafts } from './chatDraftSaga'
import { watchDictation } from './dictationSaga'

export function* rootSaga(): SagaIterator {
  yield all([
    fork(watchSessionEnded),
    fork(watchApiFailures),
    fork(watchStudySelection),
    fork(watchClearAll),
    fork(watchReport),
    fork(watchChatDrafts),
    fork(watchDictation),
  ])
}
