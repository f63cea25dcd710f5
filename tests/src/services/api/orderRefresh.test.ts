/**
 * The worklist (GET /orders) is the most expensive answer of the API: a hospital-sized list is
 * megabytes to download and check. A change to one study refreshes that study only (GET
 * /orders/:id) and patches its entry in the cached worklist in place; the list is never refetched
 * for it. These tests count the requests the fake backend received.
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AppStore } from '../../../../src/app/store'
import { baseApi } from '../../../../src/services/api/baseApi'
import { IN_PROGRESS, type Order } from '../../../../contract'
import { conversationApi } from '../../../../src/services/api/conversationApi'
import { orderRefreshUnderWay } from '../../../../src/services/api/orderCache'
import { ordersApi } from '../../../../src/services/api/ordersApi'
import { reportApi } from '../../../../src/services/api/reportApi'
import { routePattern } from '../../../support/msw/apiBackend'
import { holdNextRead, releaseGate } from '../../../support/heldAnswer'
import { buildOrder, buildReport, buildSections } from '../../../support/msw/data'
import { apiBackend, server } from '../../../support/msw/server'
import { createTestDeps, makeTestStore } from '../../../support/render'

const storeWithSession = () =>
  makeTestStore({ deps: createTestDeps({ sessionToken: 'session-jwt' }) })

const listed = (store: AppStore) => ordersApi.endpoints.listOrders.select()(store.getState()).data

const listedOrder = (store: AppStore, orderId: string) =>
  listed(store)?.find((order) => order.id === orderId)

const cachedOrder = (store: AppStore, orderId: string) =>
  ordersApi.endpoints.getOrder.select(orderId)(store.getState()).data

/** Waits until no request of the store is under way, follow-ups included. */
async function settled(store: AppStore): Promise<void> {
  for (;;) {
    const running = [
      ...store.dispatch(baseApi.util.getRunningQueriesThunk()),
      ...store.dispatch(baseApi.util.getRunningMutationsThunk()),
    ]
    // Follow-up requests start a few microtasks after the answer that causes them.
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (running.length === 0) {
      const after = [
        ...store.dispatch(baseApi.util.getRunningQueriesThunk()),
        ...store.dispatch(baseApi.util.getRunningMutationsThunk()),
      ]
      if (after.length === 0) return
      continue
    }
    await Promise.allSettled(running)
  }
}

/**
 * A store with a session that has read the worklist and, when named, one order (and with
 * `withMessages` its conversation); `unsubscribe` lets go of all of them.
 */
async function storeReading(orderId?: string, { withMessages = false } = {}) {
  const { store } = storeWithSession()
  const subscriptions: (PromiseLike<unknown> & { unsubscribe: () => void })[] = [
    store.dispatch(ordersApi.endpoints.listOrders.initiate()),
  ]
  if (orderId !== undefined) {
    subscriptions.push(store.dispatch(ordersApi.endpoints.getOrder.initiate(orderId)))
    if (withMessages) {
      subscriptions.push(store.dispatch(conversationApi.endpoints.listMessages.initiate(orderId)))
    }
  }
  await Promise.all(subscriptions)
  const unsubscribe = () => {
    for (const subscription of subscriptions) subscription.unsubscribe()
  }
  return { store, unsubscribe }
}

/** Sends a message about `orderId` and waits for every request it causes. */
async function sendAndSettle(store: AppStore, orderId: string, content: string): Promise<void> {
  await store
    .dispatch(conversationApi.endpoints.sendMessage.initiate({ orderId, content }))
    .unwrap()
  await settled(store)
}

/** Clears the conversation of `orderId` and waits for every request it causes. */
async function clearAndSettle(store: AppStore, orderId: string): Promise<void> {
  await store.dispatch(conversationApi.endpoints.clearConversation.initiate(orderId)).unwrap()
  await settled(store)
}

/** The worklist of the fake backend: O1 in progress with a report, O2 to O5 scheduled. */
function seedWorklist(): Order[] {
  const [o1, o2] = apiBackend.orders
  if (!o1 || !o2) throw new Error('the demo data has two orders')
  o1.status = IN_PROGRESS
  o1.report = buildReport({ sections: buildSections({ findings: 'Old findings.' }) })
  const more = [3, 4, 5].map((n) =>
    buildOrder({
      id: `O${String(n)}`,
      patient: o2.patient,
      accession_number: `ACC-100${String(n)}`,
    }),
  )
  apiBackend.orders = [o1, o2, ...more]
  return apiBackend.orders
}

/** A DELETE that restores `original` as the study's status, as the real server does. */
function clearingRestores(original: string) {
  server.use(
    http.delete(routePattern('clearConversation'), ({ params }) => {
      const order = apiBackend.orders.find((candidate) => candidate.id === params.id)
      if (!order) return HttpResponse.json({ error: 'not_found', message: 'x' }, { status: 404 })
      apiBackend.requests.push({
        route: 'clearConversation',
        method: 'DELETE',
        path: `/api/v1/orders/${order.id}/conversation`,
        body: null,
        headers: new Headers(),
        credentials: 'include',
      })
      apiBackend.messages.delete(order.id)
      order.report = null
      order.status = original
      return new HttpResponse(null, { status: 204 })
    }),
  )
}

describe('one study changes, one study is read again', () => {
  it('RP-6 a reply that updates the report refreshes that order and patches the worklist entry, without GET /orders', async () => {
    seedWorklist()
    apiBackend.replyUpdatesReport = true
    const { store, unsubscribe } = await storeReading('O1', { withMessages: true })
    const before = listed(store)

    await sendAndSettle(store, 'O1', 'Small effusion.')

    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(2)
    expect(cachedOrder(store, 'O1')?.report?.sections.findings).toBe('Small effusion.')
    expect(listedOrder(store, 'O1')?.report?.sections.findings).toBe('Small effusion.')
    expect(listedOrder(store, 'O1')).toEqual(cachedOrder(store, 'O1'))
    // In place: same order of entries, and the other entries keep their identity.
    const after = listed(store)
    expect(after?.map((order) => order.id)).toEqual(before?.map((order) => order.id))
    expect(after?.slice(1)).toEqual(before?.slice(1))
    after?.slice(1).forEach((order, index) => {
      expect(order).toBe(before?.[index + 1])
    })
    unsubscribe()
  })

  it('RP-6 the worklist entry gets the new report even when no one holds the order itself', async () => {
    seedWorklist()
    apiBackend.replyUpdatesReport = true
    const { store, unsubscribe } = await storeReading()

    await sendAndSettle(store, 'O2', 'Mass.')

    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    expect(apiBackend.requestsTo('getOrder').map((request) => request.path)).toEqual([
      '/api/v1/orders/O2',
    ])
    expect(listedOrder(store, 'O2')?.report?.sections.findings).toBe('Mass.')
    expect(listedOrder(store, 'O2')?.status).toBe(IN_PROGRESS)
    unsubscribe()
  })

  it('CH-11 a reply that leaves the report alone reads nothing again but marks the entry in progress', async () => {
    seedWorklist()
    const { store, unsubscribe } = await storeReading()

    await sendAndSettle(store, 'O2', 'Hi')

    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(0)
    expect(listedOrder(store, 'O2')?.status).toBe(IN_PROGRESS)
    unsubscribe()
  })

  it('reading one order puts the answer into its worklist entry', async () => {
    seedWorklist()
    const { store, unsubscribe } = await storeReading()
    const before = listed(store)
    const changed = apiBackend.orders[2]
    if (!changed) throw new Error('seeded')
    changed.status = 'completed'

    await store.dispatch(ordersApi.endpoints.getOrder.initiate('O3', { subscribe: false }))

    expect(listedOrder(store, 'O3')?.status).toBe('completed')
    expect(listed(store)?.map((order) => order.id)).toEqual(before?.map((order) => order.id))
    expect(listedOrder(store, 'O1')).toBe(before?.[0])
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    unsubscribe()
  })
  it('an order read that left before the worklist was read again does not overwrite its entry', async () => {
    seedWorklist()
    const { store, unsubscribe } = await storeReading()
    const { release, wasRead } = holdNextRead('getOrder', () => apiBackend.orders[2])
    const order = store.dispatch(ordersApi.endpoints.getOrder.initiate('O3', { subscribe: false }))
    await expect.poll(wasRead).toBe(true)
    apiBackend.orders[2]!.status = 'completed'
    await new Promise((resolve) => setTimeout(resolve, 5))
    await store.dispatch(ordersApi.endpoints.listOrders.initiate(undefined, { forceRefetch: true }))
    expect(listedOrder(store, 'O3')?.status).toBe('completed')

    release()
    await order

    expect(listedOrder(store, 'O3')?.status).toBe('completed')
    unsubscribe()
  })
})

describe('clearing one conversation', () => {
  it('CL-2 a study in progress reads its order again and the worklist entry gets the restored status, without GET /orders', async () => {
    seedWorklist()
    clearingRestores('completed')
    const { store, unsubscribe } = await storeReading('O1', { withMessages: true })

    await clearAndSettle(store, 'O1')

    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(2)
    expect(listedOrder(store, 'O1')).toMatchObject({ status: 'completed', report: null })
    expect(cachedOrder(store, 'O1')).toMatchObject({ status: 'completed', report: null })
    expect(conversationApi.endpoints.listMessages.select('O1')(store.getState()).data).toEqual([])
    unsubscribe()
  })

  it('CL-2 the worklist entry is refreshed even when no one holds the order itself', async () => {
    seedWorklist()
    clearingRestores('scheduled')
    const { store, unsubscribe } = await storeReading()

    await clearAndSettle(store, 'O1')

    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(1)
    expect(listedOrder(store, 'O1')).toMatchObject({ status: 'scheduled', report: null })
    unsubscribe()
  })

  it('CL-2 a study not in progress keeps its status: nothing is read again, the report is gone', async () => {
    const [, o2] = seedWorklist()
    if (!o2) throw new Error('seeded')
    o2.report = buildReport()
    clearingRestores('scheduled')
    const { store, unsubscribe } = await storeReading('O2')

    await clearAndSettle(store, 'O2')

    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(1)
    expect(listedOrder(store, 'O2')).toMatchObject({ status: 'scheduled', report: null })
    expect(cachedOrder(store, 'O2')).toMatchObject({ status: 'scheduled', report: null })
    unsubscribe()
  })

  it('CL-2 a read of the order under way when the clear lands is followed by one more; the caller can wait for it', async () => {
    seedWorklist()
    clearingRestores('completed')
    const { store, unsubscribe } = await storeReading('O1')
    // A read that sees the order before the clear and answers only after it.
    const { release, wasRead } = holdNextRead('getOrder', () => apiBackend.orders[0])
    const early = store.dispatch(
      ordersApi.endpoints.getOrder.initiate('O1', { forceRefetch: true }),
    )
    await expect.poll(wasRead).toBe(true)

    await store.dispatch(conversationApi.endpoints.clearConversation.initiate('O1')).unwrap()
    const refresh = store.dispatch(orderRefreshUnderWay('O1'))
    expect(refresh).toBeInstanceOf(Promise)
    release()
    await early
    await refresh

    expect(cachedOrder(store, 'O1')?.status).toBe('completed')
    expect(listedOrder(store, 'O1')?.status).toBe('completed')
    expect(store.dispatch(orderRefreshUnderWay('O1'))).toBeUndefined()
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    unsubscribe()
  })

  it('CL-2 a failed clear changes no cache and reads nothing again', async () => {
    seedWorklist()
    server.use(
      http.delete(routePattern('clearConversation'), () =>
        HttpResponse.json({ error: 'x', message: 'y' }, { status: 500 }),
      ),
    )
    const { store, unsubscribe } = await storeReading()
    const before = listed(store)

    const result = await store.dispatch(conversationApi.endpoints.clearConversation.initiate('O1'))
    await settled(store)

    expect(result).toHaveProperty('error')
    expect(listed(store)).toBe(before)
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(0)
    unsubscribe()
  })
})

describe('saving and finalizing the report', () => {
  it('RP-2 and RP-4 each answer is patched into the worklist entry; nothing is read again', async () => {
    seedWorklist()
    const { store, unsubscribe } = await storeReading('O2')
    const sections = buildSections({ findings: 'Clear lungs.', impression: 'Normal.' })

    const saved = await store
      .dispatch(
        reportApi.endpoints.saveReport.initiate({ orderId: 'O2', sections, baseVersion: null }),
      )
      .unwrap()
    expect(listedOrder(store, 'O2')?.report).toEqual(saved)

    const final = await store
      .dispatch(
        reportApi.endpoints.finalizeReport.initiate({
          orderId: 'O2',
          seenVersion: saved!.version,
        }),
      )
      .unwrap()
    await settled(store)

    expect(final!.is_final).toBe(true)
    expect(listedOrder(store, 'O2')?.report).toEqual(final)
    expect(cachedOrder(store, 'O2')?.report).toEqual(final)
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(1)
    unsubscribe()
  })

  it('RP-2 a save answered after a newer version was read does not take the cached report back', async () => {
    seedWorklist()
    const { store, unsubscribe } = await storeReading('O1')
    const { released, release } = releaseGate()
    const older = buildReport({ updated_at: '2025-03-04T15:05:00.000Z' })
    const newer = buildReport({
      sections: buildSections({ findings: 'Newer.' }),
      updated_at: '2025-03-04T15:06:00.000Z',
    })
    server.use(
      http.put(routePattern('saveReport'), async () => {
        await released
        return HttpResponse.json(older)
      }),
    )
    const save = store.dispatch(
      reportApi.endpoints.saveReport.initiate({ orderId: 'O1', sections: buildSections() }),
    )
    const o1 = apiBackend.orders[0]
    if (!o1) throw new Error('seeded')
    o1.report = newer
    await store.dispatch(ordersApi.endpoints.getOrder.initiate('O1', { forceRefetch: true }))
    release()
    await save.unwrap()

    // As the SPA reads it: the backend's version is the one versions are compared by.
    const newerAsRead = { ...newer, version: newer.updated_at, finalized_by: null, addenda: [] }
    expect(cachedOrder(store, 'O1')?.report).toEqual(newerAsRead)
    expect(listedOrder(store, 'O1')?.report).toEqual(newerAsRead)
    unsubscribe()
  })
})
