/**
 * The page's entry: creates the collaborators (logger, navigation, the identity SDK's token
 * source), the store (which starts the root saga) and the router, then renders.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createActionRecorder, exposeActionLog } from './app/actionLog'
import { App } from './app/App'
import { startEarlyRequests } from './app/earlyRequests'
import { appConfig } from './shared/config'
import { createBrowserDeps } from './shared/deps'
import { createAppRouter } from './app/router'
import { makeStore, rootReducer } from './app/store'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const deps = createBrowserDeps()
// Development and test builds record every action so a session can be replayed in DevTools.
const recorder =
  import.meta.env.DEV || import.meta.env.VITE_ACTION_LOG === 'true'
    ? createActionRecorder()
    : undefined
const store = makeStore(undefined, deps, recorder ? { recorder } : {})
if (recorder) exposeActionLog(recorder, store, rootReducer)
const router = createAppRouter()
// A returning clinician's worklist leaves now, before the first render (ID-3).
startEarlyRequests(store, deps)

createRoot(container).render(
  <StrictMode>
    <App store={store} deps={deps} config={appConfig} router={router} />
  </StrictMode>,
)
