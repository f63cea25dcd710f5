/**
 * Helpers of the web tests about sessions and what outlives them: the identity provider ending a
 * session on its own, signing in through the login form, the tab's session storage as one text,
 * and a draft storage the browser refuses to write to.
 */
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { vi } from 'vitest'
import type { Owned, OwnedStorage } from '../../src/services/storage/ownedStorage'
import { SESSION_TTL_SECONDS } from './msw/identityBackend'
import { server } from './msw/server'
import type { RenderAppResult } from './render'

/**
 * The identity provider refuses the refresh: the session ends in the page, without 'Log out'.
 * Needs fake timers (`useFakeClock`): the SDK's refresh is due before the session expires.
 */
export async function sessionExpiresInThePage(): Promise<void> {
  server.use(
    http.post('/v1/auth/refresh', () =>
      HttpResponse.json(
        { errorCode: 'E061301', errorDescription: 'Refresh token is invalid' },
        { status: 401 },
      ),
    ),
  )
  vi.advanceTimersByTime(SESSION_TTL_SECONDS * 1000)
  await screen.findByRole('button', { name: 'Continue' })
}

/** Signs in through the login form and waits for the workspace. */
export async function signIn(
  view: RenderAppResult,
  email: string,
  password: string,
): Promise<void> {
  await view.user.type(await screen.findByLabelText('Email'), email)
  await view.user.type(screen.getByLabelText('Password'), password)
  await view.user.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByRole('button', { name: 'Log out' })
}

/** Everything in the tab's session storage, as one text. */
export function tabStorage(): string {
  return Object.keys(sessionStorage)
    .map((key) => sessionStorage.getItem(key))
    .join('\n')
}

/** `storage`, except that the browser refuses every write, as when its quota is used up. */
export function refusingToSave<T extends Owned>(storage: OwnedStorage<T>): OwnedStorage<T> {
  return {
    ...storage,
    save: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    },
  }
}
