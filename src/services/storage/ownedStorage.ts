/**
 * Where the clinician's unsent work waits: the browser tab's session storage, so a reload (the
 * 401 path sends the browser to /login with a full page load) or a crash of the page does not lose
 * what was typed, while closing the tab or logging out does not leave patient data behind. One
 * implementation serves every kind of draft (report drafts, chat drafts), each under its own keys.
 *
 * Everything read back is validated: an entry written by an older build or edited by hand is
 * dropped rather than put in front of the clinician half-broken. (By hand rather than with zod:
 * the sagas read drafts at the start of a session, and the first screen does without zod.)
 *
 * A tab may outlive a session (an expiry keeps the drafts for the next sign-in) and be shared by
 * several clinicians, so every entry records who typed it: only that user gets it back, and the
 * others' entries are removed when a session starts (`clearExcept`). An entry of an older format
 * has no owner and is removed the same way, never shown.
 */
/** Every stored entry says whose it is: the user id of the session it was typed in. */
export interface Owned {
  owner: string
}

/** A parsed JSON object's own fields, or null for anything else. */
export function fieldsOf(value: unknown): Readonly<Record<string, unknown>> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

/** What every kind's reader starts with: an entry naming no owner is never given back. */
export function ownerOf(fields: Readonly<Record<string, unknown>>): string | null {
  const { owner } = fields
  return typeof owner === 'string' && owner.length > 0 ? owner : null
}

export interface OwnedStorage<T extends Owned> {
  load(orderId: string): T | null
  /** Every valid entry of `owner`, by order id (others' entries are left for `clearExcept`). */
  loadAll(owner: string): Record<string, T>
  /** May throw when the browser refuses (quota, privacy settings); the caller logs it. */
  save(orderId: string, entry: T): void
  remove(orderId: string): void
  /** Every entry of this kind, of any version, e.g. on 'Log out'. */
  clear(): void
  /** Every entry but `owner`'s: another user's, a damaged one, one of an older format. */
  clearExcept(owner: string): void
}

/** The subset of the Web Storage API used here, so a Map can stand in for it. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

/** One kind of stored entry: where its keys live and what a valid one looks like. */
export interface OwnedStorageKind<T extends Owned> {
  /** What every version's keys start with, so entries of an older format are found and removed. */
  family: string
  /** Part of the key, so a future change of the stored shape cannot be misread as this one. */
  version: number
  /** A valid entry from parsed JSON (its known fields only), or null for anything else. */
  read: (value: unknown) => T | null
}

export function createOwnedStorage<T extends Owned>(
  storage: KeyValueStorage,
  kind: OwnedStorageKind<T>,
): OwnedStorage<T> {
  const prefix = `${kind.family}v${String(kind.version)}:`
  const keyOf = (orderId: string) => `${prefix}${orderId}`
  const parse = (text: string | null): T | null => {
    if (text === null) return null
    try {
      return kind.read(JSON.parse(text))
    } catch {
      return null
    }
  }
  /** The keys of this kind's entries of any version (collected first: removing shifts indexes). */
  const familyKeys = (): string[] => {
    const keys: string[] = []
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index)
      if (key?.startsWith(kind.family)) keys.push(key)
    }
    return keys
  }
  /** The current version's entry under `key`, or null for anything else. */
  const entryAt = (key: string): T | null =>
    key.startsWith(prefix) ? parse(storage.getItem(key)) : null

  return {
    load(orderId) {
      const text = storage.getItem(keyOf(orderId))
      if (text === null) return null
      const entry = parse(text)
      if (!entry) storage.removeItem(keyOf(orderId))
      return entry
    },
    loadAll(owner) {
      const entries: Record<string, T> = {}
      for (const key of familyKeys()) {
        const entry = entryAt(key)
        if (entry?.owner === owner) entries[key.slice(prefix.length)] = entry
      }
      return entries
    },
    save(orderId, entry) {
      storage.setItem(keyOf(orderId), JSON.stringify(entry))
    },
    remove(orderId) {
      storage.removeItem(keyOf(orderId))
    },
    clear() {
      for (const key of familyKeys()) storage.removeItem(key)
    },
    clearExcept(owner) {
      for (const key of familyKeys()) {
        if (entryAt(key)?.owner !== owner) storage.removeItem(key)
      }
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

/**
 * The tab's session storage. Some privacy settings make even reading `window.sessionStorage`
 * throw; the entries then live in memory, which still covers everything but a reload.
 */
export function tabSessionStorage(probeKey: string): KeyValueStorage {
  try {
    const storage = globalThis.sessionStorage
    storage.setItem(probeKey, probeKey)
    storage.removeItem(probeKey)
    return storage
  } catch {
    return createMemoryKeyValueStorage()
  }
}

/** The ways to make one kind's storage: over given storage, in memory (tests), in the tab. */
export interface OwnedStorageFactories<T extends Owned> {
  create(storage: KeyValueStorage): OwnedStorage<T>
  inMemory(): OwnedStorage<T>
  inTabSession(): OwnedStorage<T>
}

export function ownedStorageOf<T extends Owned>(
  kind: OwnedStorageKind<T>,
): OwnedStorageFactories<T> {
  const create = (storage: KeyValueStorage) => createOwnedStorage(storage, kind)
  return {
    create,
    inMemory: () => create(createMemoryKeyValueStorage()),
    inTabSession: () => create(tabSessionStorage(`${kind.family}probe`)),
  }
}
