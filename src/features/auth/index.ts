/** The auth feature: sign-in page, route guards, session events and logout. */
export { logoutRequested, sessionEnded, sessionStarted, sessionUserDescribed } from './authEvents'
export { IdleLogoff, LoginRoute, RequireSession } from './guards'
export { IDLE_WARNING_TITLE, STAY_SIGNED_IN } from './IdleLogoff'
export {
  idleCountdownTicked,
  idleLogoffSlice,
  idleLogoffStarted,
  idleWarningShown,
  idleWarningWithdrawn,
  idleWatchStarted,
  idleWatchStopped,
  selectIdleWarning,
  selectSignedOutAfterIdleMinutes,
  staySignedInChosen,
  type IdleLogoffState,
  type IdleWatch,
} from './idleLogoffSlice'
export { LoginPage } from './LoginPage'
export { LogoutButton } from './LogoutButton'
export { SessionBridge } from './SessionBridge'
export { SessionLoading } from './SessionLoading'
export { SignedInUser } from './SignedInUser'
