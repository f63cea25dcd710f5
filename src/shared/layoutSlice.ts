/**
 * The workspace's layout: whether the sidebar (WS-1) and the report editor (WS-11) are shown.
 * It lives in the store rather than in component state so the header's toggles, the sidebar
 * and the right half agree, and so a DevTools replay shows the screen the clinician saw.
 *
 * ED-1: the report editor is open unless the clinician closed it; their last choice is read back
 * from the browser as the store starts (src/sagas/layoutPreferencesSaga.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export interface LayoutState {
  sidebarOpen: boolean
  reportEditorOpen: boolean
}

const initialState: LayoutState = { sidebarOpen: true, reportEditorOpen: true }

export const layoutSlice = createSlice({
  name: 'layout',
  initialState,
  reducers: {
    sidebarToggled(state) {
      state.sidebarOpen = !state.sidebarOpen
    },
    reportEditorToggled(state) {
      state.reportEditorOpen = !state.reportEditorOpen
    },
    layoutPreferencesRestored(state, action: PayloadAction<{ reportEditorOpen: boolean }>) {
      state.reportEditorOpen = action.payload.reportEditorOpen
    },
  },
  selectors: {
    selectSidebarOpen: (state) => state.sidebarOpen,
    selectReportEditorOpen: (state) => state.reportEditorOpen,
  },
})

export const { sidebarToggled, reportEditorToggled, layoutPreferencesRestored } =
  layoutSlice.actions
export const { selectSidebarOpen, selectReportEditorOpen } = layoutSlice.selectors
