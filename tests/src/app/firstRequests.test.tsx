/**
 * ID-3: no waterfall between the stored session and the worklist. The identity SDK checks a
 * session kept from an earlier visit with a refresh round trip; when the stored session token is
 * still good, the worklist is requested beside that refresh instead of after it.
 */
import { QueryStatus } from '@reduxjs/toolkit/query'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiBackend, identityBackend } from '../../support/msw/server'
import { renderApp } from '../../support/render'
import { holdRefresh, storedTokenExpiringIn } from '../../support/storedSession'

/** Requests for the worklist itself (Active Studies is a query of its own, `status=in_progress`). */
const worklistRequests = () =>
  apiBackend.requestsTo('listOrders').filter((request) => !request.query?.has('status'))

const worklistAuthorizations = () =>
  worklistRequests().map((request) => request.headers.get('authorization'))

describe('the first request of a returning clinician', () => {
  it('ID-3 the worklist is requested with the stored token while the refresh is under way, and read once', async () => {
    const stored = identityBackend.rememberSession('ada@example.org')
    const releaseRefresh = holdRefresh()
    renderApp({ route: '/' })

    await waitFor(() => {
      expect(worklistAuthorizations()).toEqual([`Bearer ${stored.sessionJwt}`])
    })
    expect(screen.getByText('Loading...')).toBeInTheDocument()

    releaseRefresh()
    const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
    expect(within(worklist).getAllByRole('option')).toHaveLength(apiBackend.orders.length)
    expect(worklistRequests()).toHaveLength(1)
  })

  it('ID-3 ID-2 when the refresh is refused, what the stored token fetched is dropped', async () => {
    identityBackend.rememberSession('ada@example.org')
    const releaseRefresh = holdRefresh(() =>
      HttpResponse.json(
        { errorCode: 'E061301', errorDescription: 'Refresh token is invalid', errorMessage: '' },
        { status: 401 },
      ),
    )
    const { router, store } = renderApp({ route: '/' })
    await waitFor(() => {
      const worklistPages = Object.entries(store.getState().api.queries).filter(([key]) =>
        key.startsWith('listOrderPage('),
      )
      expect(worklistPages.some(([, query]) => query?.status === QueryStatus.fulfilled)).toBe(true)
    })

    releaseRefresh()

    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    await waitFor(() => {
      expect(store.getState().api.queries).toEqual({})
    })
  })

  it('ID-3 a stored token about to expire waits for the refreshed one', async () => {
    identityBackend.rememberSession('ada@example.org')
    storedTokenExpiringIn(10)
    renderApp({ route: '/' })

    await screen.findByRole('listbox', { name: 'Worklist' })
    expect(worklistAuthorizations()).toEqual([`Bearer ${identityBackend.lastSessionToken()!}`])
  })

  it('ID-3 a visitor without a stored session requests nothing before signing in', async () => {
    renderApp({ route: '/' })

    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(apiBackend.requests).toEqual([])
  })
})
