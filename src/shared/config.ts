/**
 * The configuration as components read it: from a context that tests can fill, defaulting to
 * the page's own (appConfig.ts, which also holds everything else of the configuration).
 */
import { createContext, useContext } from 'react'
import { appConfig, type AppConfig } from './appConfig'

export * from './appConfig'

export const ConfigContext = createContext<AppConfig>(appConfig)

export function useAppConfig(): AppConfig {
  return useContext(ConfigContext)
}
