/**
 * The root saga: every cross-feature flow, each forked once for the store's life. Features never
 * import each other, so whatever one feature's event means for another is translated here (see
 * the cross-feature rule in docs/architecture.md).
 */
import type { SagaIterator } from 'redux-saga'
import { all, fork } from 'redux-saga/effects'
import { watchApiFailures } from './apiFailureSaga'
import { watchSessionEnded } from './sessionSaga'
import { watchStudySelection } from './studySelectionSaga'
import { watchClearAll } from './clearAllSaga'
import { watchReport } from './report'
import { watchChatDrafts } from './chatDraftSaga'
import { watchDictation } from './dictation'
import { watchIdleLogoff } from './idleLogoffSaga'
import { watchFinderSearch } from './finderSearchSaga'

export function* rootSaga(): SagaIterator {
  yield all([
    fork(watchSessionEnded),
    fork(watchApiFailures),
    fork(watchStudySelection),
    fork(watchClearAll),
    fork(watchReport),
    fork(watchChatDrafts),
    fork(watchDictation),
    fork(watchIdleLogoff),
    fork(watchFinderSearch),
  ])
}
