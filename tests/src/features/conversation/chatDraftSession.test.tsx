/**
 * A broken session never loses what the clinician typed or dictated into the Message box, in the
 * whole app with the tab's real session storage. A 401 sends the browser to /login with a page
 * load (API-3), which here is a fresh app on the same tab; a refused refresh ends the session in
 * the page. Either way the same clinician signing in again finds the text when they open the
 * study again, and a dictated one still goes out as voice; another clinician signing in on that
 * tab never gets it, and 'Log out' takes it away.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  chatDrafts,
  type ChatDraftStorage,
} from '../../../../src/services/storage/chatDraftStorage'
import { apiBackend, identityBackend, server } from '../../../support/msw/server'
import {
  createTestDeps,
  renderApp,
  useFakeClock,
  type RenderAppOptions,
  type RenderAppResult,
} from '../../../support/render'
import {
  refusingToSave,
  sessionExpiresInThePage,
  signIn,
  tabStorage,
} from '../../../support/session'
import { readWithoutTakingOver } from '../../../support/takeOver'
import { answerOnce, giveConversationALayout, messageBox, sendButton } from './support'

giveConversationALayout()

const FIRST = 'marie@hospital.test'
const SECOND = 'rosalind@hospital.test'
const PASSWORD = 'correct horse'
const TYPED = 'Is the effusion larger than on the prior study?'
const DICTATED = 'small pleural effusion on the right'

const ADA = /Lovelace, Ada/
const ALAN = /Turing, Alan/

/** The app in this tab, storing chat drafts in its session storage. */
function openApp(options: RenderAppOptions & { chatDraftStorage?: ChatDraftStorage } = {}) {
  const { chatDraftStorage = chatDrafts.inTabSession(), ...rest } = options
  return renderApp({ route: '/', ...rest, deps: { ...createTestDeps(), chatDraftStorage } })
}

/** The first reader is signed in from an earlier visit. */
function firstReaderAtWork(options: Parameters<typeof openApp>[0] = {}): RenderAppResult {
  identityBackend.addUser(SECOND, PASSWORD)
  identityBackend.rememberSession(FIRST, PASSWORD)
  return openApp(options)
}

/** Opens a patient's study from the worklist; gives its Message box once the chat has loaded. */
async function openStudy(
  view: RenderAppResult,
  patient: RegExp,
  { readBy }: { readBy?: string } = {},
): Promise<HTMLElement> {
  const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
  const option = within(worklist).getByRole('option', { name: patient })
  await view.user.click(option)
  // A study someone else reads asks first (CLM-7); these stories read it without taking over.
  if (readBy !== undefined) await readWithoutTakingOver(view.user, readBy)
  await waitFor(() => {
    expect(option).toHaveAttribute('aria-selected', 'true')
  })
  // The study's chat is a chunk of its own, loaded on first use.
  return screen.findByRole('textbox', { name: 'Message' })
}

/** Dictates `text` with the microphone button (the fake speech engine hears it). */
async function dictate(view: RenderAppResult, text: string): Promise<void> {
  const start = screen.getByRole('button', { name: 'Start dictation' })
  await waitFor(() => {
    expect(start).toBeEnabled()
  })
  await view.user.click(start)
  await screen.findByRole('button', { name: 'Stop dictation' })
  act(() => {
    view.deps.speech.session.say(text)
  })
  await view.user.click(screen.getByRole('button', { name: 'Stop dictation' }))
  await screen.findByRole('button', { name: 'Start dictation' })
  expect(messageBox()).toHaveValue(text)
}

/**
 * The session expires on the server: the next send meets a 401, and the base query sends the
 * browser to /login. The identity SDK's stored tokens are gone too (as in tests/e2e expireSession).
 */
async function sendMeetsA401(view: RenderAppResult): Promise<void> {
  server.use(
    answerOnce('sendMessage', () =>
      HttpResponse.json(
        { error: 'unauthorized', message: 'session expired' },
        { status: 401, statusText: 'Unauthorized' },
      ),
    ),
  )
  localStorage.removeItem('DS')
  localStorage.removeItem('DSR')
  await view.user.click(sendButton())
  await waitFor(() => {
    expect(view.deps.navigator.assigned).toEqual(['/login'])
  })
}

/** The page load /login: the old page and its store are gone, the tab's storage is not. */
function pageLoadsLogin(view: RenderAppResult): RenderAppResult {
  view.unmount()
  view.store.stopSagas()
  return openApp({ route: '/login' })
}

/** Opens Ada Lovelace's study and types `text` into its Message box. */
async function typeInAdasStudy(app: RenderAppResult, text: string): Promise<void> {
  const box = await openStudy(app, ADA)
  await screen.findByText('No nodules are seen.')
  await app.user.type(box, text)
  expect(box).toHaveValue(text)
}

const sentBodies = () => apiBackend.requestsTo('sendMessage').map((request) => request.body)

describe('after a 401 sends the browser to /login', () => {
  it('API-3 ID-2 CH-12 the same clinician signing in again finds the typed message in the Message box, not sent again', async () => {
    const before = firstReaderAtWork()
    await typeInAdasStudy(before, TYPED)
    await sendMeetsA401(before)

    const after = pageLoadsLogin(before)
    await signIn(after, FIRST, PASSWORD)

    expect(await openStudy(after, ADA)).toHaveValue(TYPED)
    expect(sentBodies()).toHaveLength(1)
    await after.user.click(sendButton())
    await waitFor(() => {
      expect(sentBodies()[1]).toEqual({ content: TYPED, input_type: 'text' })
    })
    await waitFor(() => {
      expect(tabStorage()).not.toContain(TYPED)
    })
  })

  it('API-3 ID-2 DC-8 a dictated message comes back and is still sent as voice', async () => {
    const before = firstReaderAtWork()
    await openStudy(before, ADA)
    await dictate(before, DICTATED)
    await sendMeetsA401(before)
    expect(sentBodies()).toEqual([{ content: DICTATED, input_type: 'voice' }])

    const after = pageLoadsLogin(before)
    await signIn(after, FIRST, PASSWORD)

    expect(await openStudy(after, ADA)).toHaveValue(DICTATED)
    await after.user.click(sendButton())
    await waitFor(() => {
      expect(sentBodies()[1]).toEqual({ content: DICTATED, input_type: 'voice' })
    })
  })

  it('ID-2 another clinician signing in on the tab gets an empty Message box, and the tab no longer holds the text', async () => {
    const before = firstReaderAtWork()
    await typeInAdasStudy(before, TYPED)
    await sendMeetsA401(before)
    expect(tabStorage()).toContain(TYPED)

    const after = pageLoadsLogin(before)
    await signIn(after, SECOND, PASSWORD)

    expect(tabStorage()).not.toContain(TYPED)
    // The first reader's claim outlives their ended session (CLM-4): the second is asked.
    expect(await openStudy(after, ADA, { readBy: 'Dr Test' })).toHaveValue('')
  })
})

describe('after the identity provider refuses the refresh', () => {
  it('ID-2 CH-12 DC-8 the same clinician signing in again finds the typed and the dictated drafts', async () => {
    const clock = useFakeClock()
    const reader = firstReaderAtWork({ advanceTimers: clock.advanceTimers })
    await typeInAdasStudy(reader, TYPED)
    await openStudy(reader, ALAN)
    await dictate(reader, DICTATED)
    await sessionExpiresInThePage()

    await signIn(reader, FIRST, PASSWORD)

    expect(await openStudy(reader, ADA)).toHaveValue(TYPED)
    expect(await openStudy(reader, ALAN)).toHaveValue(DICTATED)
    await reader.user.click(sendButton())
    await waitFor(() => {
      expect(sentBodies()).toEqual([{ content: DICTATED, input_type: 'voice' }])
    })
  })

  it('ID-2 another clinician signing in gets an empty Message box, and the tab no longer holds the text', async () => {
    const clock = useFakeClock()
    const reader = firstReaderAtWork({ advanceTimers: clock.advanceTimers })
    await typeInAdasStudy(reader, TYPED)
    await sessionExpiresInThePage()
    expect(tabStorage()).toContain(TYPED)

    await signIn(reader, SECOND, PASSWORD)

    expect(tabStorage()).not.toContain(TYPED)
    // The first reader's claim outlives their ended session (CLM-4): the second is asked.
    await readWithoutTakingOver(reader.user, 'Dr Test')
    expect(await openStudy(reader, ADA)).toHaveValue('')
    expect(screen.queryByText(TYPED)).not.toBeInTheDocument()
  })
})

describe('leaving on purpose, and a browser that refuses', () => {
  it('ID-2 Log out takes the chat drafts out of the tab, and the next sign-in finds none', async () => {
    const reader = firstReaderAtWork()
    await typeInAdasStudy(reader, TYPED)
    expect(tabStorage()).toContain(TYPED)

    await reader.user.click(screen.getByRole('button', { name: 'Log out' }))
    await screen.findByRole('button', { name: 'Continue' })

    expect(tabStorage()).not.toContain(TYPED)
    await signIn(reader, FIRST, PASSWORD)
    expect(await openStudy(reader, ADA)).toHaveValue('')
  })

  it('CH-12 a browser refusing to store (quota) is logged, and typing and sending go on', async () => {
    const refusing = refusingToSave(chatDrafts.inTabSession())
    identityBackend.rememberSession(FIRST, PASSWORD)
    const reader = openApp({ chatDraftStorage: refusing })

    await typeInAdasStudy(reader, TYPED)

    expect(messageBox()).toHaveValue(TYPED)
    expect(reader.deps.logger.events('warn')).toContain('conversation/draftNotStored')
    await reader.user.click(sendButton())
    await waitFor(() => {
      expect(sentBodies()).toEqual([{ content: TYPED, input_type: 'text' }])
    })
  })
})
