/**
 * SEC-26: when the server ends the live stream because the sign-in ended (logged out everywhere
 * from another tab or device), the tab goes to /login instead of reconnecting again and again;
 * a 401 for a token about to be replaced by a refresh is still tried again with the next token.
 */
import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { EventStreamReader, StreamEnd } from '../../../src/services/events/eventStream'
import { sessionStarted } from '../../../src/shared/events'
import { createTestDeps, makeTestStore } from '../../support/render'

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')

/** A session token that expires `seconds` from now (the SPA reads its claims, never its signature). */
const tokenExpiringIn = (seconds: number) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({
    sub: 'U-test',
    exp: Math.floor(Date.now() / 1000) + seconds,
  })}.signature`

/** A reader that ends each connection as the script says (the last one repeats). */
function scriptedReader(script: StreamEnd[]): EventStreamReader & { calls: number } {
  const reader = Object.assign(
    (options: Parameters<EventStreamReader>[0]) => {
      const end = script[Math.min(reader.calls, script.length - 1)]!
      reader.calls += 1
      if (end.kind === 'ended')
        options.onEvent({ type: 'ready', data: '{"version":1}', lastEventId: '1' })
      return Promise.resolve(end)
    },
    { calls: 0 },
  )
  return reader
}

describe('the live worklist when the sign-in ends elsewhere', () => {
  it('SEC-26 a stream ended by the server, then refused for a token still good, sends the tab to /login once', async () => {
    const reader = scriptedReader([{ kind: 'ended', lastEventId: '1' }, { kind: 'unauthorized' }])
    const deps = createTestDeps({ sessionToken: tokenExpiringIn(300), liveEvents: reader })
    deps.navigator.path = '/worklist'
    const { store } = makeTestStore({ deps })

    store.dispatch(sessionStarted({ userId: 'U-test' }))

    await waitFor(() => {
      expect(deps.navigator.assigned).toEqual(['/login'])
    })
    expect(reader.calls).toBe(2)
  })

  it('SEC-26 a 401 for a token about to expire is tried again with the next token', async () => {
    const reader = scriptedReader([{ kind: 'unauthorized' }, { kind: 'stopped' }])
    const deps = createTestDeps({ sessionToken: tokenExpiringIn(10), liveEvents: reader })
    deps.navigator.path = '/worklist'
    const { store } = makeTestStore({ deps })

    store.dispatch(sessionStarted({ userId: 'U-test' }))

    await waitFor(
      () => {
        expect(reader.calls).toBe(2)
      },
      { timeout: 5_000 },
    )
    expect(deps.navigator.assigned).toEqual([])
  })
})
