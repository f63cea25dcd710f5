/**
 * ID-1 and ID-2: the identity SDK's session is the one the API calls carry; the SDK refreshes it
 * before expiry and ends it when the identity provider refuses; logging out ends it and drops
 * the API cache.
 */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ordersApi } from '../../../../src/services/api/ordersApi'
import { apiBackend, identityBackend, server } from '../../../support/msw/server'
import { SESSION_TTL_SECONDS } from '../../../support/msw/identityBackend'
import { renderApp, useFakeClock } from '../../../support/render'
import { http, HttpResponse } from 'msw'

/** The SDK refreshes this long before the session expires (web-js-sdk). */
const REFRESH_LEAD_MS = 20_000

describe('the identity session', () => {
  it("ID-1 API calls carry the session token of the SDK's session", async () => {
    const { user, store } = renderApp({ route: '/login' })
    await user.type(await screen.findByLabelText('Email'), 'ada@example.org')
    await user.type(screen.getByLabelText('Password'), 'analytical engine')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await user.type(await screen.findByLabelText('Full name'), 'Ada Lovelace')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await screen.findByRole('button', { name: 'Log out' })

    await store.dispatch(ordersApi.endpoints.listOrders.initiate()).unwrap()

    const sessionToken = identityBackend.lastSessionToken()
    expect(sessionToken).toBeDefined()
    expect(apiBackend.requestsTo('listOrders')[0]?.headers.get('authorization')).toBe(
      `Bearer ${sessionToken!}`,
    )
  })

  it('ID-1 a session kept from an earlier visit is restored on load and used', async () => {
    identityBackend.rememberSession('ada@example.org')
    const { store } = renderApp({ route: '/' })
    await screen.findByRole('button', { name: 'Log out' })

    await store.dispatch(ordersApi.endpoints.listPatients.initiate()).unwrap()

    expect(identityBackend.requestsTo('/v1/auth/try-refresh')).toHaveLength(1)
    expect(apiBackend.requestsTo('listPatients')[0]?.headers.get('authorization')).toBe(
      `Bearer ${identityBackend.lastSessionToken()!}`,
    )
  })

  it('ID-1 the SDK refreshes the session shortly before it expires, and API calls use the new token', async () => {
    const clock = useFakeClock()
    identityBackend.rememberSession('ada@example.org')
    const { store } = renderApp({ route: '/', advanceTimers: clock.advanceTimers })
    await screen.findByRole('button', { name: 'Log out' })
    const firstToken = identityBackend.lastSessionToken()

    vi.advanceTimersByTime(SESSION_TTL_SECONDS * 1000 - REFRESH_LEAD_MS - 1_000)
    expect(identityBackend.requestsTo('/v1/auth/refresh')).toHaveLength(0)
    vi.advanceTimersByTime(2_000)

    await waitFor(() => {
      expect(identityBackend.requestsTo('/v1/auth/refresh')).toHaveLength(1)
    })
    await waitFor(() => {
      expect(identityBackend.lastSessionToken()).not.toBe(firstToken)
    })
    // A call made now (not the worklist's first read, which may have left before the refresh).
    await store
      .dispatch(ordersApi.endpoints.listOrders.initiate(undefined, { forceRefetch: true }))
      .unwrap()
    expect(apiBackend.requestsTo('listOrders').at(-1)?.headers.get('authorization')).toBe(
      `Bearer ${identityBackend.lastSessionToken()!}`,
    )
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument()
  })

  it('ID-1 a 401 from the refresh ends the session: the app shows /login and drops its cache', async () => {
    const clock = useFakeClock()
    identityBackend.rememberSession('ada@example.org')
    const { router, store } = renderApp({ route: '/', advanceTimers: clock.advanceTimers })
    await screen.findByRole('button', { name: 'Log out' })
    await store.dispatch(ordersApi.endpoints.listOrders.initiate()).unwrap()
    server.use(
      http.post('/v1/auth/refresh', () =>
        HttpResponse.json(
          {
            errorCode: 'E061301',
            errorDescription: 'Refresh token is invalid',
            errorMessage: 'revoked',
          },
          { status: 401 },
        ),
      ),
    )

    vi.advanceTimersByTime(SESSION_TTL_SECONDS * 1000)

    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('DS')).toBeNull()
    expect(localStorage.getItem('DSR')).toBeNull()
    expect(store.getState().api.queries).toEqual({})
  })

  it('ID-2 Log out ends the session, clears the API cache and shows /login', async () => {
    identityBackend.rememberSession('ada@example.org')
    const { user, router, store } = renderApp({ route: '/' })
    await screen.findByRole('button', { name: 'Log out' })
    await store.dispatch(ordersApi.endpoints.listOrders.initiate()).unwrap()
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0)
    const refreshToken = localStorage.getItem('DSR')

    await user.click(screen.getByRole('button', { name: 'Log out' }))

    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(store.getState().api.queries).toEqual({})
    expect(identityBackend.requestsTo('/v1/auth/logout')[0]?.authorization).toBe(
      `Bearer P-readout-local:${refreshToken!}`,
    )
    expect(identityBackend.refreshTokens.has(refreshToken!)).toBe(false)
    expect(localStorage.getItem('DS')).toBeNull()
  })

  it('ID-2 after logging out, reloading the page stays on /login', async () => {
    identityBackend.rememberSession('ada@example.org')
    const first = renderApp({ route: '/' })
    await first.user.click(await screen.findByRole('button', { name: 'Log out' }))
    await screen.findByRole('button', { name: 'Continue' })
    first.unmount()

    const { router } = renderApp({ route: '/' })

    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })
})
