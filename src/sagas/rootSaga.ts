/**
 * The root saga: every cross-feature flow, each forked once for the store's life. Features never
 * import each other, so whatever one feature's event means for another is translated here (see
 * the cross-feature rule in docs/architecture.md).
 *
 * What the first screen needs starts at once: dropping the API cache when a session ends,
 * logging failed calls, and the clinician's layout preferences. The workspace's flows (workspaceFlows.ts) start when their code has
 * arrived, loaded as the store starts but outside the first screen's JavaScript; every action
 * dispatched meanwhile reaches them in order (deferredFlows.ts). Tests may hand them over already
 * loaded, to start with the store as they used to.
 */
import type { Saga, SagaIterator } from 'redux-saga'
import { fork, put } from 'redux-saga/effects'
import { workspaceFlowsStarted } from '../shared/events'
import { watchApiFailures } from './apiFailureSaga'
import { watchLayoutPreferences } from './layoutPreferencesSaga'
import { runDeferredFlows, type FlowHost } from './deferredFlows'
import { watchSessionEnded } from './sessionSaga'

export interface RootSagaOptions {
  host: FlowHost
  /**
   * The workspace's flows, already loaded: started with the store (tests), whose collaborators
   * must then include theirs.
   */
  workspaceFlows?: Saga<[]> | undefined
}

const loadWorkspaceFlows = () =>
  import('./workspaceFlows').then((module) => module.deferredWorkspaceFlows)

export function* rootSaga({ host, workspaceFlows }: RootSagaOptions): SagaIterator {
  yield fork(watchSessionEnded)
  yield fork(watchApiFailures)
  yield fork(watchLayoutPreferences)
  if (workspaceFlows) {
    yield fork(workspaceFlows)
    yield put(workspaceFlowsStarted())
  } else {
    yield fork(runDeferredFlows, host, loadWorkspaceFlows)
  }
}
