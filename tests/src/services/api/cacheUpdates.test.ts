/**
 * How mutations keep the cached answers true: the optimistic rating and its rollback (CH-5,
 * CH-6 at the API level), the refetches a sent message causes, and the report answers patched
 * into the order caches (orderRefresh.test.ts counts the worklist reads in detail).
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { conversationApi } from '../../../../src/services/api/conversationApi'
import { ordersApi } from '../../../../src/services/api/ordersApi'
import { reportApi } from '../../../../src/services/api/reportApi'
import { routePattern } from '../../../support/msw/apiBackend'
import { holdNextRead, releaseGate } from '../../../support/heldAnswer'
import { buildReport, buildSections } from '../../../support/msw/data'
import { apiBackend, server } from '../../../support/msw/server'
import { createTestDeps, makeTestStore } from '../../../support/render'
import type { AppStore } from '../../../../src/app/store'

const storeWithSession = () =>
  makeTestStore({ deps: createTestDeps({ sessionToken: 'session-jwt' }) })

const cachedMessages = (store: AppStore, orderId: string) =>
  conversationApi.endpoints.listMessages.select(orderId)(store.getState()).data

const cachedOrder = (store: AppStore, orderId: string) =>
  ordersApi.endpoints.getOrder.select(orderId)(store.getState()).data

const listedOrder = (store: AppStore, orderId: string) =>
  ordersApi.endpoints.listOrders
    .select()(store.getState())
    .data?.find((order) => order.id === orderId)

/** Resolves when the answer of `route` may be released; lets a test look at the cache in between. */
function holdAnswer(
  method: 'patch' | 'post',
  route: 'rateMessage' | 'sendMessage',
  answer: () => Response,
) {
  const { released, release } = releaseGate()
  server.use(
    http[method](routePattern(route), async () => {
      await released
      return answer()
    }),
  )
  return release
}

describe('rating a reply', () => {
  it('CH-6 the rating shows at once, before the server has answered', async () => {
    const { store } = storeWithSession()
    await store.dispatch(conversationApi.endpoints.listMessages.initiate('O1'))
    const release = holdAnswer('patch', 'rateMessage', () => HttpResponse.json({ success: true }))

    const rating = store.dispatch(
      conversationApi.endpoints.rateMessage.initiate({
        orderId: 'O1',
        messageId: 'M2',
        rating: 'up',
      }),
    )

    expect(cachedMessages(store, 'O1')?.find((message) => message.id === 'M2')?.rating).toBe('up')
    release()
    await rating.unwrap()
    expect(cachedMessages(store, 'O1')?.find((message) => message.id === 'M2')?.rating).toBe('up')
  })

  it('CH-5 clearing a rating sends null and shows no rating', async () => {
    apiBackend.messages.get('O1')![1]!.rating = 'down'
    const { store } = storeWithSession()
    await store.dispatch(conversationApi.endpoints.listMessages.initiate('O1'))

    await store
      .dispatch(
        conversationApi.endpoints.rateMessage.initiate({
          orderId: 'O1',
          messageId: 'M2',
          rating: null,
        }),
      )
      .unwrap()

    expect(apiBackend.requestsTo('rateMessage')[0]?.body).toEqual({ rating: null })
    expect(cachedMessages(store, 'O1')?.find((message) => message.id === 'M2')?.rating).toBeNull()
  })

  it('CH-6 a failed rating is reverted and logged', async () => {
    const { store, deps } = storeWithSession()
    await store.dispatch(conversationApi.endpoints.listMessages.initiate('O1'))
    const release = holdAnswer('patch', 'rateMessage', () =>
      HttpResponse.json(
        { error: 'x', message: 'y' },
        { status: 500, statusText: 'Internal Server Error' },
      ),
    )

    const rating = store.dispatch(
      conversationApi.endpoints.rateMessage.initiate({
        orderId: 'O1',
        messageId: 'M2',
        rating: 'down',
      }),
    )
    expect(cachedMessages(store, 'O1')?.find((message) => message.id === 'M2')?.rating).toBe('down')
    release()

    await expect(rating.unwrap()).rejects.toMatchObject({
      message: 'API Error: Internal Server Error',
    })
    expect(cachedMessages(store, 'O1')?.find((message) => message.id === 'M2')?.rating).toBeNull()
    expect(deps.logger.events('error')).toContain('conversation/ratingReverted')
  })
  it('CH-5 rating up and taking it back at once reaches the server in that order and shows no rating', async () => {
    const { store } = storeWithSession()
    await store.dispatch(conversationApi.endpoints.listMessages.initiate('O1'))
    // The first call is held at the server; whatever arrives is recorded in arrival order.
    const arrived: unknown[] = []
    const { released: firstHeld, release: releaseFirst } = releaseGate()
    server.use(
      http.patch(routePattern('rateMessage'), async ({ request }) => {
        const body = await request.json()
        arrived.push(body)
        if (arrived.length === 1) await firstHeld
        return HttpResponse.json({ success: true })
      }),
    )
    const rate = (rating: 'up' | null) =>
      store.dispatch(
        conversationApi.endpoints.rateMessage.initiate({ orderId: 'O1', messageId: 'M2', rating }),
      )

    const up = rate('up')
    await expect.poll(() => arrived.length).toBe(1)
    const cleared = rate(null)
    expect(cachedMessages(store, 'O1')?.find((message) => message.id === 'M2')?.rating).toBeNull()
    // The second call waits for the first: it cannot overtake it on the way to the server.
    await Promise.resolve()
    expect(arrived).toEqual([{ rating: 'up' }])

    releaseFirst()
    await up.unwrap()
    // The first answer does not bring back the rating that was already taken back.
    expect(cachedMessages(store, 'O1')?.find((message) => message.id === 'M2')?.rating).toBeNull()
    await cleared.unwrap()
    expect(arrived).toEqual([{ rating: 'up' }, { rating: null }])
    expect(cachedMessages(store, 'O1')?.find((message) => message.id === 'M2')?.rating).toBeNull()
  })
  it('CH-6 a conversation fetched before the rating was stored does not take the rating back', async () => {
    const { store } = storeWithSession()
    await store.dispatch(conversationApi.endpoints.listMessages.initiate('O1'))
    // A refetch that reads the conversation now, but answers only when released.
    const { release, wasRead } = holdNextRead('listMessages', () => apiBackend.messages.get('O1'))
    const refetch = store.dispatch(
      conversationApi.endpoints.listMessages.initiate('O1', { forceRefetch: true }),
    )
    await expect.poll(wasRead).toBe(true)
    expect(apiBackend.messages.get('O1')?.[1]?.rating).toBeNull()

    await store
      .dispatch(
        conversationApi.endpoints.rateMessage.initiate({
          orderId: 'O1',
          messageId: 'M2',
          rating: 'up',
        }),
      )
      .unwrap()
    expect(apiBackend.messages.get('O1')?.[1]?.rating).toBe('up')
    release()
    await refetch

    expect(cachedMessages(store, 'O1')?.find((message) => message.id === 'M2')?.rating).toBe('up')
    // A fetch that starts after the rating was stored is believed as it is.
    apiBackend.messages.get('O1')![1]!.rating = 'down'
    await store.dispatch(
      conversationApi.endpoints.listMessages.initiate('O1', { forceRefetch: true }),
    )
    expect(cachedMessages(store, 'O1')?.find((message) => message.id === 'M2')?.rating).toBe('down')
  })
})

describe('sending a message', () => {
  it('CH-11 sending refetches the messages; the order stays cached when the report did not change', async () => {
    const { store } = storeWithSession()
    const messages = store.dispatch(conversationApi.endpoints.listMessages.initiate('O1'))
    const order = store.dispatch(ordersApi.endpoints.getOrder.initiate('O1'))
    await Promise.all([messages, order])

    await store
      .dispatch(
        conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', content: 'Any effusion?' }),
      )
      .unwrap()

    await expect.poll(() => cachedMessages(store, 'O1')?.length).toBe(4)
    expect(cachedMessages(store, 'O1')?.at(-2)).toMatchObject({
      role: 'user',
      content: 'Any effusion?',
    })
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(1)
    messages.unsubscribe()
    order.unsubscribe()
  })

  it('RP-6 a reply with report_updated also refetches the order, whose worklist entry takes it', async () => {
    apiBackend.replyUpdatesReport = true
    const { store } = storeWithSession()
    const subscriptions = [
      store.dispatch(conversationApi.endpoints.listMessages.initiate('O1')),
      store.dispatch(ordersApi.endpoints.getOrder.initiate('O1')),
      store.dispatch(ordersApi.endpoints.listOrders.initiate()),
    ]
    await Promise.all(subscriptions)

    await store
      .dispatch(
        conversationApi.endpoints.sendMessage.initiate({
          orderId: 'O1',
          content: 'Small effusion.',
        }),
      )
      .unwrap()

    await expect
      .poll(() => cachedOrder(store, 'O1')?.report?.sections.findings)
      .toBe('Small effusion.')
    expect(listedOrder(store, 'O1')?.report?.sections.findings).toBe('Small effusion.')
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(2)
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    await expect.poll(() => apiBackend.requestsTo('listMessages').length).toBe(2)
    for (const subscription of subscriptions) subscription.unsubscribe()
  })
})

describe('initializing and clearing a study', () => {
  it('WS-13 an initialize answer with content refetches the messages', async () => {
    const { store } = storeWithSession()
    const messages = store.dispatch(conversationApi.endpoints.listMessages.initiate('O2'))
    await messages
    expect(cachedMessages(store, 'O2')).toEqual([])

    const answer = await store
      .dispatch(conversationApi.endpoints.initializeOrder.initiate('O2'))
      .unwrap()

    expect(answer.content).toBe('Summary of the study.')
    await expect.poll(() => cachedMessages(store, 'O2')?.length).toBe(1)
    messages.unsubscribe()
  })

  it('WS-13 an initialize answer without content refetches nothing', async () => {
    const { store } = storeWithSession()
    const messages = store.dispatch(conversationApi.endpoints.listMessages.initiate('O1'))
    await messages

    const answer = await store
      .dispatch(conversationApi.endpoints.initializeOrder.initiate('O1'))
      .unwrap()
    await store.dispatch(ordersApi.endpoints.listPatients.initiate())

    expect(answer).toEqual({})
    expect(apiBackend.requestsTo('listMessages')).toHaveLength(1)
    messages.unsubscribe()
  })

  it('CL-2 clearing a conversation refetches its messages and takes the report out of the order caches', async () => {
    apiBackend.orders[0]!.report = buildReport()
    const { store } = storeWithSession()
    const subscriptions = [
      store.dispatch(conversationApi.endpoints.listMessages.initiate('O1')),
      store.dispatch(ordersApi.endpoints.getOrder.initiate('O1')),
      store.dispatch(ordersApi.endpoints.listOrders.initiate()),
    ]
    await Promise.all(subscriptions)

    await store.dispatch(conversationApi.endpoints.clearConversation.initiate('O1')).unwrap()

    await expect.poll(() => cachedMessages(store, 'O1')).toEqual([])
    expect(cachedOrder(store, 'O1')?.report).toBeNull()
    expect(listedOrder(store, 'O1')?.report).toBeNull()
    // A study that was not in progress keeps its status: nothing else is read again.
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(1)
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    for (const subscription of subscriptions) subscription.unsubscribe()
  })
})

describe('saving and finalizing the report', () => {
  it('RP-2 saving puts the answered report into the cached order and worklist without refetching', async () => {
    const { store } = storeWithSession()
    const subscriptions = [
      store.dispatch(ordersApi.endpoints.getOrder.initiate('O1')),
      store.dispatch(ordersApi.endpoints.listOrders.initiate()),
    ]
    await Promise.all(subscriptions)
    const sections = buildSections({ findings: 'Clear lungs.', impression: 'Normal.' })

    await store
      .dispatch(reportApi.endpoints.saveReport.initiate({ orderId: 'O1', sections }))
      .unwrap()

    expect(cachedOrder(store, 'O1')?.report?.sections).toEqual(sections)
    const worklist = ordersApi.endpoints.listOrders.select()(store.getState()).data
    expect(worklist?.find((order) => order.id === 'O1')?.report?.sections).toEqual(sections)
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(1)
    for (const subscription of subscriptions) subscription.unsubscribe()
  })

  it('RP-2 a read of the order that left before a save was answered, and lands after it, does not take the saved report back', async () => {
    const { store } = storeWithSession()
    const subscription = store.dispatch(ordersApi.endpoints.getOrder.initiate('O1'))
    await subscription
    // The study is opened again while a restored draft is saved: its read has the order as it
    // was before the save (no report), and its answer comes after the save's.
    const { release, wasRead } = holdNextRead('getOrder', () => apiBackend.orders[0])
    const reading = store.dispatch(
      ordersApi.endpoints.getOrder.initiate('O1', { forceRefetch: true, subscribe: false }),
    )
    await expect.poll(wasRead).toBe(true)
    const sections = buildSections({ findings: 'Saved while the study was read.' })
    await store
      .dispatch(reportApi.endpoints.saveReport.initiate({ orderId: 'O1', sections }))
      .unwrap()
    expect(cachedOrder(store, 'O1')?.report?.sections).toEqual(sections)

    release()
    await reading
    await expect.poll(() => cachedOrder(store, 'O1')?.report?.sections).toEqual(sections)
    subscription.unsubscribe()
  })

  it('RP-4 finalizing puts the final report into the cached order', async () => {
    const { store } = storeWithSession()
    const order = store.dispatch(ordersApi.endpoints.getOrder.initiate('O1'))
    await order

    await store.dispatch(reportApi.endpoints.finalizeReport.initiate({ orderId: 'O1' })).unwrap()

    expect(cachedOrder(store, 'O1')?.report).toMatchObject({ is_final: true })
    order.unsubscribe()
  })

  it('RP-2 a failed save leaves the cached report as it was', async () => {
    server.use(
      http.put(
        routePattern('saveReport'),
        () => new HttpResponse(null, { status: 409, statusText: 'Conflict' }),
      ),
    )
    const { store } = storeWithSession()
    const order = store.dispatch(ordersApi.endpoints.getOrder.initiate('O1'))
    await order

    const saved = await store.dispatch(
      reportApi.endpoints.saveReport.initiate({ orderId: 'O1', sections: buildSections() }),
    )

    expect(saved).toMatchObject({ error: { message: 'API Error: Conflict' } })
    expect(cachedOrder(store, 'O1')?.report).toBeNull()
    order.unsubscribe()
  })
})
