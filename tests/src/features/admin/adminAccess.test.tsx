/**
 * ADM-10, ADM-11: the Admin page at /admin, for admins only: its heading and tabs, the way back
 * to the worklist, and everyone else (or a backend without /me) sent on to '/'.
 */
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { routePattern } from '../../../support/msw/apiBackend'
import { apiBackend, server } from '../../../support/msw/server'
import { renderApp } from '../../../support/render'
import { renderAdmin, rememberAdminSession } from './support'

describe('the Admin page', () => {
  it("ADM-10 an admin at /admin sees 'Admin' with the tabs 'Users' and 'Audit trail', and 'Worklist' back to /", async () => {
    const view = await renderAdmin()

    expect(screen.getByRole('tab', { name: 'Users', selected: true })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Audit trail' })).toBeInTheDocument()
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument()
    // The audit trail is read only once its tab is chosen.
    expect(apiBackend.requestsTo('listAuditEvents')).toHaveLength(0)
    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('button', { name: 'Log out' }),
    )

    await view.user.click(screen.getByRole('link', { name: 'Worklist' }))

    await waitFor(() => {
      expect(view.router.state.location.pathname).toBe('/')
    })
  })

  it('ADM-10 the tabs are reached and switched with the keyboard', async () => {
    const view = await renderAdmin()
    const users = screen.getByRole('tab', { name: 'Users' })
    users.focus()

    await view.user.keyboard('{ArrowRight}')
    await waitFor(() => {
      expect(screen.getByRole('tab', { name: 'Audit trail' })).toHaveFocus()
    })
    await view.user.keyboard('{Enter}')

    expect(await screen.findByRole('table', { name: 'Audit trail' })).toBeInTheDocument()
  })

  it("ADM-11 a radiologist who opens /admin is sent to '/' without a call to the admin routes", async () => {
    rememberAdminSession(['radiologist'])
    const view = renderApp({ route: '/admin' })

    await waitFor(() => {
      expect(view.router.state.location.pathname).toBe('/')
    })
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument()
    expect(apiBackend.requestsTo('listUsers')).toHaveLength(0)
  })

  it("ADM-11 with a backend without GET /me, /admin goes to '/'", async () => {
    server.use(
      http.get(routePattern('whoAmI'), () =>
        HttpResponse.json({ error: 'not_found', message: 'no such route' }, { status: 404 }),
      ),
    )
    rememberAdminSession()
    const view = renderApp({ route: '/admin' })

    await waitFor(() => {
      expect(view.router.state.location.pathname).toBe('/')
    })
    expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument()
  })
})
