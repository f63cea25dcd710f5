/**
 * The workspace at '/', composed as the clinician sees it: the sidebar and its toggle, the
 * header with the open study's patient, 'Toggle report editor', who is signed in and 'Log out', the centre
 * (the prompt, or the chat) and the report editor in the right half.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { version } from '../../../package.json'
import { SIDEBAR_TRANSITION_MS, SIDEBAR_WIDTH } from '../../../src/shared/constants'
import { identityBackend } from '../../support/msw/server'
import { renderApp } from '../../support/render'

function signedIn() {
  identityBackend.rememberSession('ada@example.org')
  return renderApp({ route: '/' })
}

async function openStudy(view: ReturnType<typeof renderApp>, patient: RegExp) {
  const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
  await view.user.click(within(worklist).getByRole('option', { name: patient }))
}

describe('the workspace', () => {
  it('LG-4 the sidebar shows the product title, and the tab too', async () => {
    signedIn()

    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' })
    expect(within(sidebar).getByRole('heading', { level: 2 })).toHaveTextContent(
      `Readout v${version}`,
    )
    expect(document.title).toBe(`Readout v${version}`)
  })

  it('WS-1 the sidebar is a fixed 24rem panel that slides over 300 ms', async () => {
    signedIn()

    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' })
    const style = getComputedStyle(sidebar)
    expect(style.position).toBe('fixed')
    expect(style.width).toBe(SIDEBAR_WIDTH)
    expect(style.transition).toContain(`transform ${String(SIDEBAR_TRANSITION_MS)}ms`)
  })

  it('WS-1 the toggle closes and reopens the sidebar', async () => {
    const { user } = signedIn()
    const toggle = await screen.findByRole('button', { name: 'Toggle sidebar' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAttribute('aria-controls', 'sidebar')

    await user.click(toggle)

    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    const sidebar = screen.getByRole('complementary', { hidden: true })
    expect(sidebar).toHaveAttribute('data-state', 'closed')
    expect(getComputedStyle(sidebar).transform).toBe('translateX(-100%)')
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute(
      'data-state',
      'open',
    )
  })

  it('WS-10 with no study open, the centre says what to do and the header has no patient', async () => {
    signedIn()

    const main = await screen.findByRole('main')
    expect(within(main).getByText('Select a patient or study to begin')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Patient' })).not.toBeInTheDocument()
  })

  it('WS-9 Toggle report editor appears only once a study is open; Log out is always there', async () => {
    const view = signedIn()
    const header = await screen.findByRole('banner')
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(
      within(header).queryByRole('button', { name: 'Toggle report editor' }),
    ).not.toBeInTheDocument()

    await openStudy(view, /Turing, Alan/)

    expect(within(header).getByRole('button', { name: 'Toggle report editor' })).toBeInTheDocument()
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument()
  })

  it('WS-14 the header names the signed-in clinician; hovering or focusing the name shows the login id', async () => {
    identityBackend.addUser('ada@example.org', 'correct horse', 'Dr Ada Lovelace')
    const { user } = signedIn()
    const header = await screen.findByRole('banner')
    const name = await within(header).findByText('Dr Ada Lovelace')

    await user.hover(name)
    const tooltip = await screen.findByRole('tooltip')
    expect(tooltip).toHaveTextContent('Signed in as ada@example.org')
    expect(within(tooltip).getByText('ada@example.org')).toBeVisible()
    expect(name).toHaveAccessibleDescription('Signed in as ada@example.org')
    await user.unhover(name)
    await waitFor(() => {
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    })

    // From the keyboard: the name takes the focus and shows the same.
    for (let presses = 0; presses < 40 && document.activeElement !== name; presses += 1) {
      await user.tab()
    }
    expect(name).toHaveFocus()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Signed in as ada@example.org')
  })

  it('WS-14 a clinician without a name is shown by the login id', async () => {
    signedIn()
    const header = await screen.findByRole('banner')
    expect(await within(header).findByText('ada@example.org')).toBeInTheDocument()
  })

  it('WS-8 WS-10 opening a study puts its patient in the header and its chat in the centre', async () => {
    const view = signedIn()

    await openStudy(view, /Turing, Alan/)

    const patient = await screen.findByRole('group', { name: 'Patient' })
    expect(within(patient).getByRole('heading', { level: 1 })).toHaveTextContent('Alan Turing')
    expect(patient).toHaveTextContent('Male')
    expect(within(patient).getByText(/^\d+ years$/)).toBeInTheDocument()
    const main = screen.getByRole('main')
    expect(within(main).queryByText('Select a patient or study to begin')).not.toBeInTheDocument()
    // The chat's code loads when a study is first opened.
    expect(await within(main).findByRole('textbox', { name: 'Message' })).toBeInTheDocument()
    expect(within(main).getByRole('button', { name: 'Send message' })).toBeInTheDocument()
  })

  it('WS-11 ED-1 ED-3 the report editor opens in the right half with the study; the toggle closes and reopens it', async () => {
    const view = signedIn()
    await openStudy(view, /Lovelace, Ada/)
    const toggle = await screen.findByRole('button', { name: 'Toggle report editor' })
    // ED-3: a visible label, the accessible name unchanged.
    expect(toggle).toHaveTextContent('Report')
    expect(toggle).toHaveAttribute('title', 'Show or hide the report editor (Alt+R)')
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    const editor = screen.getByRole('region', { name: 'Report editor' })
    expect(getComputedStyle(editor).width).toBe('50%')
    expect(await within(editor).findByRole('textbox', { name: 'Report' })).toBeInTheDocument()
    expect(within(editor).getByRole('textbox', { name: 'Impression' })).toBeInTheDocument()
    // The chat stays in the centre beside it (its code loads when a study is first opened).
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument()

    await view.user.click(toggle)
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Report editor' })).not.toBeInTheDocument()
    })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')

    await view.user.click(toggle)
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    expect(await screen.findByRole('region', { name: 'Report editor' })).toBeInTheDocument()
  })
})
