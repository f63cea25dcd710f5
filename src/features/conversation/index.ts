/** The conversation feature: the chat of a study and the draft of its input. */
export { Chat, type ChatProps } from './Chat'
export {
  chatDraftsDiscarded,
  chatDraftsRestored,
  conversationSlice,
  dictationComposed,
  draftEdited,
  selectDraft,
  selectHasUnsentDrafts,
  selectIsSending,
  selectOutgoingMessage,
  selectSendFailed,
  selectUnsentDraft,
  type ChatDraft,
  type ConversationState,
} from './conversationSlice'
export { authorshipSlice } from './authorshipSlice'
