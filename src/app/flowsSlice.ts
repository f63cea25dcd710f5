/**
 * Whether the workspace's flows run. Their code arrives after the first screen (src/sagas/
 * deferredFlows.ts); until it runs, the workspace is not shown ('Loading...' stays up), so every
 * action the workspace dispatches reaches them as it happens, never from a buffer against a
 * state that has moved on.
 */
import { createSlice } from '@reduxjs/toolkit'
import { workspaceFlowsStarted } from '../shared/events'

export interface FlowsState {
  workspace: boolean
  /**
   * The first screen's lists were asked for with the stored session token, before the identity
   * SDK confirmed the session (src/app/earlyRequests.ts); cleared once it has answered.
   */
  firstRequestsEarly: boolean
}

const initialState: FlowsState = { workspace: false, firstRequestsEarly: false }

export const flowsSlice = createSlice({
  name: 'flows',
  initialState,
  reducers: {
    /** A returning clinician's first lists were requested before the first render. */
    firstRequestsStarted(state) {
      state.firstRequestsEarly = true
    },
    /** The identity SDK answered: what they fetched is kept, or was dropped with the session. */
    firstRequestsSettled(state) {
      state.firstRequestsEarly = false
    },
  },
  extraReducers: (builder) => {
    builder.addCase(workspaceFlowsStarted, (state) => {
      state.workspace = true
    })
  },
  selectors: {
    selectWorkspaceFlowsStarted: (state) => state.workspace,
    selectFirstRequestsEarly: (state) => state.firstRequestsEarly,
  },
})

export const { firstRequestsStarted, firstRequestsSettled } = flowsSlice.actions
export const { selectWorkspaceFlowsStarted, selectFirstRequestsEarly } = flowsSlice.selectors
