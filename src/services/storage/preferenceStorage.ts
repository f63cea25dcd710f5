/**
 * ED-2: the clinician's layout preferences, in the browser's local storage (per browser, across
 * sessions and tabs): only whether the report editor is shown beside the chat. No patient data is
 * kept here. What is read back is checked; anything else (a value of an older build, an entry
 * edited by hand, a browser refusing storage) reads as no preference.
 */
export interface Preferences {
  reportEditorOpen: boolean
}

export interface PreferenceStorage {
  read(): Partial<Preferences>
  write(preferences: Partial<Preferences>): void
}

const KEY = 'readout:preferences:v1'

/** Over storage the browser may refuse, or whose access throws (privacy settings). */
export function createPreferenceStorage(
  storage: () => Pick<Storage, 'getItem' | 'setItem'>,
): PreferenceStorage {
  const read = (): Partial<Preferences> => {
    try {
      const parsed: unknown = JSON.parse(storage().getItem(KEY) ?? 'null')
      if (typeof parsed !== 'object' || parsed === null) return {}
      const { reportEditorOpen } = parsed as Record<string, unknown>
      return typeof reportEditorOpen === 'boolean' ? { reportEditorOpen } : {}
    } catch {
      return {}
    }
  }
  return {
    read,
    write(preferences) {
      try {
        storage().setItem(KEY, JSON.stringify({ ...read(), ...preferences }))
      } catch {
        // Refused storage: the choice holds for this page only.
      }
    },
  }
}

/** The browser's local storage. */
export const localPreferences: PreferenceStorage = createPreferenceStorage(
  () => window.localStorage,
)
