/**
 * The flows of the signed-in workspace: a study's selection and Clear All, the report (saves,
 * finalizing, drafts kept across a reload), the chat's drafts, dictation, the idle sign-out, the finder's server search, the live worklist,
 * 'Next study', the open study's claim, what a change to an order means for the caches, and a
 * patient the patient list lacks.
 * The root saga starts them when their code has arrived (deferredFlows.ts), after the first
 * screen; no action dispatched meanwhile is lost to them. Their browser collaborators come with
 * them (src/shared/flowDeps.ts).
 */
import type { SagaIterator } from 'redux-saga'
import { all, fork } from 'redux-saga/effects'
import { conversationSlice } from '../features/conversation'
import { dictationSlice } from '../features/dictation'
import { claimSlice } from '../features/orders'
import {
  addendumSlice,
  comparisonSlice,
  reportSlice,
  reviewSlice,
  signingSlice,
} from '../features/report'
import { withBrowserFlowDeps } from '../shared/flowDeps'
import { addSlices } from '../shared/storeReducer'
import type { DeferredFlows } from './deferredFlows'
import { watchCarriedPatients } from './carriedPatientsSaga'
import { watchChatDrafts } from './chatDraftSaga'
import { watchClaims } from './claims/watch'
import { watchClearAll } from './clearAllSaga'
import { watchDictation } from './dictation'
import { watchFinderSearch } from './finderSearchSaga'
import { watchIdleLogoff } from './idleLogoffSaga'
import { watchLiveEvents } from './liveEventsSaga'
import { watchNextStudy } from './nextStudySaga'
import { watchOrderChanges } from './orderChangesSaga'
import { watchReport } from './report'
import { watchSessionAccess } from './sessionAccessSaga'
import { watchStudySelection } from './studySelectionSaga'

// The workspace's state comes with its code, before its flows start and its screen renders; its
// type is the app's (`WorkspaceSlices`, src/app/rootReducer.ts).
addSlices([
  claimSlice,
  conversationSlice,
  reportSlice,
  addendumSlice,
  signingSlice,
  reviewSlice,
  comparisonSlice,
  dictationSlice,
])

export function* workspaceFlows(): SagaIterator {
  yield all([
    fork(watchStudySelection),
    fork(watchClearAll),
    fork(watchReport),
    fork(watchChatDrafts),
    fork(watchDictation),
    fork(watchIdleLogoff),
    fork(watchFinderSearch),
    fork(watchLiveEvents),
    fork(watchNextStudy),
    fork(watchClaims),
    fork(watchOrderChanges),
    fork(watchCarriedPatients),
    fork(watchSessionAccess),
  ])
}

/** What the root saga loads after the first screen. */
export const deferredWorkspaceFlows: DeferredFlows = {
  flows: workspaceFlows,
  collaborators: withBrowserFlowDeps,
}
