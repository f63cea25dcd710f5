/**
 * Where report drafts wait until the server has them: the browser tab's session storage, so a
 * reload (or a crash of the page) does not lose what the clinician typed, while closing the tab or
 * logging out does not leave patient data behind. The report saga is the only writer.
 *
 * Everything read back is validated: a draft written by an older build or edited by hand is
 * dropped rather than put in front of the clinician half-broken.
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
  /** Every draft of this store, e.g. when the session ends. */
  clear(): void
}

/** The subset of the Web Storage API used here, so a Map can stand in for it. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

/** Versioned, so a future change of the stored shape cannot be misread as this one. */
const KEY_PREFIX = 'readout:reportDraft:v1:'

const storedDraftSchema = z.object({
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
      const ours: string[] = []
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index)
        if (key?.startsWith(KEY_PREFIX)) ours.push(key)
      }
      for (const key of ours) storage.removeItem(key)
    },
  }
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
