/**
 * The app's collaborators that are not data: they reach the base query as the thunk extra
 * argument, sagas as the saga context and components through `useDeps`, and never live in the
 * store, which holds serializable data only. Tests pass doubles.
 *
 * Two groups. What the screens use (the API's session, navigator and logger, the clock, the
 * identity SDK's sign-out): main.tsx creates them (`createBrowserDeps`). What only the
 * workspace's flows use (draft storage, the speech engine, the activity monitor, the live
 * worklist's stream, the page hidden or going away): in the page
 * they come with the flows' code, after the first screen (flowDeps.ts).
 */
import { createContext, useContext } from 'react'
import type { ActivityMonitor } from '../services/activity'
import { systemClock, type Clock } from '../services/clock'
import { createIdentitySignOut, type IdentitySignOut } from '../services/auth/identitySignOut'
import { descopeSessionTokenSource } from '../services/auth/sessionTokenSource'
import type { ApiDeps } from '../services/api/baseApi'
import { createConsoleLogger } from '../services/log'
import { browserNavigator } from '../services/navigation'
import type { ChatDraftStorage } from '../services/storage/chatDraftStorage'
import type { DraftStorage } from '../services/storage/draftStorage'
import type { DictationEngine } from '../services/speech/types'
import type { EventStreamReader } from '../services/events/eventStream'
import type { PageHideSource } from '../services/page/pageHide'
import { localPreferences, type PreferenceStorage } from '../services/storage/preferenceStorage'

/**
 * The worklist rows painted before the app loaded (src/app/boot; useFirstPaintRelease in
 * firstPaint.ts releases them).
 */
export interface FirstPaint {
  /**
   * Takes the painted rows off the page (again: nothing). Answers the study a click on them
   * chose before the app was there, the first time only, so the click is not lost; else null.
   */
  release(): string | null
}

export type ScreenDeps = ApiDeps & {
  /** SEC-8: the idle sign-out's clock. */
  clock: Clock
  /** SEC-8: the identity SDK's sign-out, for the idle saga; `IdleLogoff` lends it the SDK. */
  identity: IdentitySignOut
  /** ED-2: the clinician's layout preferences, per browser (the layout preferences saga). */
  preferences: PreferenceStorage
  /** The worklist rows painted before the app loaded, if any (released by the app's own screen). */
  firstPaint?: FirstPaint | undefined
}

export interface FlowDeps {
  /** Where report drafts wait for the server, so a reload loses nothing (report saga). */
  draftStorage: DraftStorage
  /** Where chat drafts not yet sent wait, so a 401's page load loses nothing (chat draft saga). */
  chatDraftStorage: ChatDraftStorage
  /** The speech recognizer behind dictation (the Azure SDK in the browser, a fake in tests). */
  speech: DictationEngine
  /** SEC-8: when the clinician last did something, in this tab or another (idle saga). */
  activity: ActivityMonitor
  /** One connection to the live worklist's stream (live-events saga): fetch in the browser. */
  liveEvents: EventStreamReader
  /** The page going away (`pagehide`): the open study's claim is let go (claims saga). */
  pageHide: PageHideSource
  /**
   * The page hidden or going away: report drafts typed since their last write are written down
   * at once (report saga's draft mirror).
   */
  pageHidden: PageHideSource
}

export type AppDeps = ScreenDeps & FlowDeps

export function createBrowserDeps(): ScreenDeps {
  return {
    session: descopeSessionTokenSource,
    navigator: browserNavigator,
    logger: createConsoleLogger(import.meta.env.DEV ? 'debug' : 'info'),
    clock: systemClock,
    identity: createIdentitySignOut(),
    preferences: localPreferences,
  }
}

export const DepsContext = createContext<ScreenDeps | null>(null)

export function useDeps(): ScreenDeps {
  const deps = useContext(DepsContext)
  if (!deps) throw new Error('useDeps must be used inside <AppProviders>')
  return deps
}
