/**
 * Redux DevTools time travel rests on one promise: the state is a function of the actions. This
 * test works through a study in the whole app (real store, sagas, MSW backend), records every
 * action, replays the log into a fresh store's reducers, and finds the same state.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createActionRecorder, replayActionLog, type ActionLog } from '../../../src/app/actionLog'
import { redactSecrets } from '../../../src/app/devTools'
import { rootReducer } from '../../../src/app/store'
import { giveConversationALayout } from '../features/conversation/support'
import { apiBackend, identityBackend } from '../../support/msw/server'
import { renderApp } from '../../support/render'

giveConversationALayout()

async function workThroughAStudy() {
  identityBackend.rememberSession('ada@example.org')
  const recorder = createActionRecorder()
  const view = renderApp({ route: '/', recorder })
  const { user } = view

  const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
  await user.click(within(worklist).getAllByRole('option')[0]!)
  await waitFor(() => {
    expect(apiBackend.requestsTo('initializeOrder')).toHaveLength(1)
  })

  const input = await screen.findByRole('textbox', { name: 'Message' })
  await user.type(input, 'What is the indication?{Enter}')
  await waitFor(() => {
    expect(input).toHaveValue('')
  })
  const rateUp = (await screen.findAllByRole('button', { name: 'Rate up' })).at(-1)!
  await user.click(rateUp)
  await waitFor(() => {
    expect(apiBackend.requestsTo('rateMessage')).toHaveLength(1)
  })

  // The editor opens with the study (ED-1).
  const impression = await screen.findByRole('textbox', { name: 'Impression' })
  await user.type(impression, 'No acute abnormality.')
  await user.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => {
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
  })
  await screen.findByText(/^Saved/)
  return { ...view, recorder }
}

describe('replaying a recorded session', () => {
  it('replay reproduces the live state from the action log alone, as DevTools time travel does', async () => {
    const { store, recorder } = await workThroughAStudy()

    const log = recorder.log()
    // The log is plain JSON: it survives a file round trip unchanged.
    const fromFile = JSON.parse(JSON.stringify(log)) as ActionLog
    expect(fromFile.actions.length).toBeGreaterThan(20)
    const types = fromFile.actions.map((a) => a.type)
    expect(types).toContain('orders/studySelected')
    expect(types.some((t) => t.startsWith('conversation/'))).toBe(true)
    expect(types.some((t) => t.startsWith('report/'))).toBe(true)

    const replayed = replayActionLog(rootReducer, fromFile)
    expect(redactSecrets(replayed)).toEqual(redactSecrets(store.getState()))
  })

  it('the exported log carries no session token', async () => {
    const { recorder } = await workThroughAStudy()
    const token = identityBackend.lastSessionToken()!
    expect(JSON.stringify(recorder.log())).not.toContain(token)
    const file = JSON.parse(recorder.devToolsFile()) as { payload: string }
    expect(Array.isArray(JSON.parse(file.payload))).toBe(true)
    expect(file.payload).not.toContain(token)
  })
})
