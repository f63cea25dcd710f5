/**
 * What happened to the identity SDK's session, as store events. They carry no token: the SDK
 * owns the tokens, the store only learns that a session began (and for whom) or ended.
 */
import { createAction } from '@reduxjs/toolkit'

/** Who the session is for, as far as the store needs to know: not a secret, never a token. */
export interface SessionUser {
  /**
   * The session's subject (`sub`), the identity provider's user id: unsaved report drafts are
   * given back only to the user who typed them. Null when the SDK's session did not say, which
   * it always does in practice; such a session owns no drafts.
   */
  userId: string | null
}

export const sessionStarted = createAction<SessionUser>('auth/sessionStarted')

/** Logout, a refresh the identity provider refused, or tokens cleared by the SDK. */
export const sessionEnded = createAction('auth/sessionEnded')

/**
 * The clinician pressed 'Log out'. Unlike a session that ends on its own (an expired or refused
 * refresh), this is a decision to leave, so unsaved report drafts are discarded with it; after an
 * expiry they are kept for the next sign-in of the same user.
 */
export const logoutRequested = createAction('auth/logoutRequested')
