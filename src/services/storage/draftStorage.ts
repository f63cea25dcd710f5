/**
 * Where report drafts wait until the server has them: the browser tab's session storage, so a
 * reload (or a crash of the page) does not lose what the clinician typed, while closing the tab or
 * logging out does not leave patient data behind. The report saga is the only writer.
 *
 * Everything read back is validated: a draft written by an older build or edited by hand is
 * dropped rather than put in front of the clinician half-broken.
 *
 * A tab may outlive a session (an expiry keeps the drafts for the next sign-in) and be shared by
 * several clinicians, so every draft records who typed it: only that user gets it back, and the
 * others' drafts are removed when a session starts (`clearExcept`). A draft of an older format
 * has no owner and is removed the same way, never shown.
 */
import { z } from 'zod'
import { reportSectionsSchema, timestampSchema, type ReportSections } from '../api/contract'

/** The server version of the report a draft started from, to detect changes made meanwhile. */
export interface StoredDraftBase {
  sections: ReportSections
  /** `updated_at` of that report; null when the study had no report yet. */
  updatedAt: string | null
}

export interface StoredDraft {
  /** The user id of the session it was typed in (`sessionStarted`). */
  owner: string
  /** The 'Report' text as typed. */
  report: string
  /** The 'Impression' text as typed. */
  impression: string
  base: StoredDraftBase
}

export interface DraftStorage {
  load(orderId: string): StoredDraft | null
  /** May throw when the browser refuses (quota, privacy settings); the caller logs it. */
  save(orderId: string, draft: StoredDraft): void
  remove(orderId: string): void
  /** Every draft of this store, e.g. on 'Log out'. */
  clear(): void
  /** Every draft but `owner`'s: another user's, a damaged one, one of an older format. */
  clearExcept(owner: string): void
}

/** The subset of the Web Storage API used here, so a Map can stand in for it. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

/** What every version's keys start with, so drafts of an older format are found and removed. */
const KEY_FAMILY = 'readout:reportDraft:'

/**
 * Versioned, so a future change of the stored shape cannot be misread as this one (v1 drafts had
 * no owner).
 */
const KEY_PREFIX = `${KEY_FAMILY}v2:`

const storedDraftSchema = z.object({
  owner: z.string().min(1),
  report: z.string(),
  impression: z.string(),
  base: z.object({ sections: reportSectionsSchema, updatedAt: timestampSchema.nullable() }),
})

function parseStored(text: string): StoredDraft | null {
  try {
    const parsed = storedDraftSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function createDraftStorage(storage: KeyValueStorage): DraftStorage {
  const keyOf = (orderId: string) => `${KEY_PREFIX}${orderId}`
  return {
    load(orderId) {
      const text = storage.getItem(keyOf(orderId))
      if (text === null) return null
      const draft = parseStored(text)
      if (!draft) storage.removeItem(keyOf(orderId))
      return draft
    },
    save(orderId, draft) {
      storage.setItem(keyOf(orderId), JSON.stringify(draft))
    },
    remove(orderId) {
      storage.removeItem(keyOf(orderId))
    },
    clear() {
      for (const key of draftKeys(storage)) storage.removeItem(key)
    },
    clearExcept(owner) {
      for (const key of draftKeys(storage)) {
        const text = key.startsWith(KEY_PREFIX) ? storage.getItem(key) : null
        const draft = text === null ? null : parseStored(text)
        if (draft?.owner !== owner) storage.removeItem(key)
      }
    },
  }
}

/** The keys of drafts of any version (collected first: removing shifts the indexes). */
function draftKeys(storage: KeyValueStorage): string[] {
  const keys: string[] = []
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index)
    if (key?.startsWith(KEY_FAMILY)) keys.push(key)
  }
  return keys
}

/** A Web Storage stand-in in memory: what tests use, and the fallback where the browser refuses. */
export function createMemoryKeyValueStorage(): KeyValueStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value)
    },
    removeItem: (key) => {
      items.delete(key)
    },
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size
    },
  }
}

export function createMemoryDraftStorage(): DraftStorage {
  return createDraftStorage(createMemoryKeyValueStorage())
}

/**
 * The tab's session storage. Some privacy settings make even reading `window.sessionStorage`
 * throw; the drafts then live in memory, which still covers everything but a reload.
 */
export function createSessionDraftStorage(): DraftStorage {
  try {
    const storage = globalThis.sessionStorage
    const probe = `${KEY_PREFIX}probe`
    storage.setItem(probe, probe)
    storage.removeItem(probe)
    return createDraftStorage(storage)
  } catch {
    return createMemoryDraftStorage()
  }
}
