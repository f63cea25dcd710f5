/**
 * The department's worklist (WL-7, WL-10, NX-3): who the clinician is (their claims are theirs,
 * anyone else's read 'Being read by NAME'), the filters above the worklist (WL-7) and where 'Next
 * study' stands (NX-3, NX-4).
 *
 * Filters are plain values: from a backend that pages they become the page query's parameters,
 * from one that answers the whole list they narrow it in the browser (selectors.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Priority } from '../../../services/api/model'
import { sessionStarted } from '../../../shared/events'
import type { Id } from '../../../../contract'

/** Whose studies: all, the clinician's own claims, or those nobody reads. */
export type ClaimedFilter = 'all' | 'mine' | 'unclaimed'

export interface WorklistFilters {
  /** '' : every priority. */
  priority: Priority | ''
  /** '' : every modality; otherwise one modality code as the backend writes it ('CT'). */
  modality: string
  claimed: ClaimedFilter
  /** Signed studies only. */
  final: boolean
  /** RV-21: trainees' reports awaiting this radiologist's review only. */
  review: boolean
}

/**
 * - idle: ready to ask;
 * - asking: POST /worklist/next is on its way;
 * - none: the last answer was 204, nothing unclaimed is left;
 * - unavailable: the backend has no such route (404): the button is gone for the session.
 */
export type NextStudyStatus = 'idle' | 'asking' | 'none' | 'unavailable'

export interface WorklistState {
  /** The session's subject (`sessionStarted`): a claim of this id is the clinician's own. */
  viewerId: Id | null
  filters: WorklistFilters
  nextStudy: NextStudyStatus
}

export const NO_FILTERS: WorklistFilters = Object.freeze({
  priority: '',
  modality: '',
  claimed: 'all',
  final: false,
  review: false,
})

const initialState: WorklistState = { viewerId: null, filters: NO_FILTERS, nextStudy: 'idle' }

export const worklistSlice = createSlice({
  name: 'worklist',
  initialState,
  reducers: {
    worklistFiltersChanged(state, action: PayloadAction<Partial<WorklistFilters>>) {
      state.filters = { ...state.filters, ...action.payload }
    },
    nextStudyRequested(state) {
      if (state.nextStudy === 'idle' || state.nextStudy === 'none') state.nextStudy = 'asking'
    },
    /** The server claimed a study for the clinician; the saga opens it. */
    nextStudyFound(state, _action: PayloadAction<{ orderId: Id }>) {
      if (state.nextStudy === 'asking') state.nextStudy = 'idle'
    },
    nextStudyExhausted(state) {
      if (state.nextStudy === 'asking') state.nextStudy = 'none'
    },
    nextStudyUnavailable(state) {
      state.nextStudy = 'unavailable'
    },
    /** Any other failure: logged by the API failure saga; the button can be pressed again. */
    nextStudyFailed(state) {
      if (state.nextStudy === 'asking') state.nextStudy = 'idle'
    },
    nextStudyNoticeDismissed(state) {
      if (state.nextStudy === 'none') state.nextStudy = 'idle'
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionStarted, (state, action) => {
      if (state.viewerId === action.payload.userId) return
      // Another clinician: nothing of the one before (filters, a missing route) carries over.
      return { ...initialState, viewerId: action.payload.userId }
    })
  },
  selectors: {
    selectViewerId: (state) => state.viewerId,
    selectWorklistFilters: (state) => state.filters,
    selectNextStudyStatus: (state) => state.nextStudy,
  },
})

export const {
  worklistFiltersChanged,
  nextStudyRequested,
  nextStudyFound,
  nextStudyExhausted,
  nextStudyUnavailable,
  nextStudyFailed,
  nextStudyNoticeDismissed,
} = worklistSlice.actions

export const { selectViewerId, selectWorklistFilters, selectNextStudyStatus } =
  worklistSlice.selectors
