/**
 * Whose unsent work a store holds, shared by every kind of draft the tab keeps in session storage
 * (report drafts, chat drafts).
 *
 * A workstation may be shared and a tab may outlive a session, so every stored draft names the
 * user who typed it, and the store remembers whose drafts it holds: the user of the latest
 * session start, kept after that session ends (an expiry is no reason to lose work). When a
 * session starts, the storage keeps only that user's drafts; when it starts for anyone else,
 * the drafts the store holds are someone else's and the saga of that kind removes them before
 * they can be shown. 'Log out' is a decision to leave: every stored draft of the kind goes.
 *
 * The browser may refuse its storage (quota, privacy settings): each failure is logged under the
 * kind's own event, and the drafts stay in the store.
 */
import type { SagaIterator } from 'redux-saga'
import { getContext } from 'redux-saga/effects'
import type { AppDeps } from '../../shared/deps'
import type { Logger } from '../../services/log'
import type { Owned, OwnedStorage } from '../../services/storage/ownedStorage'

/** Whose drafts this store holds: the user of the latest session start, kept after it ends. */
export interface DraftOwner {
  userId: string | null
}

/** A store before any session start holds nobody's drafts. */
export function noDraftOwner(): DraftOwner {
  return { userId: null }
}

/** The saga context entries that hold a kind of drafts' storage. */
export type DraftStorageKey = {
  [K in keyof AppDeps]-?: AppDeps[K] extends OwnedStorage<Owned> ? K : never
}[keyof AppDeps]

/** One kind of drafts: where its storage is, and the event logged when clearing it fails. */
export interface DraftKind<K extends DraftStorageKey = DraftStorageKey> {
  storage: K
  notClearedEvent: string
}

/** A kind's storage, from the saga context. */
export function* draftStorageOf<K extends DraftStorageKey>(key: K): SagaIterator<AppDeps[K]> {
  return (yield getContext(key)) as AppDeps[K]
}

/** Logs a refusal of the browser's storage; the caller carries on with what the store holds. */
export function* warnStorageRefused(event: string, detail: object): SagaIterator {
  const logger = (yield getContext('logger')) as Logger
  logger.warn(event, detail)
}

type ClearableStorage = Pick<OwnedStorage<Owned>, 'clear' | 'clearExcept'>

function* clearStored(kind: DraftKind, clear: (storage: ClearableStorage) => void): SagaIterator {
  const storage: ClearableStorage = yield* draftStorageOf(kind.storage)
  try {
    clear(storage)
  } catch (error) {
    yield* warnStorageRefused(kind.notClearedEvent, { error })
  }
}

/**
 * A session starts for `userId`: they own the store's drafts from now on, and the storage keeps
 * only theirs (none when the user is unknown; drafts of no known owner, an older format, go too).
 * Answers whether the drafts the store held belong to someone else, for the caller to remove.
 */
export function* keepOnlyOwnDrafts(
  kind: DraftKind,
  owner: DraftOwner,
  userId: string | null,
): SagaIterator<boolean> {
  const sameUser = userId !== null && userId === owner.userId
  owner.userId = userId
  yield* clearStored(kind, (storage) => {
    if (userId === null) storage.clear()
    else storage.clearExcept(userId)
  })
  return !sameUser
}

/** 'Log out': every stored draft of the kind goes, whoever typed it. */
export function* clearAllStoredDrafts(kind: DraftKind): SagaIterator {
  yield* clearStored(kind, (storage) => {
    storage.clear()
  })
}
