/**
 * SEC-8 (automatic logoff), as data: whether 'Still there?' is shown and how many seconds it
 * has left, and whether the last session ended for inactivity (the login page says so). The
 * idle saga keeps the time and drives it with events; the last activity itself lives outside
 * the store (the `activity` collaborator), so moving the mouse never makes an action.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { sessionStarted } from '../../shared/events'
import { sessionEnded } from './authEvents'

export interface IdleWatch {
  /** Minutes without activity before the warning (the deployment's setting). */
  idleMinutes: number
  /** Seconds the warning waits for 'Stay signed in'. */
  warningSeconds: number
}

export interface IdleLogoffState {
  /** The warning on screen, with the whole seconds left before the sign-out; null when none. */
  warning: { secondsLeft: number } | null
  /**
   * The last session in this tab ended after this many minutes without activity (the login page
   * says so), until the next one starts; null when it did not end for inactivity.
   */
  signedOutAfterIdleMinutes: number | null
}

const initialState: IdleLogoffState = {
  warning: null,
  signedOutAfterIdleMinutes: null,
}

export const idleLogoffSlice = createSlice({
  name: 'idleLogoff',
  initialState,
  reducers: {
    /** The signed-in workspace is on screen: the idle saga starts keeping time. */
    watchStarted(_state, _action: PayloadAction<IdleWatch>) {},
    /** The workspace left the screen: the idle saga stops. */
    watchStopped(state) {
      state.warning = null
    },
    warningShown(state, action: PayloadAction<{ secondsLeft: number }>) {
      state.warning = { secondsLeft: action.payload.secondsLeft }
    },
    countdownTicked(state, action: PayloadAction<{ secondsLeft: number }>) {
      if (state.warning === null) return
      state.warning.secondsLeft = action.payload.secondsLeft
    },
    /** The clinician answered the warning ('Stay signed in', or closed it). */
    staySignedInChosen(state) {
      state.warning = null
    },
    /** The clinician was active in another tab of the browser while this one warned. */
    warningWithdrawn(state) {
      state.warning = null
    },
    /** No answer in time: the tab signs out, keeping unsent drafts for the same clinician. */
    idleLogoffStarted(state, action: PayloadAction<{ idleMinutes: number }>) {
      state.warning = null
      state.signedOutAfterIdleMinutes = action.payload.idleMinutes
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, (state) => {
        state.warning = null
      })
      .addCase(sessionStarted, () => initialState)
  },
  selectors: {
    selectIdleWarning: (state) => state.warning,
    selectSignedOutAfterIdleMinutes: (state) => state.signedOutAfterIdleMinutes,
  },
})

export const {
  watchStarted: idleWatchStarted,
  watchStopped: idleWatchStopped,
  warningShown: idleWarningShown,
  countdownTicked: idleCountdownTicked,
  staySignedInChosen,
  warningWithdrawn: idleWarningWithdrawn,
  idleLogoffStarted,
} = idleLogoffSlice.actions

export const { selectIdleWarning, selectSignedOutAfterIdleMinutes } = idleLogoffSlice.selectors
