/**
 * LG-1..4: the login screen in local mode, with the real Descope SDK signing in and up against
 * MSW's version of the local identity endpoints.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { version } from '../../../../package.json'
import { LOGIN_REDIRECT_DELAY_MS } from '../../../../src/shared/constants'
import { identityBackend, server } from '../../../support/msw/server'
import { renderApp, testConfig, useFakeClock, type RenderAppResult } from '../../../support/render'

async function fillIn(user: RenderAppResult['user'], email: string, password: string) {
  const submit = await screen.findByRole('button', { name: 'Continue' })
  if (email) await user.type(screen.getByLabelText('Email'), email)
  if (password) await user.type(screen.getByLabelText('Password'), password)
  await user.click(submit)
}

/** The text of the login card outside the sign-in form: what the app itself shows. */
function pageTextOutsideForm(): string {
  const main = screen.getByRole('main')
  const form = within(main).getByRole('form', { name: 'Sign up or sign in' })
  return main.textContent.replace(form.textContent, '')
}

describe('the login screen', () => {
  it('LG-1 LG-4 shows a card with the product title and the sign-up-or-in form', async () => {
    renderApp({ route: '/login' })

    const title = await screen.findByRole('heading', { level: 1 })
    expect(title).toHaveTextContent(`Readout v${version}`)
    const form = screen.getByRole('form', { name: 'Sign up or sign in' })
    expect(within(form).getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(within(form).getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(within(form).getByRole('button', { name: 'Continue' })).toBeEnabled()
  })

  it('LG-4 the document title is the product title', async () => {
    renderApp({ route: '/login' })

    await screen.findByRole('heading', { level: 1 })
    expect(document.title).toBe(`Readout v${version}`)
    expect(testConfig.productTitle).toBe(`Readout v${version}`)
  })

  it('LG-2 a known user signs in; after 100 ms the app opens /', async () => {
    identityBackend.addUser('ada@example.org', 'analytical engine')
    const clock = useFakeClock()
    const { user, router } = renderApp({ route: '/login', advanceTimers: clock.advanceTimers })
    const moves: { path: string; at: number }[] = []
    router.subscribe((state) => moves.push({ path: state.location.pathname, at: Date.now() }))
    let answeredAt = 0
    server.use(
      http.post('/v1/auth/password/signin', () => {
        answeredAt = Date.now()
        return undefined
      }),
    )

    await fillIn(user, 'ada@example.org', 'analytical engine')

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
    expect(moves).toEqual([{ path: '/', at: expect.any(Number) as number }])
    expect(moves[0]!.at - answeredAt).toBeGreaterThanOrEqual(LOGIN_REDIRECT_DELAY_MS)
    expect(identityBackend.requestsTo('/v1/auth/password/signup')).toHaveLength(0)
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument()
  })

  it('LG-2 LG-5 an unknown address is told it has no account, and signs up with its full name', async () => {
    const { user, router } = renderApp({ route: '/login' })

    await fillIn(user, 'grace@example.org', 'compiler 1952')

    const form = screen.getByRole('form', { name: 'Sign up or sign in' })
    expect(
      await within(form).findByText('No account exists for grace@example.org yet.'),
    ).toBeInTheDocument()
    expect(identityBackend.requestsTo('/v1/auth/password/signup')).toHaveLength(0)
    expect(within(form).getByLabelText('Full name')).toHaveFocus()
    await user.type(within(form).getByLabelText('Full name'), 'Grace Hopper')
    await user.click(within(form).getByRole('button', { name: 'Create account' }))

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
    expect(identityBackend.requestsTo('/v1/auth/password/signin')).toHaveLength(1)
    expect(identityBackend.requestsTo('/v1/auth/password/signup')[0]?.body).toMatchObject({
      loginId: 'grace@example.org',
      password: 'compiler 1952',
      user: { email: 'grace@example.org', name: 'Grace Hopper' },
    })
  })

  it('LG-5 an account is never created without a full name, and Back keeps the e-mail', async () => {
    const { user } = renderApp({ route: '/login' })
    await fillIn(user, 'grace@example.rog', 'compiler 1952')
    const form = screen.getByRole('form', { name: 'Sign up or sign in' })
    await within(form).findByLabelText('Full name')

    await user.click(within(form).getByRole('button', { name: 'Create account' }))
    expect(await within(form).findByText('Full name is required')).toBeInTheDocument()
    expect(identityBackend.requestsTo('/v1/auth/password/signup')).toHaveLength(0)

    // A mistyped address: back to the first step, the address still there to correct.
    await user.click(within(form).getByRole('button', { name: 'Back' }))
    expect(within(form).queryByLabelText('Full name')).not.toBeInTheDocument()
    expect(within(form).getByLabelText('Email')).toHaveValue('grace@example.rog')
    expect(within(form).getByRole('button', { name: 'Continue' })).toBeEnabled()
    expect(identityBackend.users.has('grace@example.rog')).toBe(false)
  })

  it('LG-5 creating an account for an address that has one is a wrong password, not a second account', async () => {
    identityBackend.addUser('ada@example.org', 'analytical engine')
    server.use(
      // A backend that answers every failed sign-in as "user not found".
      http.post('/v1/auth/password/signin', () =>
        HttpResponse.json(
          { errorCode: 'E062108', errorDescription: 'User not found', errorMessage: 'x' },
          { status: 401 },
        ),
      ),
    )
    const { user } = renderApp({ route: '/login' })
    await fillIn(user, 'ada@example.org', 'difference engine')
    const form = screen.getByRole('form', { name: 'Sign up or sign in' })
    await user.type(await within(form).findByLabelText('Full name'), 'Ada Lovelace')

    await user.click(within(form).getByRole('button', { name: 'Create account' }))

    expect(await within(form).findByText('Incorrect email or password')).toBeInTheDocument()
    expect(within(form).queryByLabelText('Full name')).not.toBeInTheDocument()
    expect(identityBackend.users.size).toBe(1)
  })

  it('LG-1 the form requires both fields and sends nothing without them', async () => {
    const { user } = renderApp({ route: '/login' })

    await fillIn(user, '', '')

    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(identityBackend.requests).toHaveLength(0)
  })

  it('LG-1 the form refuses an address that is not an e-mail', async () => {
    const { user } = renderApp({ route: '/login' })

    await fillIn(user, 'ada at example', 'analytical engine')

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument()
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument()
    expect(identityBackend.requests).toHaveLength(0)
  })

  it('LG-3 a wrong password is reported inside the form only, and logged', async () => {
    identityBackend.addUser('ada@example.org', 'analytical engine')
    const { user, router, deps } = renderApp({ route: '/login' })
    await screen.findByRole('form', { name: 'Sign up or sign in' })
    const before = pageTextOutsideForm()

    await fillIn(user, 'ada@example.org', 'difference engine')

    const form = screen.getByRole('form', { name: 'Sign up or sign in' })
    expect(await within(form).findByText('Incorrect email or password')).toBeInTheDocument()
    expect(pageTextOutsideForm()).toBe(before)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(deps.logger.events('error')).toEqual(['auth/signInFailed'])
    expect(router.state.location.pathname).toBe('/login')
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled()
  })

  it("LG-1 a new account's password policy is shown in the form", async () => {
    const { user } = renderApp({ route: '/login' })

    await fillIn(user, 'short@example.org', 'abc')
    await user.type(await screen.findByLabelText('Full name'), 'Short Password')
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(identityBackend.users.has('short@example.org')).toBe(false)
  })

  it('LG-3 when the identity service fails, nothing is added to the page; the error is logged', async () => {
    server.use(
      http.post('/v1/auth/password/signin', () =>
        HttpResponse.json(
          { errorCode: 'E010500', errorDescription: 'Internal error', errorMessage: 'x' },
          { status: 500 },
        ),
      ),
    )
    const { user, deps, router } = renderApp({ route: '/login' })
    const form = await screen.findByRole('form', { name: 'Sign up or sign in' })
    const before = screen.getByRole('main').textContent

    await fillIn(user, 'ada@example.org', 'analytical engine')

    await waitFor(() => {
      expect(deps.logger.events('error')).toEqual(['auth/signInFailed'])
    })
    expect(screen.getByRole('main').textContent).toBe(before)
    expect(within(form).getByRole('button', { name: 'Continue' })).toBeEnabled()
    expect(router.state.location.pathname).toBe('/login')
  })
})
