/**
 * What the SEC-8 tests share: the first reader signed in from an earlier visit, with drafts kept
 * in the tab's session storage; the fake clock moving on; the warning and the identity server's
 * logout requests as the tests look for them.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { expect, vi } from 'vitest'
import { chatDrafts } from '../../../../src/services/storage/chatDraftStorage'
import { createSessionDraftStorage } from '../../../../src/services/storage/draftStorage'
import { routePattern } from '../../../support/msw/apiBackend'
import { identityBackend, server } from '../../../support/msw/server'
import {
  createTestDeps,
  renderApp,
  type RenderAppOptions,
  type RenderAppResult,
  type useFakeClock,
} from '../../../support/render'
import { tabStorage } from '../../../support/session'
import { messageBox } from '../conversation/support'

export const FIRST = 'marie@hospital.test'
export const SECOND = 'rosalind@hospital.test'
export const PASSWORD = 'correct horse'
export const CHAT_DRAFT = 'Is the effusion larger than on the prior study?'
export const REPORT_DRAFT = 'Unsaved words of the first reader.'

export const MINUTE = 60_000
export const IDLE_MS = 15 * MINUTE
export const WARNING_MS = 60_000

/** Time passes on the fake clock, every timer due on the way running in order. */
/**
 * The fake clock also moves with real time (`shouldAdvanceTime`), so a busy machine adds real
 * seconds between a test's steps: "not yet" is checked this long before the moment it names.
 */
export const SLACK_MS = 10_000

export async function passes(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

export const warning = () => screen.queryByRole('alertdialog', { name: 'Still there?' })
export const logoutRequests = () => identityBackend.requestsTo('/v1/auth/logout')

/** The first reader, signed in from an earlier visit, in the workspace; drafts kept in the tab. */
export async function firstReaderAtWork(
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
export async function openAdasStudy(view: RenderAppResult): Promise<void> {
  const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
  const option = within(worklist).getByRole('option', { name: /Lovelace, Ada/ })
  await view.user.click(option)
  await waitFor(() => {
    expect(option).toHaveAttribute('aria-selected', 'true')
  })
  // The chat's code loads when a study is first opened.
  await screen.findByRole('textbox', { name: 'Message' })
}

/** The report editor of the open study; gives its Impression area. */
export async function openReport(view: RenderAppResult): Promise<HTMLTextAreaElement> {
  const toggle = await screen.findByRole('button', { name: 'Toggle report editor' })
  if (toggle.getAttribute('aria-pressed') !== 'true') await view.user.click(toggle)
  return screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Impression' })
}

/** Types a chat message not sent and an impression the server refuses to save. */
export async function typeUnsentDrafts(view: RenderAppResult): Promise<void> {
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
  // The report's typing is written to the tab a moment later (at once when the page is hidden).
  await waitFor(() => {
    expect(tabStorage()).toContain(REPORT_DRAFT)
  })
}

/** Nobody touches the tab for the idle minutes and the whole warning. */
export async function leftAloneUntilSignedOut(): Promise<void> {
  await passes(IDLE_MS)
  expect(warning()).toBeInTheDocument()
  await passes(WARNING_MS)
  await screen.findByRole('button', { name: 'Continue' })
}
