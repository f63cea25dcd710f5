/**
 * SEC-15, SEC-12: the local sign-up form shows the server's refusal of a new password under the
 * password field (what to do, from the strength estimator's advice), and a busy server's answer
 * likewise, keeping everything typed so the user changes only the password.
 */
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../../support/msw/server'
import { renderApp } from '../../../support/render'

const WEAK =
  'password is too easy to guess: it contains your e-mail address, your name or a word of this service. Add more words that are less common.'

async function createAccount(password: string) {
  const { user } = renderApp({ route: '/login' })
  await user.type(await screen.findByLabelText('Email'), 'grace@example.org')
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  const form = screen.getByRole('form', { name: 'Sign up or sign in' })
  await user.type(await within(form).findByLabelText('Full name'), 'Grace Hopper')
  await user.click(within(form).getByRole('button', { name: 'Create account' }))
  return form
}

describe('the sign-up form and the password policy', () => {
  it('SEC-15 a password the server finds too easy to guess: its advice under the password field, everything typed kept', async () => {
    server.use(
      http.post('/v1/auth/password/signup', () =>
        HttpResponse.json(
          { errorCode: 'E011003', errorDescription: 'Request is invalid', errorMessage: WEAK },
          { status: 400 },
        ),
      ),
    )
    const form = await createAccount('radiology')

    expect(await within(form).findByText(`P${WEAK.slice(1)}`)).toBeInTheDocument()
    const password = within(form).getByLabelText('Password')
    expect(password).toHaveAttribute('aria-invalid', 'true')
    expect(password).toHaveValue('radiology')
    expect(within(form).getByLabelText('Email')).toHaveValue('grace@example.org')
    expect(within(form).getByLabelText('Full name')).toHaveValue('Grace Hopper')
    expect(within(form).getByRole('button', { name: 'Create account' })).toBeEnabled()
  })

  it('SEC-12 a server checking too many passwords at once: its answer under the password field', async () => {
    server.use(
      http.post('/v1/auth/password/signup', () =>
        HttpResponse.json(
          {
            errorCode: 'E010503',
            errorDescription: 'Too many passwords at once',
            errorMessage:
              'The server is checking as many passwords as it can; try again in 2 seconds.',
          },
          { status: 503, headers: { 'retry-after': '2' } },
        ),
      ),
    )
    const form = await createAccount('mauve kettle orbit 17')

    expect(
      await within(form).findByText(
        'The server is checking as many passwords as it can; try again in 2 seconds.',
      ),
    ).toBeInTheDocument()
    expect(within(form).getByLabelText('Password')).toHaveValue('mauve kettle orbit 17')
  })
})
