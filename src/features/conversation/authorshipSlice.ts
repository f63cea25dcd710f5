/**
 * AU-1: whose messages are 'You'. The chat labels a user message 'You' only when it is the
 * signed-in clinician's, and a colleague's message by the colleague's name ('Clinician' when the
 * backend names nobody).
 *
 * A backend we did not write need not use the identity provider's user ids for its messages, so
 * "`user_id` equals the session's subject" is only one way to recognise one's own messages. This
 * slice learns the other: the user message just before a reply that answered this tab's own send
 * (with the same text) is the clinician's, and its `user_id` is theirs on that backend. Once a
 * conversation holds a message recognised as the clinician's, ids decide; before that, a message
 * that names an author other than the clinician is a colleague's, and one that names nobody keeps
 * the product's 'You'.
 */
import { createSlice } from '@reduxjs/toolkit'
import type { Id } from '../../../contract'
import { baseApi } from '../../services/api/baseApi'
import { conversationApi } from '../../services/api/conversationApi'
import type { Message } from '../../services/api/model'
import { sessionStarted, sessionUserDescribed } from '../../shared/events'

/** A reply to this tab's own send, waiting for the conversation to show the message it answered. */
interface SentExchange {
  replyId: Id
  text: string
}

export interface AuthorshipState {
  /** The session's subject: on our own server, the `user_id` of the clinician's messages. */
  viewerId: string | null
  /** The names the clinician goes by (display name, login ids), as the identity provider says. */
  viewerNames: string[]
  /** Ids the backend gave the clinician's own messages, learned from the replies to their sends. */
  ownIds: string[]
  sent: Record<Id, SentExchange[]>
}

const initialState: AuthorshipState = { viewerId: null, viewerNames: [], ownIds: [], sent: {} }

const { listMessages, sendMessage } = conversationApi.endpoints

/** The `user_id` of the message the clinician sent and `exchange` answered, if the list shows it. */
function senderOf(messages: readonly Message[], exchange: SentExchange): string | null {
  const at = messages.findIndex((message) => message.id === exchange.replyId)
  const asked = at > 0 ? messages[at - 1] : undefined
  if (asked?.role !== 'user' || asked.user_id === null) return null
  return asked.content.trim() === exchange.text.trim() ? asked.user_id : null
}

export const authorshipSlice = createSlice({
  name: 'authorship',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (state, action) => {
        if (state.viewerId === action.payload.userId) return
        return { ...initialState, viewerId: action.payload.userId }
      })
      .addCase(sessionUserDescribed, (state, action) => {
        state.viewerNames = [action.payload.name, ...action.payload.loginIds].filter(
          (name): name is string => typeof name === 'string' && name.trim() !== '',
        )
      })
      .addMatcher(sendMessage.matchFulfilled, (state, action) => {
        const { orderId, content } = action.meta.arg.originalArgs
        const replyId = action.payload.message_id
        if (replyId === null) return
        state.sent[orderId] = [...(state.sent[orderId] ?? []), { replyId, text: content }]
      })
      .addMatcher(listMessages.matchFulfilled, (state, action) => {
        const orderId = action.meta.arg.originalArgs
        const waiting = state.sent[orderId]
        if (!waiting) return
        const still: SentExchange[] = []
        for (const exchange of waiting) {
          if (!action.payload.some((message) => message.id === exchange.replyId)) {
            still.push(exchange)
            continue
          }
          const sender = senderOf(action.payload, exchange)
          if (sender !== null && !state.ownIds.includes(sender)) state.ownIds.push(sender)
        }
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
        if (still.length === 0) delete state.sent[orderId]
        else state.sent[orderId] = still
      })
      .addMatcher(baseApi.util.resetApiState.match, (state) => {
        state.sent = {}
      })
  },
  selectors: {
    selectAuthorship: (state) => state,
  },
})

export const { selectAuthorship } = authorshipSlice.selectors

/** Who the clinician is, as the chat's labels need it. */
export interface Viewer {
  ids: readonly string[]
  names: readonly string[]
}

export function viewerOf(state: AuthorshipState): Viewer {
  return {
    ids: state.viewerId === null ? state.ownIds : [state.viewerId, ...state.ownIds],
    names: state.viewerNames,
  }
}

export const AUTHOR_LABEL = { user: 'You', assistant: 'AI Assistant' } as const

/** A clinician's message whose author the backend does not name. */
export const UNNAMED_CLINICIAN = 'Clinician'

/** Whether a conversation's ids can be compared with the clinician's: it holds one of theirs. */
export function idsRecognised(messages: readonly Message[], viewer: Viewer): boolean {
  return messages.some(
    (message) =>
      message.role === 'user' && message.user_id !== null && viewer.ids.includes(message.user_id),
  )
}

/** AU-1: the label of a message in a conversation whose ids are (or are not) recognised. */
export function authorLabel(message: Message, viewer: Viewer, recognised: boolean): string {
  if (message.role === 'assistant') return AUTHOR_LABEL.assistant
  const name = message.author_name ?? null
  if (message.user_id !== null && viewer.ids.includes(message.user_id)) return AUTHOR_LABEL.user
  if (recognised && message.user_id !== null) return name ?? UNNAMED_CLINICIAN
  if (name === null || viewer.names.length === 0 || viewer.names.includes(name)) {
    return AUTHOR_LABEL.user
  }
  return name
}
