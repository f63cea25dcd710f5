/**
 * The orders feature's local state: which study is open, the statuses the SPA knows before the
 * server's list says so (CH-11), which studies were initialized in this session, the patient
 * finder, and the progress of 'Clear All Studies' (CL-1, CL-2, CLM-11).
 *
 * Reducers refuse events that make no sense in the current state (a confirmation without a
 * question, progress while nothing runs), so a stray or replayed action cannot corrupt it.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { conversationApi } from '../../services/api/conversationApi'
import { IN_PROGRESS, type Id } from '../../../contract'

export type LocalStatus = typeof IN_PROGRESS

export type ClearAllStatus = 'idle' | 'confirming' | 'running' | 'done'

export interface ClearAllFailure {
  orderId: Id
  accession: string
}

export interface ClearAllState {
  status: ClearAllStatus
  /** Studies handled so far in this run, cleared or not. */
  done: number
  total: number
  failed: ClearAllFailure[]
  /**
   * Studies left alone because another clinician reads them (409 `claimed`, CLM-11): not a
   * failure, so a retry does not take them up again.
   */
  skipped: number
  /** The list of orders to clear could not be loaded, so nothing was attempted. */
  listFailed: boolean
  /** The studies a retry works on; empty when the run covers every order. */
  retrying: ClearAllFailure[]
}

export interface OrdersState {
  selectedOrderId: Id | null
  /** Overrides of the server's status, merged over it by the selectors. */
  localStatus: Record<Id, LocalStatus>
  /**
   * Studies whose initialize call succeeded in this session: selecting one again does not call
   * it again. Clearing a conversation forgets it, so the next selection rebuilds the summary.
   */
  initialized: Record<Id, true>
  finder: {
    query: string
    /**
     * The query the server searches (`q`) once typing has paused (`finderQuerySettled`), trimmed;
     * '' when the field is empty. A backend that answers whole lists is searched here instead,
     * with `query`, at every keystroke.
     */
    searched: string
    /** The patient last chosen in the finder when they have no study in the worklist. */
    patientWithoutStudies: Id | null
  }
  clearAll: ClearAllState
}

const idleClearAll: ClearAllState = {
  status: 'idle',
  done: 0,
  total: 0,
  failed: [],
  skipped: 0,
  listFailed: false,
  retrying: [],
}

const initialState: OrdersState = {
  selectedOrderId: null,
  localStatus: {},
  initialized: {},
  finder: { query: '', searched: '', patientWithoutStudies: null },
  clearAll: idleClearAll,
}

/** The finder's choice: the saga resolves it to a study (WS-12). */
export const patientSelected = createAction<{ patientId: Id }>('orders/patientSelected')

export const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    studySelected(state, action: PayloadAction<{ orderId: Id }>) {
      state.selectedOrderId = action.payload.orderId
      state.finder.patientWithoutStudies = null
    },
    /** No study is open any more (the address lost its `?study=`: back to the start). */
    studyClosed(state) {
      state.selectedOrderId = null
    },
    studyInitialized(state, action: PayloadAction<{ orderId: Id; hasContent: boolean }>) {
      state.initialized[action.payload.orderId] = true
    },
    patientHadNoStudies(state, action: PayloadAction<{ patientId: Id }>) {
      state.finder.patientWithoutStudies = action.payload.patientId
    },
    finderQueryChanged(state, action: PayloadAction<{ query: string }>) {
      state.finder.query = action.payload.query
      state.finder.patientWithoutStudies = null
      // An emptied field shows the whole worklist at once: there is nothing to wait for.
      if (action.payload.query.trim() === '') state.finder.searched = ''
    },
    /** Typing paused on `query`: the server is asked for it. */
    finderQuerySettled(state, action: PayloadAction<{ query: string }>) {
      // Only the field's current text: a late settle of older text is refused.
      if (action.payload.query === state.finder.query) {
        state.finder.searched = action.payload.query.trim()
      }
    },
    clearAllRequested(state) {
      if (state.clearAll.status === 'idle' || state.clearAll.status === 'done') {
        state.clearAll = { ...idleClearAll, status: 'confirming' }
      }
    },
    clearAllCancelled(state) {
      if (state.clearAll.status === 'confirming') state.clearAll = idleClearAll
    },
    clearAllConfirmed(state) {
      if (state.clearAll.status === 'confirming') {
        state.clearAll = { ...idleClearAll, status: 'running' }
      }
    },
    /** Runs again for the studies the last run could not clear. */
    clearAllRetried(state) {
      const { status, failed, listFailed } = state.clearAll
      if (status !== 'done') return
      if (listFailed) state.clearAll = { ...idleClearAll, status: 'running' }
      else if (failed.length > 0) {
        state.clearAll = {
          ...idleClearAll,
          status: 'running',
          total: failed.length,
          retrying: failed,
        }
      }
    },
    clearAllStarted(state, action: PayloadAction<{ total: number }>) {
      if (state.clearAll.status === 'running') state.clearAll.total = action.payload.total
    },
    clearAllStudyCleared(state, _action: PayloadAction<{ orderId: Id }>) {
      if (state.clearAll.status === 'running') state.clearAll.done += 1
    },
    clearAllStudyFailed(state, action: PayloadAction<ClearAllFailure>) {
      if (state.clearAll.status === 'running') {
        state.clearAll.done += 1
        state.clearAll.failed.push(action.payload)
      }
    },
    clearAllStudySkipped(state, _action: PayloadAction<{ orderId: Id }>) {
      if (state.clearAll.status === 'running') {
        state.clearAll.done += 1
        state.clearAll.skipped += 1
      }
    },
    clearAllListFailed(state) {
      if (state.clearAll.status === 'running') {
        state.clearAll = { ...state.clearAll, status: 'done', listFailed: true }
      }
    },
    clearAllFinished(state) {
      if (state.clearAll.status === 'running') state.clearAll.status = 'done'
    },
    clearAllDismissed(state) {
      if (state.clearAll.status === 'done') state.clearAll = idleClearAll
    },
    /** The session ended: whoever signs in next must not find this user's selection or statuses. */
    workspaceCleared() {
      return initialState
    },
  },
  extraReducers: (builder) => {
    builder
      // CH-11: the server moves the study to in_progress with its first user message; the SPA
      // shows it at once instead of refetching the whole worklist after every message.
      .addMatcher(conversationApi.endpoints.sendMessage.matchFulfilled, (state, action) => {
        state.localStatus[action.meta.arg.originalArgs.orderId] = IN_PROGRESS
      })
      // CL-2: a cleared conversation resets the study's status; the API layer re-reads that one order
      // when it was in progress and patches its row in the cached list.
      .addMatcher(conversationApi.endpoints.clearConversation.matchFulfilled, (state, action) => {
        const orderId = action.meta.arg.originalArgs
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id are the state's shape
        delete state.localStatus[orderId]
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- as above
        delete state.initialized[orderId]
      })
  },
  selectors: {
    selectSelectedOrderId: (state) => state.selectedOrderId,
    selectLocalStatus: (state) => state.localStatus,
    selectFinder: (state) => state.finder,
    selectClearAll: (state) => state.clearAll,
    selectIsInitialized: (state, orderId: Id) => state.initialized[orderId] === true,
  },
})

export const {
  studySelected,
  studyClosed,
  studyInitialized,
  patientHadNoStudies,
  finderQueryChanged,
  finderQuerySettled,
  clearAllRequested,
  clearAllCancelled,
  clearAllConfirmed,
  clearAllRetried,
  clearAllStarted,
  clearAllStudyCleared,
  clearAllStudyFailed,
  clearAllStudySkipped,
  clearAllListFailed,
  clearAllFinished,
  clearAllDismissed,
  workspaceCleared,
} = ordersSlice.actions

export const {
  selectSelectedOrderId,
  selectLocalStatus,
  selectFinder,
  selectClearAll,
  selectIsInitialized,
} = ordersSlice.selectors
