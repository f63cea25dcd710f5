/**
 * The app's start, once the page's first script (src/main.tsx, src/app/boot) has let it: creates
 * the collaborators (logger, navigation, the identity SDK's token source, the first paint to
 * release), the store (which starts the root saga) and the router, then renders.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createActionRecorder, exposeActionLog } from './actionLog'
import { App } from './App'
import { startEarlyRequests } from './earlyRequests'
import { appConfig } from '../shared/config'
import { createBrowserDeps } from '../shared/deps'
import { createAppRouter } from './router'
import { makeStore, rootReducer } from './store'
import type { Boot } from './boot/firstPaint'
import { offerFirstAnswer } from '../services/api/firstAnswer'

export function start(boot: Boot): void {
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')

  // The worklist's first page, already asked for by the first script, is not asked for again.
  offerFirstAnswer(boot.answer)
  const deps = { ...createBrowserDeps(), firstPaint: boot.firstPaint }
  // Development and test builds record every action so a session can be replayed in DevTools.
  const recorder =
    import.meta.env.DEV || import.meta.env.VITE_ACTION_LOG === 'true'
      ? createActionRecorder()
      : undefined
  const store = makeStore(undefined, deps, recorder ? { recorder } : {})
  if (recorder) exposeActionLog(recorder, store, rootReducer, () => import('./everyEndpoint'))
  const router = createAppRouter()
  // A returning clinician's worklist leaves now, before the first render (ID-3).
  startEarlyRequests(store, deps)

  createRoot(container).render(
    <StrictMode>
      <App store={store} deps={deps} config={appConfig} router={router} />
    </StrictMode>,
  )
}
