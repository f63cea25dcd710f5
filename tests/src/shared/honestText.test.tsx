/**
 * SEC-38: the forms refuse text that deceives before sending it, naming the field and the
 * character the clinician cannot see: the sign-up's 'Full name', the critical result form's
 * Recipient and Role, and a macro's text. Nothing is sent; names in any script pass.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { apiBackend, server } from '../../support/msw/server'
import { renderApp } from '../../support/render'
import { renderReportEditor } from '../features/report/support'
import {
  CRITICAL,
  checkAnswers,
  giveO1Report,
  openFinalize,
} from '../features/report/signing/finalizeSupport'

const OVERRIDE = '\u202E'
const message = (label: string, codePoint: string) =>
  `${label} holds an invisible or direction-changing character (${codePoint}). Type it again without it.`

describe('forms and text that deceives', () => {
  it('SEC-38 a full name holding a direction override is refused under the field; no account is asked for', async () => {
    let signUps = 0
    server.use(
      http.post('/v1/auth/password/signup', () => {
        signUps += 1
        return HttpResponse.json({}, { status: 500 })
      }),
    )
    const { user } = renderApp({ route: '/login' })
    await user.type(await screen.findByLabelText('Email'), 'grace@example.org')
    await user.type(screen.getByLabelText('Password'), 'mauve kettle orbit 17')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    const form = screen.getByRole('form', { name: 'Sign up or sign in' })
    const name = await within(form).findByLabelText('Full name')
    // Pasted: a person cannot type it.
    fireEvent.change(name, { target: { value: `Dr Grace ${OVERRIDE}reppoH` } })
    await user.click(within(form).getByRole('button', { name: 'Create account' }))

    expect(await within(form).findByText(message('Full name', 'U+202E'))).toBeInTheDocument()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(signUps).toBe(0)
  })

  it('SEC-38 a recipient or role holding one is refused in the critical result form; Record stays disabled', async () => {
    giveO1Report()
    checkAnswers([CRITICAL])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)
    const form = within(dialog).getByRole('group', { name: 'Critical result communication' })
    const recipient = within(form).getByLabelText(/Recipient/)
    const role = within(form).getByLabelText(/Role/)
    const record = within(form).getByRole('button', { name: 'Record communication' })

    fireEvent.change(recipient, { target: { value: 'Dr Grace\u200B Hopper' } })
    await view.user.type(role, 'Referring physician')
    expect(await within(form).findByText(message('Recipient', 'U+200B'))).toBeVisible()
    expect(recipient).toHaveAttribute('aria-invalid', 'true')
    expect(record).toBeDisabled()

    fireEvent.change(recipient, { target: { value: 'د. علی‌رضا' } })
    fireEvent.change(role, { target: { value: `ED${OVERRIDE} attending` } })
    expect(await within(form).findByText(message('Role', 'U+202E'))).toBeVisible()
    expect(within(form).queryByText(/Recipient holds/)).not.toBeInTheDocument()
    expect(record).toBeDisabled()

    fireEvent.change(role, { target: { value: 'ED attending' } })
    await waitFor(() => {
      expect(record).toBeEnabled()
    })
    expect(apiBackend.requestsTo('recordCommunication')).toHaveLength(0)
  })

  it('SEC-38 a macro whose text holds one is refused in the dialog and not sent', async () => {
    const view = await renderReportEditor()
    await view.user.click(screen.getByRole('button', { name: 'Macros' }))
    await screen.findByRole('menu')
    await view.user.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => {
      expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    })
    const dialog = await screen.findByRole('dialog', { name: 'Macros' }, { timeout: 5000 })
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'nml')
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), {
      target: { value: `No ${OVERRIDE}tfel effusion.` },
    })
    await view.user.click(within(dialog).getByRole('button', { name: 'Add macro' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message('The text', 'U+202E'))
    expect(apiBackend.requestsTo('createMacro')).toHaveLength(0)
  })
})
