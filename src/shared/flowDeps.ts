/**
 * The browser's collaborators of the workspace's flows (deps.ts): tab session storage for report
 * and chat drafts, the Azure speech engine, the activity monitor, the live worklist's stream, the page hidden or going away. They come with the flows' code
 * (src/sagas/workspaceFlows.ts), after the first screen; whatever the store was given already
 * (tests' doubles) is kept.
 */
import { createActivityMonitor } from '../services/activity'
import { readEventStream } from '../services/events/eventStream'
import { windowPageHidden, windowPageHide } from '../services/page/pageHide'
import { createAzureDictationEngine } from '../services/speech/azureEngine'
import { chatDrafts } from '../services/storage/chatDraftStorage'
import { createSessionDraftStorage } from '../services/storage/draftStorage'
import { SEGMENTATION_SILENCE_MS } from './constants'
import type { AppDeps, FlowDeps, ScreenDeps } from './deps'

export function withBrowserFlowDeps(deps: ScreenDeps & Partial<FlowDeps>): AppDeps {
  return {
    ...deps,
    draftStorage: deps.draftStorage ?? createSessionDraftStorage(),
    chatDraftStorage: deps.chatDraftStorage ?? chatDrafts.inTabSession(),
    speech:
      deps.speech ?? createAzureDictationEngine({ segmentationSilenceMs: SEGMENTATION_SILENCE_MS }),
    activity:
      deps.activity ??
      createActivityMonitor({ clock: deps.clock, target: window, storage: localStorage }),
    liveEvents: deps.liveEvents ?? readEventStream,
    pageHide: deps.pageHide ?? windowPageHide(window),
    pageHidden: deps.pageHidden ?? windowPageHidden(window),
  }
}
