/**
 * SEC-8, HIPAA's automatic logoff, in the whole app: the real store and sagas, the real identity
 * SDK against MSW's identity endpoints, the tab's real session storage, and fake timers driving
 * the clock (`useFakeClock`). After the deployment's minutes without activity (15 here, the
 * default) 'Still there?' offers 'Stay signed in' for 60 seconds; without an answer the tab signs
 * out as 'Log out' does, but keeps the clinician's unsent drafts for their next sign-in.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createActionRecorder } from '../../../../src/app/actionLog'
import { createActivityMonitor, systemClock } from '../../../../src/services/activity'
import { loadConfig } from '../../../../src/shared/config'
import { chatDrafts } from '../../../../src/services/storage/chatDraftStorage'
import { createSessionDraftStorage } from '../../../../src/services/storage/draftStorage'
import { routePattern } from '../../../support/msw/apiBackend'
import { identityBackend, server } from '../../../support/msw/server'
import {
  createTestDeps,
  renderApp,
  useFakeClock,
  type RenderAppOptions,
  type RenderAppResult,
} from '../../../support/render'
import { signIn, tabStorage } from '../../../support/session'
import { giveConversationALayout, messageBox } from '../conversation/support'

giveConversationALayout()

const FIRST = 'marie@hospital.test'
const SECOND = 'rosalind@hospital.test'
const PASSWORD = 'correct horse'
const CHAT_DRAFT = 'Is the effusion larger than on the prior study?'
const REPORT_DRAFT = 'Unsaved words of the first reader.'

const MINUTE = 60_000
const IDLE_MS = 15 * MINUTE
const WARNING_MS = 60_000

/** Time passes on the fake clock, every timer due on the way running in order. */
async function passes(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

const warning = () => screen.queryByRole('alertdialog', { name: 'Still there?' })
const logoutRequests = () => identityBackend.requestsTo('/v1/auth/logout')

/** The first reader, signed in from an earlier visit, in the workspace; drafts kept in the tab. */
async function firstReaderAtWork(
  clock: ReturnType<typeof useFakeClock>,
  options: RenderAppOptions = {},
): Promise<RenderAppResult> {
  identityBackend.addUser(SECOND, PASSWORD)
  identityBackend.rememberSession(FIRST, PASSWORD)
  const view = renderApp({
    route: '/',
    deps: {
      ...createTestDeps(),
      draftStorage: createSessionDraftStorage(),
      chatDraftStorage: chatDrafts.inTabSession(),
    },
    advanceTimers: clock.advanceTimers,
    ...options,
  })
  await screen.findByRole('button', { name: 'Log out' })
  return view
}

/** Opens Ada Lovelace's study (order O1). */
async function openAdasStudy(view: RenderAppResult): Promise<void> {
  const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
  const option = within(worklist).getByRole('option', { name: /Lovelace, Ada/ })
  await view.user.click(option)
  await waitFor(() => {
    expect(option).toHaveAttribute('aria-selected', 'true')
  })
}

/** The report editor of the open study; gives its Impression area. */
async function openReport(view: RenderAppResult): Promise<HTMLTextAreaElement> {
  const toggle = await screen.findByRole('button', { name: 'Toggle report editor' })
  if (toggle.getAttribute('aria-pressed') !== 'true') await view.user.click(toggle)
  return screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Impression' })
}

/** Types a chat message not sent and an impression the server refuses to save. */
async function typeUnsentDrafts(view: RenderAppResult): Promise<void> {
  server.use(
    http.put(routePattern('saveReport'), () =>
      HttpResponse.json({ error: 'x', message: 'y' }, { status: 500, statusText: 'Error' }),
    ),
  )
  await openAdasStudy(view)
  await screen.findByText('No nodules are seen.')
  await view.user.type(messageBox(), CHAT_DRAFT)
  await view.user.type(await openReport(view), REPORT_DRAFT)
  const editor = screen.getByRole('region', { name: 'Report editor' })
  expect(within(within(editor).getByRole('status')).getByText('Not saved')).toBeInTheDocument()
  expect(tabStorage()).toContain(CHAT_DRAFT)
  expect(tabStorage()).toContain(REPORT_DRAFT)
}

/** Nobody touches the tab for the idle minutes and the whole warning. */
async function leftAloneUntilSignedOut(): Promise<void> {
  await passes(IDLE_MS)
  expect(warning()).toBeInTheDocument()
  await passes(WARNING_MS)
  await screen.findByRole('button', { name: 'Continue' })
}

describe('SEC-8 automatic logoff', () => {
  it('SEC-8 after IDLE minutes without activity a warning offers Stay signed in', async () => {
    const clock = useFakeClock()
    const view = await firstReaderAtWork(clock)

    await passes(IDLE_MS - 1_000)
    expect(warning()).not.toBeInTheDocument()

    await passes(1_000)
    const dialog = await screen.findByRole('alertdialog', { name: 'Still there?' })
    expect(dialog).toHaveAccessibleDescription('For privacy, you will be signed out in 60 seconds.')
    expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toBeInTheDocument()

    // It counts down, a second at a time.
    await passes(15_000)
    expect(dialog).toHaveAccessibleDescription('For privacy, you will be signed out in 45 seconds.')
    expect(view.router.state.location.pathname).toBe('/')
    expect(logoutRequests()).toHaveLength(0)
  })

  it('SEC-8 the deployment sets the idle minutes (VITE_IDLE_LOGOFF_MINUTES)', async () => {
    const clock = useFakeClock()
    await firstReaderAtWork(clock, { config: loadConfig({ VITE_IDLE_LOGOFF_MINUTES: '2' }) })

    await passes(2 * MINUTE - 1_000)
    expect(warning()).not.toBeInTheDocument()
    await passes(1_000)
    expect(warning()).toBeInTheDocument()
  })

  it('SEC-8 Stay signed in keeps the session', async () => {
    const clock = useFakeClock()
    const view = await firstReaderAtWork(clock)
    await passes(IDLE_MS + 30_000)

    await view.user.click(screen.getByRole('button', { name: 'Stay signed in' }))

    await waitFor(() => {
      expect(warning()).not.toBeInTheDocument()
    })
    await passes(WARNING_MS)
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(logoutRequests()).toHaveLength(0)
    // The clock starts again from the answer: the next warning comes the idle minutes later.
    await passes(IDLE_MS - WARNING_MS - 1_000)
    expect(warning()).not.toBeInTheDocument()
    await passes(1_000)
    expect(warning()).toBeInTheDocument()
  })

  it('SEC-8 60 s after the warning the clinician is signed out as by Log out and the typed report/chat drafts come back when the same clinician signs in', async () => {
    const clock = useFakeClock()
    const view = await firstReaderAtWork(clock)
    await typeUnsentDrafts(view)

    await passes(IDLE_MS)
    expect(warning()).toBeInTheDocument()
    await passes(WARNING_MS - 1_000)
    expect(logoutRequests()).toHaveLength(0)
    await passes(1_000)

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

  it('SEC-8 dictation in progress counts as activity', async () => {
    const clock = useFakeClock()
    const view = await firstReaderAtWork(clock)
    await openAdasStudy(view)
    const start = await screen.findByRole('button', { name: 'Start dictation' })
    await waitFor(() => {
      expect(start).toBeEnabled()
    })
    await view.user.click(start)
    await screen.findByRole('button', { name: 'Stop dictation' })

    // A long dictation, without a key or a click: never a warning, never a sign-out.
    await passes(2 * IDLE_MS + WARNING_MS)
    expect(warning()).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Stop dictation' })).toBeInTheDocument()
    expect(logoutRequests()).toHaveLength(0)

    await view.user.click(screen.getByRole('button', { name: 'Stop dictation' }))
    await screen.findByRole('button', { name: 'Start dictation' })
    // Once it is over, the idle minutes count again.
    await passes(IDLE_MS)
    expect(warning()).toBeInTheDocument()
  })

  it('SEC-8 activity resets the clock', async () => {
    const recorder = createActionRecorder()
    const clock = useFakeClock()
    const view = await firstReaderAtWork(clock, { recorder })
    await passes(10 * MINUTE)

    const actionsBefore = recorder.log().actions.length
    for (let key = 0; key < 50; key += 1) fireEvent.keyDown(document.body, { key: 'Shift' })
    for (let turn = 0; turn < 50; turn += 1) fireEvent.wheel(document.body, { deltaY: 40 })
    // Activity is kept outside the store: a hundred events make no action.
    expect(recorder.log().actions.length).toBe(actionsBefore)

    await passes(10 * MINUTE)
    expect(warning()).not.toBeInTheDocument()
    await view.user.pointer({ keys: '[MouseLeft]', target: document.body })
    await passes(IDLE_MS - 1_000)
    expect(warning()).not.toBeInTheDocument()
    await passes(1_000)
    expect(warning()).toBeInTheDocument()
  })

  it('SEC-8 activity in another tab of the browser keeps this tab signed in, even during its warning', async () => {
    const clock = useFakeClock()
    await firstReaderAtWork(clock)
    // Another tab of the same browser: it shares the SDK's session and this tab's localStorage.
    const otherTab = createActivityMonitor({
      clock: systemClock,
      target: new EventTarget(),
      storage: localStorage,
    })

    await passes(10 * MINUTE)
    otherTab.record()
    await passes(10 * MINUTE)
    expect(warning()).not.toBeInTheDocument()

    await passes(5 * MINUTE)
    expect(warning()).toBeInTheDocument()
    otherTab.record({ tellOtherTabsNow: true })
    await passes(1_000)
    expect(warning()).not.toBeInTheDocument()
    await passes(WARNING_MS)
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(logoutRequests()).toHaveLength(0)
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
})
