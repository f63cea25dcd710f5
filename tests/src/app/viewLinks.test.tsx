/**
 * RL-18, RL-19: the ways to the signed-in views (under the product's title in the workspace, in the
 * header of the other views) follow the session's roles (GET /me),
 * a backend without /me offers none of our views, and a view opened by someone its roles leave
 * out sends them to '/'.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { UserRole } from '../../../contract'
import { apiBackend, identityBackend } from '../../support/msw/server'
import { signedInAs } from '../../support/msw/teachingBackend'
import { renderApp } from '../../support/render'

async function viewLinks(roles: UserRole[] | 'none', route = '/') {
  if (roles === 'none') apiBackend.teaching.me = 'none'
  else signedInAs(apiBackend, roles)
  identityBackend.rememberSession('ada@example.org')
  const view = renderApp({ route })
  await screen.findByRole('button', { name: 'Log out' })
  const nav = screen.getByRole('navigation', { name: 'Views' })
  // The links follow GET /me's answer: wait until it has come.
  await waitFor(() => {
    expect(apiBackend.requestsTo('whoAmI').length).toBeGreaterThan(0)
  })
  return { ...view, nav }
}

const names = (nav: HTMLElement) =>
  within(nav)
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])

describe('the ways to the views', () => {
  it('RL-18 a radiologist in the workspace has Follow-ups, Department and Peer review', async () => {
    const { nav } = await viewLinks(['radiologist'])
    await waitFor(() => {
      expect(names(nav)).toEqual([
        ['Follow-ups', '/follow-ups'],
        ['Department', '/department'],
        ['Peer review', '/peer-review'],
      ])
    })
  })

  it('RL-18 a trainee has Follow-ups and Department, no Peer review', async () => {
    const { nav } = await viewLinks(['trainee'])
    await waitFor(() => {
      expect(names(nav).map(([name]) => name)).toEqual(['Follow-ups', 'Department'])
    })
  })

  it('RL-18 an admin radiologist also has Admin', async () => {
    const { nav } = await viewLinks(['radiologist', 'admin'])
    await waitFor(() => {
      expect(names(nav).map(([name]) => name)).toEqual([
        'Follow-ups',
        'Department',
        'Peer review',
        'Admin',
      ])
    })
  })

  it('RL-18 a backend without GET /me offers none of our views', async () => {
    const { nav } = await viewLinks('none')
    expect(await within(screen.getByRole('banner')).findByText('Radiologist')).toBeVisible()
    expect(names(nav)).toEqual([])
  })

  it("RL-19 a view's page leaves itself out of the links and offers the way back to the worklist", async () => {
    const { nav, user, router } = await viewLinks(['radiologist'], '/department')
    await waitFor(() => {
      expect(names(nav).map(([name]) => name)).toEqual(['Worklist', 'Follow-ups', 'Peer review'])
    })
    await user.click(within(nav).getByRole('link', { name: 'Worklist' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
  })

  it("RL-19 a trainee who opens /peer-review is sent to '/'", async () => {
    const { router } = await viewLinks(['trainee'], '/peer-review')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
    expect(screen.queryByRole('heading', { level: 1, name: 'Peer review' })).toBeNull()
  })
})
