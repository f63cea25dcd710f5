/**
 * SEC-8: when the clinician last did something, kept outside the store so that a mouse wheel or a
 * key press costs an assignment, never an action.
 *
 * - The page's own events count: a pointer pressed, a key pressed, the wheel turned, a finger
 *   moved. A `scroll` event does not, since the chat scrolls on its own when a reply arrives.
 * - What the page's events do not show is recorded by the idle saga (`record`): dictation under
 *   way, 'Stay signed in'.
 * - Tabs of one browser share the identity SDK's session (its tokens live in localStorage), so a
 *   tab signing out for inactivity would end the session of a tab in use. Each tab therefore
 *   writes its latest activity to localStorage too (at most once per SHARE_INTERVAL_MS for the
 *   page's events, at once for a recorded one), and reads the other tabs' from there.
 *
 * The browser may refuse localStorage (privacy settings): the tab then only knows its own.
 */

import type { Clock } from './clock'

// The clock lives apart (clock.ts): the first screen needs it, not the activity monitor.
export { systemClock, type Clock } from './clock'

export interface ActivityMonitor {
  /** Starts listening to the page's events; answers the function that stops it. */
  listen(): () => void
  /**
   * Something the page's events do not show counts as activity now. The other tabs learn of it
   * as of the page's events, or at once when `tellOtherTabsNow` (an answer to the warning, which
   * the other tabs may be showing too).
   */
  record(options?: { tellOtherTabsNow?: boolean }): void
  /** The latest activity, in this tab or another tab of the browser (the clock's time). */
  lastActivityAt(): number
  /**
   * The latest activity another tab of the browser reported, or an earlier page of this tab
   * before it was closed or reloaded (0: none known).
   */
  lastActivityElsewhereAt(): number
  /** The session ended: what the tabs shared of it goes, so the next sign-in starts afresh. */
  forget(): void
}

/** The page's events that show someone is there. */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchmove'] as const

/** The page's events reach the other tabs at most this often. */
export const SHARE_INTERVAL_MS = 5_000

export const SHARED_ACTIVITY_KEY = 'readout:lastActivity'

interface SharedActivity {
  at: number
  tab: string
}

function isSharedActivity(value: unknown): value is SharedActivity {
  if (typeof value !== 'object' || value === null) return false
  const { at, tab } = value as Record<string, unknown>
  return typeof at === 'number' && Number.isFinite(at) && typeof tab === 'string'
}

export interface ActivityMonitorOptions {
  clock: Clock
  /** Where the page's events are heard: `window`. */
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
  /** What the browser's tabs share: `localStorage`. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
}

export function createActivityMonitor({
  clock,
  target,
  storage,
}: ActivityMonitorOptions): ActivityMonitor {
  // Tells this tab's record from the others'; not a secret, only distinct.
  const tab = `${String(clock.now())}-${Math.random().toString(36).slice(2)}`
  let localAt = clock.now()
  let sharedAt = Number.NEGATIVE_INFINITY

  const share = (at: number) => {
    sharedAt = at
    try {
      storage.setItem(SHARED_ACTIVITY_KEY, JSON.stringify({ at, tab } satisfies SharedActivity))
    } catch {
      // Refused storage: the other tabs do not learn of it; this tab still does.
    }
  }

  const readShared = (): SharedActivity | null => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(SHARED_ACTIVITY_KEY) ?? 'null')
      return isSharedActivity(parsed) ? parsed : null
    } catch {
      return null
    }
  }

  const seen = () => {
    localAt = clock.now()
    if (localAt - sharedAt >= SHARE_INTERVAL_MS) share(localAt)
  }

  return {
    listen() {
      const options = { capture: true, passive: true }
      for (const type of ACTIVITY_EVENTS) target.addEventListener(type, seen, options)
      return () => {
        for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, seen, options)
      }
    },
    record({ tellOtherTabsNow = false } = {}) {
      if (!tellOtherTabsNow) {
        seen()
        return
      }
      localAt = clock.now()
      share(localAt)
    },
    lastActivityAt() {
      return Math.max(localAt, readShared()?.at ?? 0)
    },
    lastActivityElsewhereAt() {
      const shared = readShared()
      return shared && shared.tab !== tab ? shared.at : 0
    },
    forget() {
      sharedAt = Number.NEGATIVE_INFINITY
      try {
        storage.removeItem(SHARED_ACTIVITY_KEY)
      } catch {
        // Refused storage holds nothing of ours.
      }
    },
  }
}
