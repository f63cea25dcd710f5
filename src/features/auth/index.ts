/** The auth feature: sign-in page, route guards, session events and logout. */
export { logoutRequested, sessionEnded, sessionStarted, sessionUserDescribed } from './authEvents'
export { LoginRoute, RequireSession } from './guards'
export { LoginPage } from './LoginPage'
export { LogoutButton } from './LogoutButton'
export { SessionBridge } from './SessionBridge'
export { SessionLoading } from './SessionLoading'
