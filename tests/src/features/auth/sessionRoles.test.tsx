/**
 * RL-15 and RL-16: the session's roles come from GET /me when the session starts and show beside
 * the signed-in name, with the 'Admin' link for an admin among the views; a backend without /me is the spec's
 * (a radiologist); a call refused with 403 reads /me again, so a role the admin changed shows.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ordersApi } from '../../../../src/services/api/ordersApi'
import { selectSessionAccess } from '../../../../src/services/api/teachingApi'
import { apiBackend, identityBackend, server } from '../../../support/msw/server'
import { routePattern } from '../../../support/msw/apiBackend'
import { signedInAs } from '../../../support/msw/teachingBackend'
import { renderApp } from '../../../support/render'
import { http, HttpResponse } from 'msw'

/** The ways to the other views (src/app/ViewLinks.tsx), under the product's title. */
const views = () => screen.getByRole('navigation', { name: 'Views' })

async function header() {
  identityBackend.rememberSession('ada@example.org')
  const view = renderApp({ route: '/' })
  await screen.findByRole('button', { name: 'Log out' })
  return { ...view, banner: screen.getByRole('banner') }
}

describe('the session roles', () => {
  it('RL-16 a trainee reads Trainee beside the name, and no Admin link', async () => {
    signedInAs(apiBackend, ['trainee'])
    const { banner } = await header()

    expect(await within(banner).findByText('Trainee')).toBeInTheDocument()
    expect(within(views()).queryByRole('link', { name: 'Admin' })).toBeNull()
    expect(apiBackend.requestsTo('whoAmI')).toHaveLength(1)
  })

  it("RL-16 an admin radiologist reads 'Admin · Radiologist' and has the Admin link to /admin", async () => {
    signedInAs(apiBackend, ['radiologist', 'admin'])
    const { banner } = await header()

    expect(await within(banner).findByText('Admin · Radiologist')).toBeInTheDocument()
    expect(within(views()).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')
  })

  it('RL-15 a backend without /me: the user is a radiologist who may clear', async () => {
    apiBackend.teaching.me = 'none'
    const { banner, store } = await header()

    expect(await within(banner).findByText('Radiologist')).toBeInTheDocument()
    expect(selectSessionAccess(store.getState())).toMatchObject({
      roles: ['radiologist'],
      clear_all: true,
    })
  })

  it('RL-15 an unreadable /me answer is as none', async () => {
    server.use(http.get(routePattern('whoAmI'), () => HttpResponse.json({ hello: 'world' })))
    const { banner } = await header()

    expect(await within(banner).findByText('Radiologist')).toBeInTheDocument()
  })

  it('RL-15 a call refused with 403 reads /me again: the new role shows', async () => {
    signedInAs(apiBackend, ['radiologist'])
    const { banner, store } = await header()
    await within(banner).findByText('Radiologist')

    signedInAs(apiBackend, ['trainee'])
    server.use(
      http.get(routePattern('listPatients'), () =>
        HttpResponse.json({ error: 'forbidden', message: 'No.' }, { status: 403 }),
      ),
    )
    await expect(
      store.dispatch(ordersApi.endpoints.listPatients.initiate(undefined, { forceRefetch: true })),
    ).resolves.toMatchObject({ isError: true })

    expect(await within(banner).findByText('Trainee')).toBeInTheDocument()
    await waitFor(() => {
      expect(apiBackend.requestsTo('whoAmI')).toHaveLength(2)
    })
  })
})
