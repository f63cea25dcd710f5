/**
 * What the clinician is writing to the assistant, per study: the draft of the chat input, the
 * message on its way to the server, the exchanges answered but not yet in the fetched
 * conversation, and whether the last send failed.
 *
 * A draft survives switching studies (it lives here, not in the input) and is never lost:
 * when a send starts, its text moves out of the draft into `outgoing`, where the list shows it
 * as sending; a failed send puts it back into the draft (CH-12). A successful send moves it to
 * `answered` with the reply the answer carries, so the exchange stays on screen until the
 * refetched conversation holds it (the answer comes one round trip before the refetch).
 * The draft's `inputType` remembers whether dictation wrote it, so the message is sent as
 * `voice` (DC-8).
 *
 * What is not sent yet (the draft, and the text of a send still on its way) also outlives the
 * session that ends on its own: the chat draft saga mirrors it into the tab's session storage for
 * a reload, and this slice keeps it when the API cache is reset. 'Log out' and a session starting
 * for another user take it away (`chatDraftsDiscarded`); after a reload the same user gets it
 * back as drafts (`chatDraftsRestored`), never sent again on its own.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { draftEdited } from '../../shared/events'
import { baseApi } from '../../services/api/baseApi'
import type { InputType } from '../../../contract'
import { conversationApi } from '../../services/api/conversationApi'

export interface ChatDraft {
  text: string
  inputType: InputType
}

/** A message whose send has started and not yet ended. */
export interface OutgoingMessage {
  requestId: string
  text: string
  inputType: InputType
}

/** A sent message and the assistant's reply, until the fetched conversation contains them. */
export interface AnsweredExchange {
  requestId: string
  text: string
  inputType: InputType
  /**
   * The reply as the send's answer gave it; null when the answer left out its id or text (the
   * refetched conversation shows it then). `createdAt`: null when it gave no readable time.
   */
  reply: { id: string; content: string; createdAt: string | null } | null
}

export interface ConversationState {
  drafts: Record<string, ChatDraft>
  outgoing: Record<string, OutgoingMessage>
  answered: Record<string, AnsweredExchange[]>
  /** Orders whose last send failed; the input says so until the next attempt. */
  sendFailed: Record<string, true>
}

export const EMPTY_DRAFT: ChatDraft = Object.freeze({ text: '', inputType: 'text' })
const NO_EXCHANGES: readonly AnsweredExchange[] = Object.freeze([])

const initialState: ConversationState = {
  drafts: {},
  outgoing: {},
  answered: {},
  sendFailed: {},
}

const { clearConversation, listMessages, sendMessage } = conversationApi.endpoints

/** Text written while a failed send was on its way is kept after the returned text. */
function mergeDrafts(returned: ChatDraft, current: ChatDraft | undefined): ChatDraft {
  if (!current || current.text.trim() === '') return returned
  if (current.text.trim() === returned.text.trim()) return current
  return {
    text: `${returned.text}\n${current.text}`,
    inputType: returned.inputType === 'voice' || current.inputType === 'voice' ? 'voice' : 'text',
  }
}

/** The text of a send still on its way, followed by what was typed since: what a reload would lose. */
function unsentOf(state: ConversationState, orderId: string): ChatDraft | null {
  const outgoing = state.outgoing[orderId]
  const draft = state.drafts[orderId]
  if (!outgoing) return draft ?? null
  return mergeDrafts({ text: outgoing.text, inputType: outgoing.inputType }, draft)
}

export const conversationSlice = createSlice({
  name: 'conversation',
  initialState,
  reducers: {
    /**
     * The dictation saga wrote the input: the text typed before the recording, then what was said
     * so far (or its cleanup, or after 'Undo cleanup' the raw text again). The draft is the one
     * place the dictated text lives; the saga writes it once per result of the recognizer.
     */
    dictationComposed(state, action: PayloadAction<{ orderId: string; text: string }>) {
      const { orderId, text } = action.payload
      if (text === '') {
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
        delete state.drafts[orderId]
        return
      }
      state.drafts[orderId] = { text, inputType: 'voice' }
    },
    /**
     * Drafts of the signed-in user read back from the tab's session storage (after a reload). A
     * study that already holds a draft or a send keeps it: what the store holds is newer.
     */
    chatDraftsRestored(state, action: PayloadAction<{ drafts: Record<string, ChatDraft> }>) {
      for (const [orderId, draft] of Object.entries(action.payload.drafts)) {
        if (draft.text === '' || orderId in state.drafts || orderId in state.outgoing) continue
        state.drafts[orderId] = { text: draft.text, inputType: draft.inputType }
      }
    },
    /** 'Log out', or a session started for another user: the previous user's drafts leave. */
    chatDraftsDiscarded() {
      return initialState
    },
  },
  extraReducers: (builder) => {
    builder
      // The clinician typed; a draft they empty is a typed draft again. The event is declared in
      // src/shared/events.ts because dictation listens to it too.
      .addCase(draftEdited, (state, action) => {
        const { orderId, text } = action.payload
        if (text === '') {
          // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
          delete state.drafts[orderId]
          // Nothing is left to send again, so the note about the failed send has no object.
          // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
          delete state.sendFailed[orderId]
          return
        }
        state.drafts[orderId] = { text, inputType: state.drafts[orderId]?.inputType ?? 'text' }
      })
      .addMatcher(sendMessage.matchPending, (state, action) => {
        const { orderId, content, input_type } = action.meta.arg.originalArgs
        const draft = state.drafts[orderId]
        state.outgoing[orderId] = {
          requestId: action.meta.requestId,
          text: content,
          inputType: input_type ?? draft?.inputType ?? 'text',
        }
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
        delete state.sendFailed[orderId]
        // A send that did not come from the input (another caller) leaves the draft alone.
        if (draft && draft.text.trim() === content.trim()) {
          // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
          delete state.drafts[orderId]
        }
      })
      .addMatcher(sendMessage.matchFulfilled, (state, action) => {
        const { orderId } = action.meta.arg.originalArgs
        const outgoing = state.outgoing[orderId]
        if (outgoing?.requestId !== action.meta.requestId) return
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
        delete state.outgoing[orderId]
        const { message_id, content, created_at } = action.payload
        const exchange: AnsweredExchange = {
          requestId: outgoing.requestId,
          text: outgoing.text,
          inputType: outgoing.inputType,
          reply:
            message_id === null || content === null
              ? null
              : { id: message_id, content, createdAt: created_at },
        }
        state.answered[orderId] = [...(state.answered[orderId] ?? []), exchange]
      })
      // Only a fetch that holds the reply retires its exchange: a fetch started before the
      // send may land after the answer and must not make the exchange vanish.
      .addMatcher(listMessages.matchFulfilled, (state, action) => {
        const orderId = action.meta.arg.originalArgs
        const waiting = state.answered[orderId]
        if (!waiting) return
        const fetched = new Set(action.payload.map((message) => message.id))
        // Without the reply's id, the clinician's own message in the fetch retires the exchange.
        const sent = new Set(
          action.payload
            .filter((message) => message.role === 'user')
            .map((message) => message.content),
        )
        const still = waiting.filter((exchange) =>
          exchange.reply ? !fetched.has(exchange.reply.id) : !sent.has(exchange.text),
        )
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
        if (still.length === 0) delete state.answered[orderId]
        else if (still.length !== waiting.length) state.answered[orderId] = still
      })
      // CL-2 clears the study's conversation on purpose, the unsent draft with it.
      .addMatcher(clearConversation.matchFulfilled, (state, action) => {
        const orderId = action.meta.arg.originalArgs
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
        delete state.answered[orderId]
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
        delete state.drafts[orderId]
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
        delete state.sendFailed[orderId]
      })
      .addMatcher(sendMessage.matchRejected, (state, action) => {
        const { orderId } = action.meta.arg.originalArgs
        const outgoing = state.outgoing[orderId]
        if (outgoing?.requestId !== action.meta.requestId) return
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
        delete state.outgoing[orderId]
        state.drafts[orderId] = mergeDrafts(
          { text: outgoing.text, inputType: outgoing.inputType },
          state.drafts[orderId],
        )
        state.sendFailed[orderId] = true
      })
      // The API cache is reset when the session ends. What came from it goes; what the clinician
      // wrote and has not sent stays for their next sign-in: 'Log out' has discarded it already,
      // and a session starting for anyone else discards it before they see it.
      .addMatcher(baseApi.util.resetApiState.match, (state) => {
        state.answered = {}
        state.sendFailed = {}
      })
  },
  selectors: {
    selectDraft: (state, orderId: string): ChatDraft => state.drafts[orderId] ?? EMPTY_DRAFT,
    selectOutgoingMessage: (state, orderId: string): OutgoingMessage | undefined =>
      state.outgoing[orderId],
    selectAnsweredExchanges: (state, orderId: string): readonly AnsweredExchange[] =>
      state.answered[orderId] ?? NO_EXCHANGES,
    selectIsSending: (state, orderId: string): boolean => orderId in state.outgoing,
    selectSendFailed: (state, orderId: string): boolean => state.sendFailed[orderId] === true,
    /** What of the study is not sent yet, as the draft a reload should give back; null: nothing. */
    selectUnsentDraft: unsentOf,
    selectHasUnsentDrafts: (state): boolean =>
      Object.keys(state.drafts).length > 0 || Object.keys(state.outgoing).length > 0,
  },
})

export const { dictationComposed, chatDraftsRestored, chatDraftsDiscarded } =
  conversationSlice.actions
// The input (ChatInput) and the sagas keep taking the typing event from the conversation feature.
export { draftEdited }
export const {
  selectAnsweredExchanges,
  selectDraft,
  selectHasUnsentDrafts,
  selectIsSending,
  selectOutgoingMessage,
  selectSendFailed,
  selectUnsentDraft,
} = conversationSlice.selectors
