/**
 * The store: serializable state with the default checks on, collaborators outside the state,
 * and DevTools that never see a token.
 */
import { describe, expect, it } from 'vitest'
import {
  devToolsSettings,
  redactSecrets,
  REDACTED,
  sanitizeAction,
  sanitizeState,
} from '../../../src/app/devTools'
import { ordersApi } from '../../../src/services/api/ordersApi'
import { sessionEnded } from '../../../src/features/auth'
import { createTestDeps, makeTestStore } from '../../support/render'

describe('the store', () => {
  it('holds one slice per domain and the API cache, and no collaborator', async () => {
    const { store } = makeTestStore({ deps: createTestDeps({ sessionToken: 'session-jwt' }) })

    await store.dispatch(ordersApi.endpoints.listOrders.initiate()).unwrap()

    const state = store.getState()
    expect(Object.keys(state).sort()).toEqual([
      'addendum',
      'api',
      'authorship',
      'claims',
      'comparison',
      'conversation',
      'dictation',
      'flows',
      'idleLogoff',
      'layout',
      'orders',
      'report',
      'review',
      'signing',
      'worklist',
    ])
    expect(() => structuredClone(state)).not.toThrow()
    expect(JSON.stringify(state)).not.toContain('session-jwt')
  })

  it('ID-2 the end of a session drops every cached answer', async () => {
    const { store } = makeTestStore({ deps: createTestDeps({ sessionToken: 't' }) })
    await store.dispatch(ordersApi.endpoints.listOrders.initiate()).unwrap()
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1)

    store.dispatch(sessionEnded())

    expect(store.getState().api.queries).toEqual({})
  })

  it('rejects a non-serializable value, as the default checks do', () => {
    const { store } = makeTestStore()
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => errors.push(args)
    try {
      store.dispatch({ type: 'test/somethingHappened', payload: new Map() })
    } finally {
      console.error = original
    }
    expect(JSON.stringify(errors)).toContain('non-serializable')
  })
})

describe('Redux DevTools', () => {
  it('are configured only when enabled, always with the sanitizers', () => {
    expect(devToolsSettings(false, 'Readout')).toBe(false)
    expect(devToolsSettings(true, 'Readout v1')).toEqual({
      name: 'Readout v1',
      actionSanitizer: sanitizeAction,
      stateSanitizer: sanitizeState,
    })
  })

  it('never receive tokens, Authorization headers or request metadata', () => {
    const action = {
      type: 'api/executeQuery/fulfilled',
      payload: {
        sessionJwt: 'a.b.c',
        refreshJwt: 'd.e.f',
        user: { name: 'Ada', token: 'x' },
        list: [{ speechToken: 'y' }],
      },
      meta: {
        arg: { endpointName: 'speechToken' },
        baseQueryMeta: { request: { headers: { Authorization: 'Bearer a.b.c' } } },
        headers: { authorization: 'Bearer a.b.c' },
      },
    }

    const sanitized = sanitizeAction(action)

    expect(JSON.stringify(sanitized)).not.toMatch(/a\.b\.c|d\.e\.f|"x"|"y"/)
    expect(sanitized).toEqual({
      type: 'api/executeQuery/fulfilled (speechToken)',
      payload: {
        sessionJwt: REDACTED,
        refreshJwt: REDACTED,
        user: { name: 'Ada', token: REDACTED },
        list: [{ speechToken: REDACTED }],
      },
      meta: { arg: { endpointName: 'speechToken' }, headers: { authorization: REDACTED } },
    })
    expect(action.payload.sessionJwt).toBe('a.b.c')
  })

  it('get state with secrets replaced, keeping everything else', () => {
    const state = {
      api: { mutations: { r1: { data: { token: 'speech', region: 'westeurope' } } } },
    }

    expect(sanitizeState(state)).toEqual({
      api: { mutations: { r1: { data: { token: REDACTED, region: 'westeurope' } } } },
    })
    expect(redactSecrets(['a', 1, null])).toEqual(['a', 1, null])
  })
})
