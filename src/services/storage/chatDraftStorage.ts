/**
 * Chat drafts not yet sent, in the tab's session storage (see ownedStorage.ts for what is kept
 * where, checked how, and given back to whom): the text of the Message box, together with a send
 * still on its way, and whether dictation wrote it. The chat draft saga is the only writer.
 */
import { z } from 'zod'
import { inputTypeSchema } from '../../../contract'
import { ownedEntrySchema, ownedStorageOf, type OwnedStorage } from './ownedStorage'

const storedChatDraftSchema = ownedEntrySchema.extend({
  text: z.string().min(1),
  /** 'voice' when dictation wrote it, so it is still sent as voice (DC-8). */
  inputType: inputTypeSchema,
})

/** `owner` is the user id of the session it was typed in (`sessionStarted`). */
export type StoredChatDraft = z.infer<typeof storedChatDraftSchema>

export type ChatDraftStorage = OwnedStorage<StoredChatDraft>

/** Its storage over given key-value storage, in memory (tests) or in the tab's session storage. */
export const chatDrafts = ownedStorageOf<StoredChatDraft>({
  family: 'readout:chatDraft:',
  version: 1,
  schema: storedChatDraftSchema,
})
