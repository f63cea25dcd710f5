/**
 * SEC-8, HIPAA's automatic logoff, in the whole app: without an answer to 'Still there?' the tab
 * signs out as 'Log out' does (the identity server's logout, /login), but keeps the clinician's
 * unsent chat and report drafts for their next sign-in, as an expired session does. A long
 * absence the page's timers did not see (a suspended laptop, a browser closed while signed in)
 * signs out at once.
 */
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createActionRecorder } from '../../../../src/app/actionLog'
import { SIGN_OUT_RETRY_MS } from '../../../../src/sagas/idleLogoffSaga'
import { SHARED_ACTIVITY_KEY } from '../../../../src/services/activity'
import { identityBackend, server } from '../../../support/msw/server'
import { renderApp, useFakeClock } from '../../../support/render'
import { signIn, tabStorage } from '../../../support/session'
import { giveConversationALayout, messageBox } from '../conversation/support'
import {
  CHAT_DRAFT,
  FIRST,
  firstReaderAtWork,
  IDLE_MS,
  leftAloneUntilSignedOut,
  logoutRequests,
  MINUTE,
  openAdasStudy,
  openReport,
  PASSWORD,
  passes,
  SLACK_MS,
  REPORT_DRAFT,
  SECOND,
  typeUnsentDrafts,
  warning,
  WARNING_MS,
} from './idleSupport'

giveConversationALayout()

describe('SEC-8 the idle sign-out', () => {
  it('SEC-8 60 s after the warning the clinician is signed out as by Log out and the typed report/chat drafts come back when the same clinician signs in', async () => {
    const clock = useFakeClock()
    const view = await firstReaderAtWork(clock)
    await typeUnsentDrafts(view)

    await passes(IDLE_MS)
    expect(warning()).toBeInTheDocument()
    await passes(WARNING_MS - SLACK_MS)
    expect(logoutRequests()).toHaveLength(0)
    await passes(SLACK_MS)

    // Signed out as 'Log out' does: the identity server revokes the session, the tab shows /login.
    await screen.findByRole('button', { name: 'Continue' })
    expect(logoutRequests()).toHaveLength(1)
    expect(view.router.state.location.pathname).toBe('/login')
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out after 15 minutes without activity.',
    )
    expect(view.store.getState().api.queries).toEqual({})
    // Unlike 'Log out', the unsent drafts wait in the tab for the same clinician.
    expect(tabStorage()).toContain(CHAT_DRAFT)
    expect(tabStorage()).toContain(REPORT_DRAFT)

    await signIn(view, FIRST, PASSWORD)

    await openAdasStudy(view)
    expect(messageBox()).toHaveValue(CHAT_DRAFT)
    expect(await openReport(view)).toHaveValue(REPORT_DRAFT)
  })

  it('SEC-8 after an idle sign-out another clinician signing in on the tab finds none of the drafts', async () => {
    const clock = useFakeClock()
    const view = await firstReaderAtWork(clock)
    await typeUnsentDrafts(view)
    await leftAloneUntilSignedOut()

    await signIn(view, SECOND, PASSWORD)

    expect(tabStorage()).not.toContain(CHAT_DRAFT)
    expect(tabStorage()).not.toContain(REPORT_DRAFT)
    await openAdasStudy(view)
    expect(messageBox()).toHaveValue('')
    expect(screen.queryByText(REPORT_DRAFT, { exact: false })).not.toBeInTheDocument()
  })

  it('SEC-8 signing in again on a new page after an idle sign-out starts afresh', async () => {
    const clock = useFakeClock()
    const before = await firstReaderAtWork(clock)
    await leftAloneUntilSignedOut()

    // The login page is loaded anew (a reload): a new page, the same tab and browser storage.
    before.unmount()
    before.store.stopSagas()
    const after = renderApp({ route: '/login', advanceTimers: clock.advanceTimers })
    await signIn(after, FIRST, PASSWORD)
    await passes(1_000)

    expect(logoutRequests()).toHaveLength(1)
    expect(after.router.state.location.pathname).toBe('/')
    expect(warning()).not.toBeInTheDocument()
  })

  it('SEC-8 a tab whose timers ran late past the warning (a suspended laptop) signs out at once, without a warning', async () => {
    const recorder = createActionRecorder()
    const clock = useFakeClock()
    const view = await firstReaderAtWork(clock, { recorder })
    await passes(5 * MINUTE)

    // The laptop sleeps for an hour: the clock moves on, the page's timers do not run.
    vi.setSystemTime(Date.now() + 60 * MINUTE)
    await passes(10 * MINUTE)

    await screen.findByRole('button', { name: 'Continue' })
    expect(logoutRequests()).toHaveLength(1)
    expect(view.router.state.location.pathname).toBe('/login')
    const types = recorder.log().actions.map((action) => action.type)
    expect(types).toContain('idleLogoff/idleLogoffStarted')
    expect(types).not.toContain('idleLogoff/warningShown')
  })

  it('SEC-8 a session kept from an earlier visit that was left alone past the warning signs out on load', async () => {
    // The browser was closed while signed in, an hour after the last key press.
    localStorage.setItem(
      SHARED_ACTIVITY_KEY,
      JSON.stringify({ at: Date.now() - 60 * MINUTE, tab: 'a page of an earlier visit' }),
    )
    const clock = useFakeClock()
    identityBackend.rememberSession(FIRST, PASSWORD)
    renderApp({ route: '/', advanceTimers: clock.advanceTimers })

    await screen.findByRole('button', { name: 'Continue' })
    expect(logoutRequests()).toHaveLength(1)
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out after 15 minutes without activity.',
    )
  })

  it('SEC-8 a session kept from an earlier visit left alone for less than that goes on, the load counting as activity', async () => {
    localStorage.setItem(
      SHARED_ACTIVITY_KEY,
      JSON.stringify({ at: Date.now() - 10 * MINUTE, tab: 'a page of an earlier visit' }),
    )
    const clock = useFakeClock()
    await firstReaderAtWork(clock)

    await passes(IDLE_MS - SLACK_MS)
    expect(warning()).not.toBeInTheDocument()
    expect(logoutRequests()).toHaveLength(0)
    await passes(SLACK_MS)
    expect(warning()).toBeInTheDocument()
  })

  it('SEC-8 a logout that cannot reach the identity server is tried again until the session ends', async () => {
    const clock = useFakeClock()
    const view = await firstReaderAtWork(clock)
    server.use(http.post('/v1/auth/logout', () => HttpResponse.error(), { once: true }))

    await passes(IDLE_MS + WARNING_MS)
    await waitFor(() => {
      expect(view.deps.logger.events('error')).toContain('auth/logoutFailed')
    })
    // The SDK keeps its tokens when its logout fails: the tab is still signed in, for now.
    expect(view.router.state.location.pathname).toBe('/')

    await passes(SIGN_OUT_RETRY_MS)
    await screen.findByRole('button', { name: 'Continue' })
    expect(logoutRequests()).toHaveLength(1)
  })
})
