/**
 * Chat drafts not yet sent, in the tab's session storage (see ownedStorage.ts for what is kept
 * where, checked how, and given back to whom): the text of the Message box, together with a send
 * still on its way, and whether dictation wrote it. The chat draft saga is the only writer.
 */
import type { InputType } from '../../../contract'
import { fieldsOf, ownerOf, ownedStorageOf, type OwnedStorage } from './ownedStorage'

export interface StoredChatDraft {
  /** The user id of the session it was typed in (`sessionStarted`). */
  owner: string
  text: string
  /** 'voice' when dictation wrote it, so it is still sent as voice (DC-8). */
  inputType: InputType
}

function readChatDraft(value: unknown): StoredChatDraft | null {
  const fields = fieldsOf(value)
  const owner = fields && ownerOf(fields)
  if (!fields || !owner) return null
  const { text, inputType } = fields
  if (typeof text !== 'string' || text.length === 0) return null
  if (inputType !== 'text' && inputType !== 'voice') return null
  return { owner, text, inputType }
}

export type ChatDraftStorage = OwnedStorage<StoredChatDraft>

/** Its storage over given key-value storage, in memory (tests) or in the tab's session storage. */
export const chatDrafts = ownedStorageOf<StoredChatDraft>({
  family: 'readout:chatDraft:',
  version: 1,
  read: readChatDraft,
})
