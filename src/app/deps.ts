/**
 * The app's collaborators that are not data: they reach the base query as the thunk extra
 * argument, sagas as the saga context and components through `useDeps`, and never live in the
 * store (ARCHITECTURE rule 4). main.tsx creates the browser ones; tests pass doubles.
 */
import { createContext, useContext } from 'react'
import { descopeSessionTokenSource } from '../services/auth/sessionTokenSource'
import type { ApiDeps } from '../services/api/baseApi'
import { createConsoleLogger } from '../services/log'
import { browserNavigator } from '../services/navigation'

/** Grows with the features: the dictation issue adds the speech engine here. */
export type AppDeps = ApiDeps

export function createBrowserDeps(): AppDeps {
  return {
    session: descopeSessionTokenSource,
    navigator: browserNavigator,
    logger: createConsoleLogger(import.meta.env.DEV ? 'debug' : 'info'),
  }
}

export const DepsContext = createContext<AppDeps | null>(null)

export function useDeps(): AppDeps {
  const deps = useContext(DepsContext)
  if (!deps) throw new Error('useDeps must be used inside <AppProviders>')
  return deps
}
