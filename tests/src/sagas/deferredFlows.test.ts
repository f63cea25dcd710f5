/**
 * The workspace's flows load after the store has started, as in the page (their code is not part
 * of the first screen). A session that started before their code arrived still reaches them, and
 * from then on every action reaches them as it is dispatched; the workspace waits for them
 * (`flows.workspace`). The chat draft flow shows it: it gives a session's user their drafts back
 * from the tab's storage and mirrors the Message box into it.
 */
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { selectWorkspaceFlowsStarted } from '../../../src/app/flowsSlice'
import { makeStore, type AppStore } from '../../../src/app/store'
import { sessionStarted } from '../../../src/features/auth'
import { draftEdited, selectDraft } from '../../../src/features/conversation'
import { chatDrafts } from '../../../src/services/storage/chatDraftStorage'
import { createTestDeps } from '../../support/render'

const ADA = 'U-ada'

const stores: AppStore[] = []
afterEach(() => {
  for (const store of stores.splice(0)) store.stopSagas()
})

/** A store as the page makes it: without its workspace flows, whose code it loads itself. */
function pageStore() {
  const deps = createTestDeps({ sessionToken: 'session-jwt' })
  deps.chatDraftStorage.save('O1', { owner: ADA, text: 'Any nodules?', inputType: 'text' })
  const store = makeStore(undefined, deps, { devTools: false })
  stores.push(store)
  return { store, deps }
}

describe('the workspace flows, loaded after the store started', () => {
  it('CH-12 a session that started before their code arrived gets its drafts back', async () => {
    const { store } = pageStore()

    store.dispatch(sessionStarted({ userId: ADA }))
    // A dynamic import answers on a later turn at the soonest: nothing has run yet.
    expect(selectWorkspaceFlowsStarted(store.getState())).toBe(false)
    expect(selectDraft(store.getState(), 'O1').text).toBe('')

    await waitFor(() => {
      expect(selectDraft(store.getState(), 'O1').text).toBe('Any nodules?')
    })
    expect(selectWorkspaceFlowsStarted(store.getState())).toBe(true)
  })

  it('CH-12 once they run, each action reaches them as it is dispatched', async () => {
    const { store, deps } = pageStore()
    store.dispatch(sessionStarted({ userId: ADA }))
    await waitFor(() => {
      expect(selectWorkspaceFlowsStarted(store.getState())).toBe(true)
    })

    store.dispatch(draftEdited({ orderId: 'O2', text: 'Is the effusion larger?' }))

    expect(deps.chatDraftStorage.load('O2')).toEqual({
      owner: ADA,
      text: 'Is the effusion larger?',
      inputType: 'text',
    })
  })

  it('CH-12 bring the browser collaborators the store was not given (the tab session storage)', async () => {
    chatDrafts
      .inTabSession()
      .save('O3', { owner: ADA, text: 'Kept in the tab', inputType: 'voice' })
    const { session, navigator, logger, clock, identity, preferences } = createTestDeps({
      sessionToken: 'session-jwt',
    })
    // As main.tsx makes it: the screens' collaborators only.
    const store = makeStore(
      undefined,
      { session, navigator, logger, clock, identity, preferences },
      { devTools: false },
    )
    stores.push(store)

    store.dispatch(sessionStarted({ userId: ADA }))

    await waitFor(() => {
      expect(selectDraft(store.getState(), 'O3')).toEqual({
        text: 'Kept in the tab',
        inputType: 'voice',
      })
    })
  })
})
