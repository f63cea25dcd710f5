/**
 * Everything the screens need around them: configuration, collaborators, the store, the theme
 * (its styles carrying the page's CSP nonce, SEC-30) and the identity SDK. App.tsx puts the
 * router inside; tests do the same with a memory router. FirstRequests drops what a returning clinician's first requests fetched if the SDK's session
 * check refuses the stored session (src/app/earlyRequests.ts started them).
 */
import { ChakraProvider } from '@chakra-ui/react'
import { CacheProvider } from '@emotion/react'
import { AuthProvider } from '@descope/react-sdk'
import type { ReactNode } from 'react'
import { Provider as ReduxProvider } from 'react-redux'
import { SessionBridge } from '../features/auth'
import { ConfigContext, type AppConfig, type IdentityConfig } from '../shared/config'
import { DepsContext, type ScreenDeps } from '../shared/deps'
import { FirstRequests } from './FirstRequests'
import type { AppStore } from './store'
import { styleCache } from './styleCache'
import { appSystem } from './theme'

export interface AppProvidersProps {
  store: AppStore
  deps: ScreenDeps
  config: AppConfig
  children: ReactNode
}

/** Local mode points the SDK at our own server, on the page's origin (local-identity.md). */
function identityBaseUrl(identity: IdentityConfig): string | undefined {
  return identity.mode === 'local' ? window.location.origin : identity.baseUrl
}

export function AppProviders({ store, deps, config, children }: AppProvidersProps) {
  return (
    <ConfigContext.Provider value={config}>
      <DepsContext.Provider value={deps}>
        <ReduxProvider store={store}>
          <CacheProvider value={styleCache()}>
            <ChakraProvider value={appSystem()}>
              <AuthProvider
                projectId={config.identity.projectId}
                baseUrl={identityBaseUrl(config.identity)}
              >
                <SessionBridge />
                <FirstRequests />
                {children}
              </AuthProvider>
            </ChakraProvider>
          </CacheProvider>
        </ReduxProvider>
      </DepsContext.Provider>
    </ConfigContext.Provider>
  )
}
