/** The conversation feature: the chat of a study and the draft of its input. */
export { Chat, type ChatProps } from './Chat'
export {
  conversationSlice,
  dictationComposed,
  draftEdited,
  selectDraft,
  selectIsSending,
  selectOutgoingMessage,
  selectSendFailed,
  type ChatDraft,
  type ConversationState,
} from './conversationSlice'
export { formatMessageTime } from './formatMessageTime'
