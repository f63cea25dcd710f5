/**
 * The workspace frame at '/': the sidebar with the product title and its toggle, and the header
 * with 'Log out'. Nothing else is there yet.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { version } from '../../../package.json'
import { identityBackend } from '../../support/msw/server'
import { renderApp } from '../../support/render'

describe('the workspace frame', () => {
  it('LG-4 the sidebar shows the product title, and the tab too', async () => {
    identityBackend.rememberSession('ada@example.org')
    renderApp({ route: '/' })

    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' })
    expect(within(sidebar).getByRole('heading')).toHaveTextContent(`Readout v${version}`)
    expect(document.title).toBe(`Readout v${version}`)
  })

  it('WS-1 the toggle closes and reopens the sidebar', async () => {
    identityBackend.rememberSession('ada@example.org')
    const { user } = renderApp({ route: '/' })
    const toggle = await screen.findByRole('button', { name: 'Toggle sidebar' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')

    await user.click(toggle)

    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByRole('complementary', { hidden: true })).toHaveAttribute(
      'data-state',
      'closed',
    )
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute(
      'data-state',
      'open',
    )
  })

  it('WS-9 the header has the logout button and the frame calls no API yet', async () => {
    identityBackend.rememberSession('ada@example.org')
    renderApp({ route: '/' })

    const header = await screen.findByRole('banner')
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(screen.getByRole('main')).toBeEmptyDOMElement()
  })
})
