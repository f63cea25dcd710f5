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
}

const initialState: FlowsState = { workspace: false }

export const flowsSlice = createSlice({
  name: 'flows',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(workspaceFlowsStarted, (state) => {
      state.workspace = true
    })
  },
  selectors: {
    selectWorkspaceFlowsStarted: (state) => state.workspace,
  },
})

export const { selectWorkspaceFlowsStarted } = flowsSlice.selectors
