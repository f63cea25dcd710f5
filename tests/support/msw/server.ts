/**
 * The MSW server of the web tests: the in-memory /api/v1 and the in-memory local identity.
 * setupDom.ts starts it with `onUnhandledRequest: 'error'` and resets both backends after each
 * test; a test changes single answers with `server.use(...)`.
 */
import { setupServer } from 'msw/node'
import { apiHandlers, createApiBackend } from './apiBackend'
import { createIdentityBackend, identityHandlers } from './identityBackend'

export const apiBackend = createApiBackend()
export const identityBackend = createIdentityBackend()

export const server = setupServer(...identityHandlers(identityBackend), ...apiHandlers(apiBackend))

export function resetBackends(): void {
  apiBackend.reset()
  identityBackend.reset()
}
