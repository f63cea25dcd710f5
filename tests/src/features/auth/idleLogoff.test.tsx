/**
 * SEC-8, HIPAA's automatic logoff, in the whole app: the real store and sagas, the real identity
 * SDK against MSW's identity endpoints, and fake timers driving the clock (`useFakeClock`). After
 * the deployment's minutes without activity (15 here, the default) 'Still there?' offers 'Stay
 * signed in' for 60 seconds. What counts as activity: the page's events, dictation under way, and
 * another tab of the browser; none of it makes an action.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createActionRecorder } from '../../../../src/app/actionLog'
import { createActivityMonitor, systemClock } from '../../../../src/services/activity'
import { loadConfig } from '../../../../src/shared/config'
import { useFakeClock } from '../../../support/render'
import { giveConversationALayout } from '../conversation/support'
import {
  firstReaderAtWork,
  IDLE_MS,
  logoutRequests,
  MINUTE,
  openAdasStudy,
  passes,
  SLACK_MS,
  warning,
  WARNING_MS,
} from './idleSupport'

giveConversationALayout()

describe('SEC-8 the warning, and what keeps the session', () => {
  it('SEC-8 after IDLE minutes without activity a warning offers Stay signed in', async () => {
    const clock = useFakeClock()
    const view = await firstReaderAtWork(clock)

    await passes(IDLE_MS - SLACK_MS)
    expect(warning()).not.toBeInTheDocument()

    await passes(SLACK_MS)
    const dialog = await screen.findByRole('alertdialog', { name: 'Still there?' })
    expect(dialog).toHaveAccessibleDescription('For privacy, you will be signed out in 60 seconds.')
    expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toBeInTheDocument()

    // It counts down, a second at a time.
    await passes(15_000)
    expect(dialog).toHaveAccessibleDescription('For privacy, you will be signed out in 45 seconds.')
    expect(view.router.state.location.pathname).toBe('/')
    expect(logoutRequests()).toHaveLength(0)
  })

  it('SEC-8 the deployment sets the idle minutes (IDLE_LOGOFF_MINUTES)', async () => {
    const clock = useFakeClock()
    await firstReaderAtWork(clock, { config: loadConfig({ IDLE_LOGOFF_MINUTES: '2' }) })

    await passes(2 * MINUTE - SLACK_MS)
    expect(warning()).not.toBeInTheDocument()
    await passes(SLACK_MS)
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
    await passes(IDLE_MS - WARNING_MS - SLACK_MS)
    expect(warning()).not.toBeInTheDocument()
    await passes(SLACK_MS)
    expect(warning()).toBeInTheDocument()
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
    await passes(IDLE_MS - SLACK_MS)
    expect(warning()).not.toBeInTheDocument()
    await passes(SLACK_MS)
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
})
