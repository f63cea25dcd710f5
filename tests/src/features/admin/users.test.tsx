/**
 * ADM-12..ADM-15: the Users tab. Roles change by checkbox (the whole new list is sent), an
 * account is deactivated after a question and reactivated without one, a refused change goes
 * back with the server's own words, and an identity provider's accounts show its message.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { LAST_ADMIN_MESSAGE, MANAGED_MESSAGE } from '../../../support/msw/adminBackend'
import { routePattern } from '../../../support/msw/apiBackend'
import { apiBackend, server } from '../../../support/msw/server'
import { bodyRows, renderAdmin } from './support'

const tess = () => apiBackend.admin.users.find((user) => user.id === 'U-tess')

describe('the Users tab', () => {
  it('ADM-12 lists every account with its name, email, roles and status', async () => {
    await renderAdmin()
    const table = await screen.findByRole('table', { name: 'Users' })

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(headers).toEqual(['Name', 'Email', 'Roles', 'Status'])
    const [, second] = bodyRows(table)
    expect(second).toHaveTextContent('Dr Tess Trainee')
    expect(second).toHaveTextContent('tess@example.org')
    expect(second).toHaveTextContent('Active')
    expect(screen.getByRole('checkbox', { name: 'Radiologist for Dr Tess Trainee' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Trainee for Dr Tess Trainee' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Admin for Dr Tess Trainee' })).not.toBeChecked()
  })

  it('ADM-12 ticking a role sends the whole new list, and the box stays ticked', async () => {
    const view = await renderAdmin()
    const trainee = await screen.findByRole('checkbox', { name: 'Trainee for Dr Tess Trainee' })

    await view.user.click(trainee)
    await view.user.click(screen.getByRole('checkbox', { name: 'Radiologist for Dr Tess Trainee' }))

    await waitFor(() => {
      expect(apiBackend.requestsTo('updateUser')).toHaveLength(2)
    })
    const bodies = apiBackend.requestsTo('updateUser').map((request) => request.body)
    expect(bodies).toEqual([{ roles: ['radiologist', 'trainee'] }, { roles: ['trainee'] }])
    expect(apiBackend.requestsTo('updateUser')[0]?.path).toBe('/api/v1/admin/users/U-tess')
    await waitFor(() => {
      expect(tess()?.roles).toEqual(['trainee'])
    })
    expect(trainee).toBeChecked()
    expect(
      screen.getByRole('checkbox', { name: 'Radiologist for Dr Tess Trainee' }),
    ).not.toBeChecked()
  })

  it("ADM-13 a refused change goes back and shows the server's message (409 last_admin)", async () => {
    const view = await renderAdmin()
    const ownAdmin = await screen.findByRole('checkbox', { name: 'Admin for Dr Test' })
    expect(ownAdmin).toBeChecked()

    await view.user.click(ownAdmin)

    expect(await screen.findByRole('alert')).toHaveTextContent(LAST_ADMIN_MESSAGE)
    await waitFor(() => {
      expect(screen.getByRole('checkbox', { name: 'Admin for Dr Test' })).toBeChecked()
    })
    expect(apiBackend.admin.users[0]?.roles).toContain('admin')
  })

  it("ADM-14 'Deactivate' asks first; Cancel changes nothing, Deactivate ends the account's access, 'Reactivate' restores it", async () => {
    const view = await renderAdmin()
    await view.user.click(await screen.findByRole('button', { name: 'Deactivate Dr Tess Trainee' }))
    const question = await screen.findByRole('alertdialog', {
      name: 'Deactivate Dr Tess Trainee? Their sessions end at once.',
    })

    await view.user.click(within(question).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })
    expect(apiBackend.requestsTo('updateUser')).toHaveLength(0)

    await view.user.click(screen.getByRole('button', { name: 'Deactivate Dr Tess Trainee' }))
    const again = await screen.findByRole('alertdialog')
    await view.user.click(within(again).getByRole('button', { name: 'Deactivate' }))

    const reactivate = await screen.findByRole('button', { name: 'Reactivate Dr Tess Trainee' })
    expect(apiBackend.requestsTo('updateUser')[0]?.body).toEqual({ active: false })
    const row = reactivate.closest('tr')
    expect(row).toHaveTextContent('Deactivated')
    await waitFor(() => {
      expect(tess()?.active).toBe(false)
    })

    await view.user.click(reactivate)

    expect(
      await screen.findByRole('button', { name: 'Deactivate Dr Tess Trainee' }),
    ).toBeInTheDocument()
    expect(apiBackend.requestsTo('updateUser')[1]?.body).toEqual({ active: true })
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    await waitFor(() => {
      expect(tess()?.active).toBe(true)
    })
  })

  it('ADM-13 a deactivation the server refuses shows the account active again, with the reason', async () => {
    server.use(
      http.patch(routePattern('updateUser'), () =>
        HttpResponse.json({ error: 'last_admin', message: LAST_ADMIN_MESSAGE }, { status: 409 }),
      ),
    )
    const view = await renderAdmin()
    await view.user.click(await screen.findByRole('button', { name: 'Deactivate Dr Tess Trainee' }))
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }),
    )

    expect(await screen.findByRole('alert')).toHaveTextContent(LAST_ADMIN_MESSAGE)
    expect(
      await screen.findByRole('button', { name: 'Deactivate Dr Tess Trainee' }),
    ).toBeInTheDocument()
  })

  it("ADM-15 an identity provider's accounts: the server's message stands instead of the table", async () => {
    apiBackend.admin.managedByIdentityProvider = true
    await renderAdmin()

    expect(await screen.findByText(MANAGED_MESSAGE)).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Users' })).not.toBeInTheDocument()
  })
})
