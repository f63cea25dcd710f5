/**
 * The store factory. One store per page (main.tsx) and one per test, each with its own
 * collaborators (`deps`): they reach thunks and the base query as the thunk extra argument and
 * sagas as the saga context, so the state itself stays serializable. `serializableCheck` and
 * `immutableCheck` keep their defaults and no ignore list: a speech recognizer, a timer or a
 * promise in the state would break replaying the action log, so the checks stay strict.
 */
import { configureStore } from '@reduxjs/toolkit'
import createSagaMiddleware, { type Saga } from 'redux-saga'
import { baseApi } from '../services/api/baseApi'
import { rootSaga } from '../sagas/rootSaga'
import { appConfig } from '../shared/config'
import { createBrowserDeps, type FlowDeps, type ScreenDeps } from '../shared/deps'
import type { ActionRecorder } from './actionLog'
import { devToolsSettings } from './devTools'
import { rootReducer, type RootState } from './rootReducer'

export { rootReducer, type RootState }

export interface StoreOptions {
  /** Redux DevTools; defaults to the app configuration's choice. */
  devTools?: boolean
  /** Records every action for export and replay (development and test builds). */
  recorder?: ActionRecorder
  /**
   * The workspace's flows, already loaded (`workspaceFlows` of src/sagas/workspaceFlows.ts):
   * they start with the store, and `deps` must hold their collaborators too. Without them, the
   * store loads their code as it starts and hands them every action from the first one on
   * (src/sagas/deferredFlows.ts), with the browser's collaborators for those `deps` lacks.
   */
  workspaceFlows?: Saga<[]>
}

export function makeStore(
  preloadedState?: Partial<RootState>,
  deps: ScreenDeps & Partial<FlowDeps> = createBrowserDeps(),
  options: StoreOptions = {},
) {
  const sagaMiddleware = createSagaMiddleware({ context: { ...deps } })
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: deps } }).concat(
        baseApi.middleware,
        sagaMiddleware,
        // Last, so it records exactly what reaches the reducers.
        ...(options.recorder ? [options.recorder.middleware] : []),
      ),
    devTools: devToolsSettings(options.devTools ?? appConfig.devTools, appConfig.productTitle),
  })
  options.recorder?.reset(store.getState())
  const sagas = sagaMiddleware.run(rootSaga, {
    host: {
      dispatch: (action) => store.dispatch(action),
      getState: () => store.getState(),
      context: { ...deps },
    },
    workspaceFlows: options.workspaceFlows,
  })
  return Object.assign(store, {
    /** Ends every saga of this store (a test's store must not outlive its test). */
    stopSagas(): void {
      sagas.cancel()
    },
  })
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
