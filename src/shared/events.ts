/**
 * Events that one feature dispatches and another reduces. Features do not import each other,
 * and a slice reduces only its own actions, endpoint matchers and the events declared here (the
 * cross-feature rule of docs/architecture.md). Such an event is declared here, once, and every
 * feature that uses it imports it from here: a rename is then a compile error, never a listener
 * that silently stops hearing. Each type string stays the owning feature's and does not change (action logs are
 * replayed by it).
 */
import { createAction } from '@reduxjs/toolkit'
import type { Id } from '../../contract'

/**
 * The clinician typed in a study's chat input (the conversation feature's event). Conversation
 * keeps the draft; dictation drops its 'Undo cleanup', which would throw the edit away.
 */
export const draftEdited = createAction<{ orderId: Id; text: string }>('conversation/draftEdited')

/** Who a session is for, as far as the store needs to know: not a secret, never a token. */
export interface SessionUser {
  /**
   * The session's subject (`sub`), the identity provider's user id: unsaved drafts are given back
   * only to the user who typed them, and the chat labels only this user's messages 'You'. Null
   * when the SDK's session did not say, which it always does in practice.
   */
  userId: string | null
}

/**
 * A session began (the auth feature's event). Auth dispatches it; the conversation feature
 * learns from it whose messages are 'You'.
 */
export const sessionStarted = createAction<SessionUser>('auth/sessionStarted')

/**
 * What the identity provider says of the session's user (the auth feature's event), once its user
 * record is loaded: the display name and login ids the chat recognises the clinician's own
 * messages by when a backend's ids are not the provider's. Never a token.
 */
export const sessionUserDescribed = createAction<{ name: string | null; loginIds: string[] }>(
  'auth/sessionUserDescribed',
)

/**
 * The workspace's flows have started (the sagas' event, src/sagas/deferredFlows.ts): their code
 * arrives after the first screen, and the workspace waits for it (src/app/flowsSlice.ts), so
 * nothing the workspace dispatches reaches them late.
 */
export const workspaceFlowsStarted = createAction('app/workspaceFlowsStarted')
