/**
 * What happened to the identity SDK's session, as store events. They carry no token: the SDK
 * owns the tokens, the store only learns that a session began or ended.
 */
import { createAction } from '@reduxjs/toolkit'

export const sessionStarted = createAction('auth/sessionStarted')

/** Logout, a refresh the identity provider refused, or tokens cleared by the SDK. */
export const sessionEnded = createAction('auth/sessionEnded')
