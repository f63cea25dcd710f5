/**
 * The app's collaborators that are not data: they reach the base query as the thunk extra
 * argument, sagas as the saga context and components through `useDeps`, and never live in the
 * store, which holds serializable data only. main.tsx creates the browser ones; tests pass doubles.
 */
import { createContext, useContext } from 'react'
import {
  createActivityMonitor,
  systemClock,
  type ActivityMonitor,
  type Clock,
} from '../services/activity'
import { createIdentitySignOut, type IdentitySignOut } from '../services/auth/identitySignOut'
import { descopeSessionTokenSource } from '../services/auth/sessionTokenSource'
import type { ApiDeps } from '../services/api/baseApi'
import { createConsoleLogger } from '../services/log'
import { browserNavigator } from '../services/navigation'
import { chatDrafts, type ChatDraftStorage } from '../services/storage/chatDraftStorage'
import { createSessionDraftStorage, type DraftStorage } from '../services/storage/draftStorage'
import { createAzureDictationEngine } from '../services/speech/azureEngine'
import type { DictationEngine } from '../services/speech/types'
import { SEGMENTATION_SILENCE_MS } from './constants'

export type AppDeps = ApiDeps & {
  /** Where report drafts wait for the server, so a reload loses nothing (report saga). */
  draftStorage: DraftStorage
  /** Where chat drafts not yet sent wait, so a 401's page load loses nothing (chat draft saga). */
  chatDraftStorage: ChatDraftStorage
  /** The speech recognizer behind dictation (the Azure SDK in the browser, a fake in tests). */
  speech: DictationEngine
  /** SEC-8: the idle sign-out's clock. */
  clock: Clock
  /** SEC-8: when the clinician last did something, in this tab or another (idle saga). */
  activity: ActivityMonitor
  /** SEC-8: the identity SDK's sign-out, for the idle saga; `IdleLogoff` lends it the SDK. */
  identity: IdentitySignOut
}

export function createBrowserDeps(): AppDeps {
  return {
    session: descopeSessionTokenSource,
    navigator: browserNavigator,
    logger: createConsoleLogger(import.meta.env.DEV ? 'debug' : 'info'),
    draftStorage: createSessionDraftStorage(),
    chatDraftStorage: chatDrafts.inTabSession(),
    speech: createAzureDictationEngine({ segmentationSilenceMs: SEGMENTATION_SILENCE_MS }),
    clock: systemClock,
    activity: createActivityMonitor({ clock: systemClock, target: window, storage: localStorage }),
    identity: createIdentitySignOut(),
  }
}

export const DepsContext = createContext<AppDeps | null>(null)

export function useDeps(): AppDeps {
  const deps = useContext(DepsContext)
  if (!deps) throw new Error('useDeps must be used inside <AppProviders>')
  return deps
}
