/**
 * The workspace's layout: whether the sidebar (WS-1) and the report editor (WS-11) are shown.
 * It lives in the store rather than in component state so the header's toggles, the sidebar
 * and the right half agree, and so a DevTools replay shows the screen the clinician saw.
 */
import { createSlice } from '@reduxjs/toolkit'

export interface LayoutState {
  sidebarOpen: boolean
  reportEditorOpen: boolean
}

const initialState: LayoutState = { sidebarOpen: true, reportEditorOpen: false }

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
  },
  selectors: {
    selectSidebarOpen: (state) => state.sidebarOpen,
    selectReportEditorOpen: (state) => state.reportEditorOpen,
  },
})

export const { sidebarToggled, reportEditorToggled } = layoutSlice.actions
export const { selectSidebarOpen, selectReportEditorOpen } = layoutSlice.selectors
