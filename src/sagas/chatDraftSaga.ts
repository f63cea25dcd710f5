/**
 * A broken session never loses what the clinician typed or dictated into the Message box.
 *
 * - What a study has not sent yet (its draft with its input type, and the text of a send still on
 *   its way) is mirrored into the tab's session storage (`chatDraftStorage` from the saga
 *   context) after every change, owned by the signed-in user; an emptied draft, a send that
 *   succeeded and a cleared conversation (CL-2) remove it, 'Log out' removes them all. A 401
 *   sends the browser to /login with a full page load (API-3): the store is gone, the tab's
 *   storage is not.
 * - A session starting reads them back for its user (`chatDraftsRestored`): after that reload, a
 *   send that was on its way returns as draft text, never sent again on its own. A session that
 *   ends in the page keeps them in the store too (the conversation slice survives the API cache
 *   reset), so the same user signing in again finds them either way.
 * - ID-2, as for report drafts (both keep their owner with drafts/draftOwner.ts): a session
 *   starting for anyone else removes them, from storage and from the store, before they can be
 *   shown; storage the browser refuses is logged, and the drafts stay in the store.
 */
import type { Action } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import { put, select, takeEvery } from 'redux-saga/effects'
import { logoutRequested, sessionStarted } from '../features/auth'
import {
  chatDraftsDiscarded,
  chatDraftsRestored,
  dictationComposed,
  draftEdited,
  selectHasUnsentDrafts,
  selectUnsentDraft,
  type ChatDraft,
} from '../features/conversation'
import type { Id } from '../../contract'
import { conversationApi } from '../services/api/conversationApi'
import {
  clearAllStoredDrafts,
  draftStorageOf,
  keepOnlyOwnDrafts,
  noDraftOwner,
  warnStorageRefused,
  type DraftKind,
  type DraftOwner,
} from './drafts/draftOwner'

const { clearConversation, sendMessage } = conversationApi.endpoints

const CHAT_DRAFTS: DraftKind<'chatDraftStorage'> = {
  storage: 'chatDraftStorage',
  notClearedEvent: 'conversation/draftsNotCleared',
}

/** The study whose unsent text an action may have changed, if any. */
function unsentOrderOf(action: unknown): Id | undefined {
  if (draftEdited.match(action) || dictationComposed.match(action)) return action.payload.orderId
  if (
    sendMessage.matchPending(action) ||
    sendMessage.matchFulfilled(action) ||
    sendMessage.matchRejected(action)
  ) {
    return action.meta.arg.originalArgs.orderId
  }
  if (clearConversation.matchFulfilled(action)) return action.meta.arg.originalArgs
  return undefined
}

/** Session storage holds exactly what of the study is not sent yet. */
function* mirrorUnsent(owner: DraftOwner, action: unknown): SagaIterator {
  const orderId = unsentOrderOf(action)
  if (orderId === undefined) return
  const unsent = (yield select(selectUnsentDraft, orderId)) as ChatDraft | null
  const storage = yield* draftStorageOf(CHAT_DRAFTS.storage)
  try {
    if (!unsent) storage.remove(orderId)
    // Without a known user nobody could get it back: it stays in the store only.
    else if (owner.userId !== null) storage.save(orderId, { owner: owner.userId, ...unsent })
  } catch (error) {
    yield* warnStorageRefused('conversation/draftNotStored', { orderId, error })
  }
}

/** Drafts of `userId` in storage that this store does not hold (it holds them after an in-page end). */
function* readBack(userId: string): SagaIterator {
  const storage = yield* draftStorageOf(CHAT_DRAFTS.storage)
  let stored
  try {
    stored = storage.loadAll(userId)
  } catch (error) {
    yield* warnStorageRefused('conversation/draftsNotRead', { error })
    return
  }
  const drafts: Record<Id, ChatDraft> = {}
  for (const [orderId, { text, inputType }] of Object.entries(stored)) {
    const held = (yield select(selectUnsentDraft, orderId)) as ChatDraft | null
    if (!held) drafts[orderId] = { text, inputType }
  }
  if (Object.keys(drafts).length > 0) yield put(chatDraftsRestored({ drafts }))
}

/**
 * ID-2: a session starting for anyone but the drafts' owner removes them, from storage and from
 * this store; the same user keeps them and gets back those a reload took out of the store.
 */
function* startSession(owner: DraftOwner, action: ReturnType<typeof sessionStarted>): SagaIterator {
  const { userId } = action.payload
  const anotherUser = yield* keepOnlyOwnDrafts(CHAT_DRAFTS, owner, userId)
  if (anotherUser && ((yield select(selectHasUnsentDrafts)) as boolean)) {
    yield put(chatDraftsDiscarded())
  }
  if (userId !== null) yield* readBack(userId)
}

/**
 * 'Log out' is a decision to leave: the drafts go with it, unlike after an expiry. Until the next
 * session starts they belong to nobody, so nothing written meanwhile (dictation still finishing)
 * is stored, and that session starts with none.
 */
function* discardAllDrafts(owner: DraftOwner): SagaIterator {
  owner.userId = null
  yield* clearAllStoredDrafts(CHAT_DRAFTS)
  yield put(chatDraftsDiscarded())
}

export function* watchChatDrafts(): SagaIterator {
  const owner = noDraftOwner()
  yield takeEvery(sessionStarted.type, (action: ReturnType<typeof sessionStarted>) =>
    startSession(owner, action),
  )
  yield takeEvery(
    (action: Action) => unsentOrderOf(action) !== undefined,
    (action: Action) => mirrorUnsent(owner, action),
  )
  yield takeEvery(logoutRequested.type, () => discardAllDrafts(owner))
}
