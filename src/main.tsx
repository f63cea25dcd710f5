/**
 * The page's entry: creates the collaborators (logger, navigation, the identity SDK's token
 * source), the store (which starts the root saga) and the router, then renders.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { appConfig } from './app/config'
import { createBrowserDeps } from './app/deps'
import { createAppRouter } from './app/router'
import { makeStore } from './app/store'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const deps = createBrowserDeps()
const store = makeStore(undefined, deps)
const router = createAppRouter()

createRoot(container).render(
  <StrictMode>
    <App store={store} deps={deps} config={appConfig} router={router} />
  </StrictMode>,
)
