/**
 * The action log: in development and test builds the store records every action it reduces, so a
 * session can be exported and replayed action by action (in Redux DevTools, or into a fresh store
 * in a test). Actions hold only serializable data (the store's checks refuse anything else), so the log is
 * plain JSON;
 * secrets and RTK Query's Request/Response metadata are removed on the way in.
 */
import { isAction, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit'
import { redactSecrets } from './devTools'

/** Enough for a whole shift of work; past it recording stops and the log says so. */
export const ACTION_LOG_LIMIT = 50_000

export interface ActionLog {
  format: 'readout-action-log'
  version: 1
  recordedAt: string
  truncated: boolean
  /** The state the first action was reduced from (undefined: the reducers' initial state). */
  preloadedState: unknown
  actions: UnknownAction[]
}

export interface ActionRecorder {
  middleware: Middleware
  /** Starts a new log from the store's current state. */
  reset(state: unknown): void
  log(): ActionLog
  /** A file Redux DevTools' Import button reads: the actions are re-run through the reducers. */
  devToolsFile(): string
}

export function createActionRecorder(limit = ACTION_LOG_LIMIT): ActionRecorder {
  let actions: UnknownAction[] = []
  let preloadedState: unknown = undefined
  let truncated = false
  const recorder: ActionRecorder = {
    middleware: () => (next) => (action) => {
      // Placed last in the chain, it sees what reaches the reducers; thunks never get here.
      if (isAction(action)) {
        if (actions.length < limit) actions.push(redactSecrets(action) as UnknownAction)
        else truncated = true
      }
      return next(action)
    },
    reset(state) {
      actions = []
      truncated = false
      preloadedState = redactSecrets(state)
    },
    log() {
      return {
        format: 'readout-action-log',
        version: 1,
        recordedAt: new Date().toISOString(),
        truncated,
        preloadedState,
        actions: [...actions],
      }
    },
    devToolsFile() {
      // The extension parses `payload` (and `preloadedState`) as JSON; an array payload makes
      // its instrument recompute every state from the actions (IMPORT_STATE).
      return JSON.stringify({
        payload: JSON.stringify(actions),
        ...(preloadedState === undefined ? {} : { preloadedState: JSON.stringify(preloadedState) }),
      })
    },
  }
  return recorder
}

/** Reduces a recorded log into a fresh state, exactly as DevTools' time travel does. */
export function replayActionLog<S>(
  reducer: Reducer<S>,
  log: Pick<ActionLog, 'actions' | 'preloadedState'>,
): S {
  let state = reducer(log.preloadedState as S | undefined, { type: '@@readout/replayStarted' })
  for (const action of log.actions) state = reducer(state, action)
  return state
}

/** What a developer (or a browser test) reaches as `window.readoutActionLog`. */
export interface ActionLogHandle {
  /** The log recorded since the page loaded. */
  log(): ActionLog
  /** Saves the log as a file for Redux DevTools' Import button. */
  download(): void
  /** The store's state now, secrets removed: what a replay of `log()` must reproduce. */
  state(): unknown
  /**
   * Reduces `log` into a fresh state with this build's reducers, secrets removed, once every
   * endpoint the log may name is defined (everyEndpoint.ts).
   */
  replay(log: Pick<ActionLog, 'actions' | 'preloadedState'>): Promise<unknown>
}

declare global {
  interface Window {
    /** Developer handle on the action log (development and test builds only). */
    readoutActionLog?: ActionLogHandle
  }
}

/**
 * Lets a developer export the session from the browser console:
 * `readoutActionLog.download()` saves a file for Redux DevTools' Import button;
 * `readoutActionLog.log()` returns the raw log.
 */
export function exposeActionLog<S>(
  recorder: ActionRecorder,
  store: { getState(): S },
  reducer: Reducer<S>,
  loadEveryEndpoint: () => Promise<unknown>,
): void {
  // Loaded now as well, so a log imported with Redux DevTools finds every endpoint defined.
  const everyEndpoint = loadEveryEndpoint()
  window.readoutActionLog = {
    log: () => recorder.log(),
    download() {
      const blob = new Blob([recorder.devToolsFile()], { type: 'application/json' })
      const link = document.createElement('a')
      link.href = URL.createObjectURL(blob)
      link.download = `readout-actions-${new Date().toISOString().replaceAll(':', '-')}.json`
      link.click()
      URL.revokeObjectURL(link.href)
    },
    state: () => redactSecrets(store.getState()),
    replay: async (log) => {
      await everyEndpoint
      return redactSecrets(replayActionLog(reducer, log))
    },
  }
}
