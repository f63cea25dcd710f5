/**
 * What happened to the identity SDK's session, as store events. They carry no token: the SDK
 * owns the tokens, the store only learns that a session began (and for whom) or ended.
 */
import { createAction } from '@reduxjs/toolkit'

// Declared with the events several features reduce; the auth feature dispatches it.
export { sessionStarted, sessionUserDescribed, type SessionUser } from '../../shared/events'

/** Logout, a refresh the identity provider refused, or tokens cleared by the SDK. */
export const sessionEnded = createAction('auth/sessionEnded')

/**
 * The clinician pressed 'Log out'. Unlike a session that ends on its own (an expired or refused
 * refresh), this is a decision to leave, so unsaved report drafts are discarded with it; after an
 * expiry they are kept for the next sign-in of the same user.
 */
export const logoutRequested = createAction('auth/logoutRequested')
