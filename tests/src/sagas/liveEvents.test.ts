/**
 * EV-8: the live worklist in the SPA, with a real store and MSW. An event for a cached order puts
 * the order as the stream sent it into every cache holding it, without reading any list again; a
 * reset reads again once; a backend without the stream is asked once and nothing else changes.
 */
import { waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { API_PREFIX, EVENTS_PATH } from '../../../contract'
import { createActionRecorder } from '../../../src/app/actionLog'
import { ordersApi } from '../../../src/services/api/ordersApi'
import { readEventStream } from '../../../src/services/events/eventStream'
import { sessionStarted } from '../../../src/shared/events'
import { apiBackend, server } from '../../support/msw/server'
import { createTestDeps, makeTestStore } from '../../support/render'

const path = `${API_PREFIX}${EVENTS_PATH}`

function eventStream(frames: string[]): HttpResponse<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame))
      controller.close()
    },
  })
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } })
}

/** A stream that sends `frames` once; later connections find no stream. */
function streamOnce(frames: string[]) {
  let served = 0
  server.use(
    http.get(path, () =>
      served++ === 0 ? eventStream(frames) : new HttpResponse(null, { status: 404 }),
    ),
  )
}

const frame = (id: string, type: string, data: unknown) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`

describe('the live worklist', () => {
  it('EV-8 an event puts the order it carries into every cache holding it, reading no list again', async () => {
    const { store } = makeTestStore({
      deps: createTestDeps({ sessionToken: 't', liveEvents: readEventStream }),
    })
    await store.dispatch(ordersApi.endpoints.listOrderPage.initiate({}))
    await store.dispatch(ordersApi.endpoints.listOrderPage.initiate({ status: 'in_progress' }))
    await store.dispatch(ordersApi.endpoints.getOrder.initiate('O1'))
    const listReads = apiBackend.requestsTo('listOrders').length
    const o1 = apiBackend.orders.find((order) => order.id === 'O1')!
    const changed = { ...o1, status: 'in_progress', study_description: 'Changed elsewhere' }
    streamOnce([
      frame('7', 'ready', { version: 7 }),
      frame('8.1', 'order.status', { order_id: 'O1', order: changed }),
    ])

    store.dispatch(sessionStarted({ userId: 'U-test' }))

    await waitFor(() => {
      const page = ordersApi.endpoints.listOrderPage.select({})(store.getState()).data
      expect(page?.items.find((order) => order.id === 'O1')?.study_description).toBe(
        'Changed elsewhere',
      )
    })
    expect(ordersApi.endpoints.getOrder.select('O1')(store.getState()).data?.status).toBe(
      'in_progress',
    )
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(listReads)
  })

  it('INT-5 an order cancelled by the hospital leaves every cached list; its own read shows the status', async () => {
    const { store } = makeTestStore({
      deps: createTestDeps({ sessionToken: 't', liveEvents: readEventStream }),
    })
    await store.dispatch(ordersApi.endpoints.listOrderPage.initiate({}))
    await store.dispatch(ordersApi.endpoints.getOrder.initiate('O1'))
    const before = ordersApi.endpoints.listOrderPage.select({})(store.getState()).data
    expect(before?.items.some((order) => order.id === 'O1')).toBe(true)
    const o1 = apiBackend.orders.find((order) => order.id === 'O1')!
    const o2 = apiBackend.orders.find((order) => order.id === 'O2')!
    streamOnce([
      frame('3.1', 'order.status', { order_id: 'O1', order: { ...o1, status: 'cancelled' } }),
      frame('3.2', 'order.updated', {
        order_id: 'O2',
        order: { ...o2, study_description: 'Marker.' },
      }),
    ])

    store.dispatch(sessionStarted({ userId: 'U-test' }))

    await waitFor(() => {
      const page = ordersApi.endpoints.listOrderPage.select({})(store.getState()).data
      expect(page?.items.find((order) => order.id === 'O2')?.study_description).toBe('Marker.')
    })
    const after = ordersApi.endpoints.listOrderPage.select({})(store.getState()).data
    expect(after?.items.some((order) => order.id === 'O1')).toBe(false)
    expect(after?.total).toBe((before?.total ?? 0) - 1)
    expect(ordersApi.endpoints.getOrder.select('O1')(store.getState()).data?.status).toBe(
      'cancelled',
    )
  })

  it('EV-8 an event older than the report the caches hold is not applied; reset reads again once', async () => {
    const { store } = makeTestStore({
      deps: createTestDeps({ sessionToken: 't', liveEvents: readEventStream }),
    })
    await store.dispatch(ordersApi.endpoints.getOrder.initiate('O1'))
    await store.dispatch(ordersApi.endpoints.getOrder.initiate('O2'))
    const base = apiBackend.orders.find((order) => order.id === 'O1')!
    const withFindings = (findings: string, updatedAt: string) => ({
      ...base,
      report: {
        sections: { history: '', technique: '', comparison: '', findings, impression: '' },
        is_final: false,
        updated_at: updatedAt,
        finalized_at: null,
      },
    })
    const o2 = apiBackend.orders.find((order) => order.id === 'O2')!
    const reads = apiBackend.requestsTo('getOrder').length
    streamOnce([
      frame('1.1', 'report.saved', {
        order_id: 'O1',
        order: withFindings('Newer.', '2030-01-01T00:00:00.000Z'),
      }),
      frame('1.2', 'report.saved', {
        order_id: 'O1',
        order: withFindings('Older.', '2029-01-01T00:00:00.000Z'),
      }),
      frame('1.3', 'order.updated', { order_id: 'O2', order: { ...o2, indication: 'Marker.' } }),
    ])
    const findings = () =>
      ordersApi.endpoints.getOrder.select('O1')(store.getState()).data?.report?.sections.findings

    store.dispatch(sessionStarted({ userId: 'U-test' }))

    await waitFor(() => {
      expect(ordersApi.endpoints.getOrder.select('O2')(store.getState()).data?.indication).toBe(
        'Marker.',
      )
    })
    expect(findings()).toBe('Newer.')
    expect(apiBackend.requestsTo('getOrder')).toHaveLength(reads)

    streamOnce([frame('2', 'reset', { version: 2 })])
    store.dispatch(sessionStarted({ userId: 'U-test' }))
    await waitFor(() => {
      expect(apiBackend.requestsTo('getOrder')).toHaveLength(reads + 2)
    })
  })

  it('EV-8 a backend without the stream is asked once per session', async () => {
    const recorder = createActionRecorder()
    const { store } = makeTestStore({
      deps: createTestDeps({ sessionToken: 't', liveEvents: readEventStream }),
      recorder,
    })
    recorder.reset(store.getState())

    store.dispatch(sessionStarted({ userId: 'U-test' }))

    await waitFor(() => {
      expect(recorder.log().actions.map((action) => action.type)).toContain(
        'liveEvents/unavailable',
      )
    })
  })
})
