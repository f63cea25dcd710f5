/**
 * RT-1..5: the routes and their guards, with the real Descope SDK talking to MSW's local identity.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { identityBackend } from '../../support/msw/server'
import { holdRefresh } from '../../support/storedSession'
import { routesBrokenAt } from '../../support/brokenRoute'
import { renderApp, testConfig } from '../../support/render'

describe('routes and session', () => {
  it('RT-2 a visitor without a session who opens / is sent to /login', async () => {
    const { router } = renderApp({ route: '/' })

    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('RT-2 a signed-in user sees the workspace at /', async () => {
    identityBackend.rememberSession('ada@example.org')
    const { router } = renderApp({ route: '/' })

    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('RT-1 a signed-in visitor of /login is sent to /', async () => {
    identityBackend.rememberSession('ada@example.org')
    const { router } = renderApp({ route: '/login' })

    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument()
  })

  it("RT-3 'Loading...' is shown while the session is being restored", async () => {
    identityBackend.rememberSession('ada@example.org')
    const answerRefresh = holdRefresh()
    renderApp({ route: '/' })

    expect(await screen.findByText('Loading...')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument()
    answerRefresh()
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument()
  })

  it('RT-4 any other path goes to /, and from there to /login without a session', async () => {
    const { router } = renderApp({ route: '/worklist/42' })

    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('RT-4 any other path goes to / for a signed-in user', async () => {
    identityBackend.rememberSession('ada@example.org')
    const { router } = renderApp({ route: '/no/such/page' })

    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it("RT-5 an uncaught route error shows 'Unexpected Application Error!' with a way back", async () => {
    const routes = routesBrokenAt('/broken')
    // React reports the render error on the console before the error page takes over.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, deps } = renderApp({ route: '/broken', routes })

    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the worklist' })).toHaveAttribute('href', '/')
    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(deps.navigator.reloads).toBe(1)
    expect(deps.logger.events('error')).toContain('route/uncaughtError')
    expect(screen.queryByText('render failed')).not.toBeInTheDocument()
    expect(document.title).toBe(testConfig.productTitle)
    consoleError.mockRestore()
  })
})
