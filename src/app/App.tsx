import { RouterProvider } from 'react-router-dom'
import type { createAppRouter } from './router'
import type { AppConfig } from '../shared/config'
import type { ScreenDeps } from '../shared/deps'
import { AppProviders } from './providers'
import type { AppStore } from './store'

export interface AppProps {
  store: AppStore
  deps: ScreenDeps
  config: AppConfig
  router: ReturnType<typeof createAppRouter>
}

export function App({ store, deps, config, router }: AppProps) {
  return (
    <AppProviders store={store} deps={deps} config={config}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
