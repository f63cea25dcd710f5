/**
 * ID-2 on a shared reading-room workstation, in the whole app with the tab's real session
 * storage: an unsaved report draft outlives a session that ends on its own, but only the
 * clinician who typed it gets it back; the next one signing in on that tab sees the server's
 * report, and the draft is gone from the tab. 'Log out' still takes every draft with it.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createSessionDraftStorage } from '../../../../src/services/storage/draftStorage'
import { routePattern } from '../../../support/msw/apiBackend'
import { buildReport, buildSections } from '../../../support/msw/data'
import { SESSION_TTL_SECONDS } from '../../../support/msw/identityBackend'
import { apiBackend, identityBackend, server } from '../../../support/msw/server'
import {
  createTestDeps,
  renderApp,
  useFakeClock,
  type RenderAppResult,
} from '../../../support/render'
import { sessionExpiresInThePage, signIn, tabStorage } from '../../../support/session'
import { readWithoutTakingOver } from '../../../support/takeOver'

const FIRST = 'marie@hospital.test'
const SECOND = 'rosalind@hospital.test'
const PASSWORD = 'correct horse'
const UNSAVED = 'Unsaved words of the first reader.'

function giveO1Report(): void {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  order.report = buildReport({
    sections: buildSections({ findings: 'Lungs clear.', impression: 'Normal.' }),
  })
}

/** The first reader is signed in from an earlier visit; the app stores drafts in the tab. */
function firstReaderAtWork(clock: ReturnType<typeof useFakeClock>): RenderAppResult {
  giveO1Report()
  identityBackend.addUser(SECOND, PASSWORD)
  identityBackend.rememberSession(FIRST, PASSWORD)
  return renderApp({
    route: '/',
    deps: { ...createTestDeps(), draftStorage: createSessionDraftStorage() },
    advanceTimers: clock.advanceTimers,
  })
}

/** Opens Ada Lovelace's study (order O1) and its report editor; gives the Impression area. */
async function openReport(
  view: RenderAppResult,
  { readBy }: { readBy?: string } = {},
): Promise<HTMLTextAreaElement> {
  const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
  await view.user.click(within(worklist).getByRole('option', { name: /Lovelace, Ada/ }))
  // A study someone else reads asks first (CLM-7); these stories read it without taking over.
  if (readBy !== undefined) await readWithoutTakingOver(view.user, readBy)
  const toggle = await screen.findByRole('button', { name: 'Toggle report editor' })
  if (toggle.getAttribute('aria-pressed') !== 'true') await view.user.click(toggle)
  return screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Impression' })
}

function saveStatus(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Report editor' })).getByRole('status')
}

/** Types an impression the server refuses to save, so it stays a draft. */
async function typeUnsaved(view: RenderAppResult): Promise<void> {
  server.use(
    http.put(routePattern('saveReport'), () =>
      HttpResponse.json({ error: 'x', message: 'y' }, { status: 500, statusText: 'Error' }),
    ),
  )
  const impression = await openReport(view)
  await view.user.type(impression, ` ${UNSAVED}`)
  expect(within(saveStatus()).getByText('Not saved')).toBeInTheDocument()
  // Typing is written to the tab a moment later (at once when the page is hidden).
  await waitFor(() => {
    expect(tabStorage()).toContain(UNSAVED)
  })
}

describe('unsaved report drafts on a shared workstation', () => {
  it('ID-2 after an expiry, another clinician signing in on the tab sees the server’s report, not the draft', async () => {
    const clock = useFakeClock()
    const view = firstReaderAtWork(clock)
    await typeUnsaved(view)
    await sessionExpiresInThePage()
    // Kept for the first reader's next sign-in...
    expect(tabStorage()).toContain(UNSAVED)

    await signIn(view, SECOND, PASSWORD)

    // ...but gone from the tab as soon as someone else signs in.
    expect(tabStorage()).not.toContain(UNSAVED)
    // The first reader's claim outlives their expired session (CLM-4): the second is asked.
    await readWithoutTakingOver(view.user, 'Dr Test')
    const impression = await openReport(view)
    expect(impression).toHaveValue('Normal.')
    expect(screen.queryByText(UNSAVED, { exact: false })).not.toBeInTheDocument()
    expect(within(saveStatus()).getByText('Saved')).toBeInTheDocument()
  })

  it('ID-2 after an expiry, the same clinician signing in again finds the unsaved draft', async () => {
    const clock = useFakeClock()
    const view = firstReaderAtWork(clock)
    await typeUnsaved(view)
    await sessionExpiresInThePage()

    await signIn(view, FIRST, PASSWORD)

    const impression = await openReport(view)
    expect(impression).toHaveValue(`Normal. ${UNSAVED}`)
    expect(within(saveStatus()).getByText('Not saved')).toBeInTheDocument()
    expect(tabStorage()).toContain(UNSAVED)
  })

  it('ID-2 another clinician’s session taking over the tab (signed in elsewhere) takes the draft away', async () => {
    const clock = useFakeClock()
    const view = firstReaderAtWork(clock)
    await typeUnsaved(view)

    // Signed in in another tab of the browser: the SDK's shared tokens are now the second
    // reader's, and this tab's next refresh continues their session instead.
    identityBackend.rememberSession(SECOND, PASSWORD)
    vi.advanceTimersByTime(SESSION_TTL_SECONDS * 1000)
    await waitFor(() => {
      expect(tabStorage()).not.toContain(UNSAVED)
    })

    // The study is the first reader's claim: the second is asked before taking it over.
    const impression = await openReport(view, { readBy: 'Dr Test' })
    expect(impression).toHaveValue('Normal.')
    expect(screen.queryByText(UNSAVED, { exact: false })).not.toBeInTheDocument()
  })

  it('ID-2 RP-2 Log out takes the unsaved draft out of the tab', async () => {
    const clock = useFakeClock()
    const view = firstReaderAtWork(clock)
    await typeUnsaved(view)

    await view.user.click(screen.getByRole('button', { name: 'Log out' }))

    await screen.findByRole('button', { name: 'Continue' })
    await waitFor(() => {
      expect(tabStorage()).not.toContain(UNSAVED)
    })
  })
})
