/**
 * Events that one feature dispatches and another reduces. Features do not import each other,
 * and a slice reduces only its own actions, endpoint matchers and the events declared here (the
 * cross-feature rule of docs/architecture.md). Such an event is declared here, once, and every
 * feature that uses it imports it from here: a rename is then a compile error, never a listener
 * that silently stops hearing. Each type string stays the owning feature's and does not change (action logs are
 * replayed by it).
 */
import { createAction, prepareAutoBatched } from '@reduxjs/toolkit'
import type { Id } from '../../contract'
import type { ClaimHolder, Order, Report } from '../services/api/model'

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

/** Who told the SPA that an order changed: for whoever reads the action log. */
export type OrderChangeSource = 'stream' | 'claim' | 'nextStudy' | 'report' | 'message' | 'clear'

/**
 * What is known of a change to one order: the order as the server has it now (`order`), or what
 * an answer said of it (`fields`). `src/services/api/orderChanges.ts` is where it reaches the
 * caches; see there.
 */
export interface OrderChange {
  orderId: Id
  source: OrderChangeSource
  /** The whole order as the server has it now (a stream event, Next study's answer). */
  order?: Order
  /** What an answer said of the order: its status, its report, who reads it. */
  fields?: { status?: string; report?: Report | null; claimed_by?: ClaimHolder | null }
  /** Its report is gone on purpose (a cleared conversation): an older report is no step back. */
  reportRemoved?: boolean
  /** Whose claims are 'Mine', to place the order into a 'Mine' list (null: into none). */
  viewerId?: Id | null
}

/**
 * An order changed (the API layer's event, put by `changeOrder`, orderChanges.ts; one saga turns
 * it into the cache patches it means). Batched as RTK Query's own actions are: by itself it
 * changes nothing on screen, so it does not make the screen render before they do.
 */
export const orderChanged = createAction('orders/orderChanged', prepareAutoBatched<OrderChange>())
