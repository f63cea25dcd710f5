/**
 * The workspace's slices (a study's chat, report, addenda, dictation, claim) come with the
 * workspace's code, not with the first screen's (src/app/store.ts). Every other test's module
 * graph has loaded that code already (the test store starts the flows loaded), so this one starts
 * from a fresh module registry, as the page does: the store alone, the flows' code arriving after.
 */
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeLogger } from '../../support/render'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** The page's modules, fresh: nothing has loaded the workspace's code yet. */
async function freshPage() {
  vi.resetModules()
  const store = await import('../../../src/app/store')
  const actionLog = await import('../../../src/app/actionLog')
  const devTools = await import('../../../src/app/devTools')
  const flows = await import('../../../src/app/flowsSlice')
  const auth = await import('../../../src/features/auth')
  const activity = await import('../../../src/services/activity')
  const signOut = await import('../../../src/services/auth/identitySignOut')
  const preferences = await import('../../../src/services/storage/preferenceStorage')
  return {
    ...store,
    ...actionLog,
    ...devTools,
    ...flows,
    ...auth,
    ...activity,
    ...signOut,
    ...preferences,
  }
}

const WORKSPACE_KEYS = ['claims', 'conversation', 'report', 'addendum', 'comparison', 'dictation']

describe("the workspace's state", () => {
  it('arrives with its code, before the workspace is told its flows started, and replays from the first action', async () => {
    const page = await freshPage()
    const recorder = page.createActionRecorder()
    // As main.tsx makes it: the screens' collaborators only, and no flows handed over.
    const store = page.makeStore(
      undefined,
      {
        session: { getSessionToken: () => 'session-jwt' },
        navigator: { assign: () => undefined, reload: () => undefined, currentPath: () => '/' },
        logger: new FakeLogger(),
        clock: page.systemClock,
        identity: page.createIdentitySignOut(),
        preferences: page.localPreferences,
      },
      { devTools: false, recorder },
    )
    stops.push(() => {
      store.stopSagas()
    })

    const firstScreen = Object.keys(store.getState())
    expect(firstScreen).toEqual(expect.arrayContaining(['api', 'orders', 'worklist', 'flows']))
    for (const key of WORKSPACE_KEYS) expect(firstScreen).not.toContain(key)

    store.dispatch(page.sessionStarted({ userId: 'U-ada' }))
    await waitFor(() => {
      expect(page.selectWorkspaceFlowsStarted(store.getState())).toBe(true)
    })

    const state = store.getState()
    for (const key of WORKSPACE_KEYS) expect(Object.keys(state)).toContain(key)
    expect(state.report.drafts).toEqual({})
    const log = recorder.log()
    const replayed = page.replayActionLog(
      page.rootReducer,
      JSON.parse(JSON.stringify(log)) as typeof log,
    )
    expect(page.redactSecrets(replayed)).toEqual(page.redactSecrets(state))
  })
})
