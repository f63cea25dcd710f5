/**
 * Flows whose code arrives after the store has started, so that the first screen does not wait
 * for it, with no action lost on the way: from the store's first action on, every action waits
 * in a buffer until the code is there; then the flows receive them in the order they were
 * dispatched, and every later action as the store dispatches it, their own `put`s included.
 * They run on the store itself (`put` dispatches to it, `select` reads it) with the store's
 * collaborators in their context, completed by those that come with their code (the browser's
 * draft storage, speech engine and activity monitor), and stop with the store's sagas.
 *
 * The one difference from flows started with the store: an action that came before the code did
 * is handled a little later, against the state of that moment. So the workspace waits for
 * `workspaceFlowsStarted` (src/app/flowsSlice.ts): only the first screen's actions can come that
 * early (a session starting or ending, the API cache), and what the flows do with them does not
 * depend on when.
 */
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit'
import {
  buffers,
  runSaga,
  stdChannel,
  type Channel,
  type Saga,
  type SagaIterator,
  type Task,
} from 'redux-saga'
import { actionChannel, call, delay, getContext, put, take } from 'redux-saga/effects'
import type { Logger } from '../services/log'
import type { AppDeps, FlowDeps, ScreenDeps } from '../shared/deps'
import { workspaceFlowsStarted } from '../shared/events'

/** The store the flows run on, and the collaborators of its saga context. */
export interface FlowHost {
  dispatch: Dispatch
  getState: () => unknown
  context: ScreenDeps & Partial<FlowDeps>
}

/** What arrives with the flows' code: the flows, and their collaborators where none were given. */
export interface DeferredFlows {
  flows: Saga<[]>
  collaborators: (given: ScreenDeps & Partial<FlowDeps>) => AppDeps
}

/** A failed download of the flows' code is tried again this much later. */
export const FLOWS_RETRY_MS = 5_000

export function* runDeferredFlows(
  host: FlowHost,
  load: () => Promise<DeferredFlows>,
): SagaIterator {
  const waiting = (yield actionChannel(
    '*',
    buffers.expanding<UnknownAction>(64),
  )) as Channel<UnknownAction>
  const logger = (yield getContext('logger')) as Logger
  let loaded: DeferredFlows | undefined
  for (let attempt = 1; loaded === undefined; attempt += 1) {
    try {
      loaded = (yield call(load)) as DeferredFlows
    } catch {
      logger.warn('sagas/flowsNotLoaded', { attempt })
      yield delay(FLOWS_RETRY_MS)
    }
  }
  const input = stdChannel()
  const task: Task = runSaga(
    {
      channel: input,
      dispatch: host.dispatch,
      getState: host.getState,
      context: loaded.collaborators(host.context),
      onError: (error) => {
        logger.error('sagas/flowFailed', { message: error.message })
      },
    },
    loaded.flows,
  )
  try {
    // Handed to the flows like every action: after those that came before it.
    yield put(workspaceFlowsStarted())
    for (;;) input.put((yield take(waiting)) as UnknownAction)
  } finally {
    task.cancel()
    waiting.close()
  }
}
