/**
 * The base query's rules, seen from the store: API-3 (401 -> /login), API-4 ('API Error: ...'),
 * API-5 (one retry, only where repeating is harmless; no refetch on focus) and API-6 (list
 * shapes, malformed answers become errors).
 */
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { conversationApi, useListMessagesQuery } from '../../../../src/services/api/conversationApi'
import { ordersApi, useListOrdersQuery } from '../../../../src/services/api/ordersApi'
import { reportApi } from '../../../../src/services/api/reportApi'
import { speechApi } from '../../../../src/services/api/speechApi'
import { routePattern } from '../../../support/msw/apiBackend'
import { buildSections } from '../../../support/msw/data'
import { apiBackend, server } from '../../../support/msw/server'
import { createTestDeps, makeTestStore, renderWithProviders } from '../../../support/render'

const storeWithSession = () =>
  makeTestStore({ deps: createTestDeps({ sessionToken: 'session-jwt' }) })

describe('API-3 a 401 from the backend', () => {
  it('API-3 sends the browser to /login and fails the request', async () => {
    server.use(
      http.get(
        routePattern('listOrders'),
        () => new HttpResponse(null, { status: 401, statusText: 'Unauthorized' }),
      ),
    )
    const { store, deps } = storeWithSession()
    deps.navigator.path = '/'

    const result = await store.dispatch(ordersApi.endpoints.listOrders.initiate())

    expect(deps.navigator.assigned).toEqual(['/login'])
    expect(result.error).toEqual({ status: 401, message: 'API Error: Unauthorized' })
  })

  it('API-3 does not reload /login when the 401 happens there', async () => {
    server.use(http.post(routePattern('speechToken'), () => HttpResponse.json({}, { status: 401 })))
    const { store, deps } = storeWithSession()
    deps.navigator.path = '/login'

    await store.dispatch(speechApi.endpoints.speechToken.initiate())

    expect(deps.navigator.assigned).toEqual([])
  })
})

describe('API-4 any other non-OK status', () => {
  it("API-4 a 500 raises 'API Error: Internal Server Error'", async () => {
    server.use(
      http.post(routePattern('sendMessage'), () =>
        HttpResponse.json(
          { error: 'internal', message: 'boom' },
          { status: 500, statusText: 'Internal Server Error' },
        ),
      ),
    )
    const { store, deps } = storeWithSession()

    const sending = store.dispatch(
      conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', content: 'Hello' }),
    )

    await expect(sending.unwrap()).rejects.toEqual({
      status: 500,
      message: 'API Error: Internal Server Error',
    })
    expect(deps.navigator.assigned).toEqual([])
  })

  it('API-4 uses the status text of the answer, and the standard phrase when a server sends none', async () => {
    server.use(
      http.get(routePattern('getOrder'), () =>
        HttpResponse.json({ error: 'x', message: 'y' }, { status: 404, statusText: 'Not Found' }),
      ),
      http.put(
        routePattern('saveReport'),
        () => new HttpResponse('<html>conflict</html>', { status: 409, statusText: '' }),
      ),
    )
    const { store } = storeWithSession()

    const order = await store.dispatch(ordersApi.endpoints.getOrder.initiate('missing'))
    const saved = await store.dispatch(
      reportApi.endpoints.saveReport.initiate({ orderId: 'O1', sections: buildSections() }),
    )

    expect(order.error).toEqual({ status: 404, message: 'API Error: Not Found' })
    expect(saved).toMatchObject({ error: { status: 409, message: 'API Error: Conflict' } })
  })

  it('API-4 a failed call is logged with its endpoint', async () => {
    server.use(
      http.get(
        routePattern('listPatients'),
        () => new HttpResponse(null, { status: 403, statusText: 'Forbidden' }),
      ),
    )
    const { store, deps } = storeWithSession()

    await store.dispatch(ordersApi.endpoints.listPatients.initiate())

    expect(deps.logger.entries).toContainEqual({
      level: 'error',
      event: 'api/requestFailed',
      detail: { endpoint: 'listPatients', status: 403, message: 'API Error: Forbidden' },
    })
  })
})

describe('API-5 retries and refetching', () => {
  it('API-5 a GET that fails with a 500 is retried exactly once', async () => {
    let calls = 0
    server.use(
      http.get(routePattern('listOrders'), () => {
        calls += 1
        return new HttpResponse(null, { status: 500, statusText: 'Internal Server Error' })
      }),
    )
    const { store } = storeWithSession()

    const result = await store.dispatch(ordersApi.endpoints.listOrders.initiate())

    expect(calls).toBe(2)
    expect(result.error).toEqual({ status: 500, message: 'API Error: Internal Server Error' })
  })

  it('API-5 the retry returns the answer when the second attempt succeeds', async () => {
    let calls = 0
    server.use(
      http.get(routePattern('getOrder'), () => {
        calls += 1
        return calls === 1 ? HttpResponse.error() : undefined
      }),
    )
    const { store } = storeWithSession()

    const order = await store.dispatch(ordersApi.endpoints.getOrder.initiate('O1')).unwrap()

    expect(calls).toBe(2)
    expect(order.id).toBe('O1')
  })

  it('API-5 sending a message is never repeated, even after a 500', async () => {
    let calls = 0
    server.use(
      http.post(routePattern('sendMessage'), () => {
        calls += 1
        return new HttpResponse(null, { status: 500, statusText: 'Internal Server Error' })
      }),
    )
    const { store } = storeWithSession()

    await store.dispatch(
      conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', content: 'Hello' }),
    )

    expect(calls).toBe(1)
  })

  it('API-5 a 4xx is final: no retry', async () => {
    let calls = 0
    server.use(
      http.get(routePattern('listMessages'), () => {
        calls += 1
        return new HttpResponse(null, { status: 404, statusText: 'Not Found' })
      }),
    )
    const { store } = storeWithSession()

    await store.dispatch(conversationApi.endpoints.listMessages.initiate('O9'))

    expect(calls).toBe(1)
  })

  it('API-5 regaining window focus does not refetch', async () => {
    const { store } = storeWithSession()
    const subscription = store.dispatch(ordersApi.endpoints.listOrders.initiate())
    await subscription

    window.dispatchEvent(new Event('focus'))
    document.dispatchEvent(new Event('visibilitychange'))
    window.dispatchEvent(new Event('online'))
    // A refetch would be another request through the same store; a fresh one proves the wait.
    await store.dispatch(ordersApi.endpoints.getOrder.initiate('O1'))

    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    subscription.unsubscribe()
  })
})

describe('API-6 list shapes and malformed answers', () => {
  it('API-6 a bare array is a list', async () => {
    const { store } = storeWithSession()

    const patients = await store.dispatch(ordersApi.endpoints.listPatients.initiate()).unwrap()

    expect(patients.map((patient) => patient.id)).toEqual(['P1', 'P2'])
  })

  it('API-6 an object holding one array is a list', async () => {
    server.use(
      http.get(routePattern('listPatients'), () =>
        HttpResponse.json({ items: apiBackend.patients }),
      ),
      http.get(routePattern('listMessages'), () =>
        HttpResponse.json({ messages: apiBackend.messages.get('O1'), count: 2 }),
      ),
    )
    const { store } = storeWithSession()

    const patients = await store.dispatch(ordersApi.endpoints.listPatients.initiate()).unwrap()
    const messages = await store
      .dispatch(conversationApi.endpoints.listMessages.initiate('O1'))
      .unwrap()

    expect(patients.map((patient) => patient.id)).toEqual(['P1', 'P2'])
    expect(messages.map((message) => message.id)).toEqual(['M1', 'M2'])
  })

  it('API-6 an object holding two arrays is malformed', async () => {
    server.use(
      http.get(routePattern('listOrders'), () => HttpResponse.json({ open: [], done: [] })),
    )
    const { store } = storeWithSession()

    const result = await store.dispatch(ordersApi.endpoints.listOrders.initiate())

    expect(result.error).toMatchObject({
      status: 'SCHEMA_ERROR',
      message: 'API Error: malformed answer from listOrders',
    })
  })

  it('API-6 an answer that breaks the contract becomes an error and is logged; no data is cached', async () => {
    server.use(
      http.get(routePattern('getOrder'), () =>
        HttpResponse.json({ id: 'O1', patient_id: 'P1', priority: 'whenever' }),
      ),
    )
    const { store, deps } = storeWithSession()

    const result = await store.dispatch(ordersApi.endpoints.getOrder.initiate('O1'))

    expect(result.isError).toBe(true)
    expect(result.data).toBeUndefined()
    expect(result.error).toMatchObject({
      status: 'SCHEMA_ERROR',
      message: 'API Error: malformed answer from getOrder',
    })
    expect(result.error && 'issues' in result.error ? result.error.issues : []).toContainEqual(
      expect.stringContaining('priority'),
    )
    expect(deps.logger.events('error')).toContain('api/requestFailed')
  })

  it('API-6 a blank speech token is refused as malformed (DC-5)', async () => {
    server.use(
      http.post(routePattern('speechToken'), () =>
        HttpResponse.json({ token: '  ', region: 'local' }),
      ),
    )
    const { store } = storeWithSession()

    const result = await store.dispatch(speechApi.endpoints.speechToken.initiate())

    expect(result).toMatchObject({ error: { status: 'SCHEMA_ERROR' } })
  })

  it('API-6 an answer that is not JSON is an error', async () => {
    server.use(
      http.get(
        routePattern('listPatients'),
        () =>
          new HttpResponse('{not json', {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
      http.get(routePattern('listOrders'), () => HttpResponse.text('<html>login page</html>')),
    )
    const { store } = storeWithSession()

    const patients = await store.dispatch(ordersApi.endpoints.listPatients.initiate())
    const orders = await store.dispatch(ordersApi.endpoints.listOrders.initiate())

    expect(patients.error).toEqual({
      status: 'PARSING_ERROR',
      message: 'API Error: the answer is not valid JSON',
    })
    expect(orders.error).toMatchObject({ status: 'SCHEMA_ERROR' })
  })

  it('API-6 one entry that cannot be shown is left out and logged once, by field, never by value', async () => {
    const good = apiBackend.orders[0]!
    server.use(
      http.get(routePattern('listOrders'), () =>
        HttpResponse.json({
          data: [good, { ...good, id: 'O8', priority: 'asap' }, { ...good, id: null }],
        }),
      ),
    )
    const { store, deps } = storeWithSession()

    const orders = await store.dispatch(ordersApi.endpoints.listOrders.initiate()).unwrap()

    expect(orders.map((order) => order.id)).toEqual([good.id])
    const skipped = deps.logger.entries.filter((entry) => entry.event === 'api/entriesSkipped')
    expect(skipped).toEqual([
      expect.objectContaining({
        level: 'warn',
        detail: { route: 'listOrders', count: 2, fields: ['id', 'priority'] },
      }),
    ])
  })

  it('API-6 a malformed answer never reaches a component, which keeps running', async () => {
    server.use(http.get(routePattern('listOrders'), () => HttpResponse.json({ id: 'O1' })))

    function OrdersProbe() {
      const orders = useListOrdersQuery()
      const messages = useListMessagesQuery('O1')
      if (orders.isLoading || messages.isLoading) return <p>waiting</p>
      return (
        <p>
          {orders.error && 'message' in orders.error
            ? orders.error.message
            : `${String(orders.data?.length)} orders`}
          {' / '}
          {`${String(messages.data?.length)} messages`}
        </p>
      )
    }
    renderWithProviders(<OrdersProbe />, { deps: createTestDeps({ sessionToken: 't' }) })

    expect(
      await screen.findByText('API Error: malformed answer from listOrders / 2 messages'),
    ).toBeInTheDocument()
  })
})
