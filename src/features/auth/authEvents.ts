/**
 * What happened to the identity SDK's session, as store events. They carry no token: the SDK
 * owns the tokens, the store only learns that a session began or ended.
 */
import { createAction } from '@reduxjs/toolkit'

export const sessionStarted = createAction('auth/sessionStarted')

/** Logout, a refresh the identity provider refused, or tokens cleared by the SDK. */
export const sessionEnded = createAction('auth/sessionEnded')

/**
 * The clinician pressed 'Log out'. Unlike a session that ends on its own (an expired or refused
 * refresh), this is a decision to leave, so unsaved report drafts are discarded with it; after an
 * expiry they are kept for the next sign-in.
 */
export const logoutRequested = createAction('auth/logoutRequested')
