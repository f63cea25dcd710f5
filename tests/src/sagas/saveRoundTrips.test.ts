/**
 * RP-8, RP-9: the round trips of one save, with a real store, the report saga and the in-memory
 * /api/v1. A save sends the PUT alone, naming the version the editor holds; a report someone
 * wrote first costs one read (the 412 is the reconcile path); an assistant's reply that changed
 * the report gives the draft its version before the save leaves, so that save is not refused.
 */
import { describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { sessionStarted } from '../../../src/features/auth'
import {
  editStarted,
  saveRequested,
  selectReportDraft,
  serializeReport,
  serverReportOf,
  textEdited,
} from '../../../src/features/report'
import type { AppStore } from '../../../src/app/store'
import { conversationApi } from '../../../src/services/api/conversationApi'
import { ordersApi } from '../../../src/services/api/ordersApi'
import { nextReportVersion, routePattern } from '../../support/msw/apiBackend'
import { buildReport, buildSections } from '../../support/msw/data'
import { apiBackend, server } from '../../support/msw/server'
import { createTestDeps, makeTestStore } from '../../support/render'

const EARLIER = '2025-03-04T14:00:00.000Z'
const BASE = buildSections({ findings: 'Lungs clear.', impression: 'Normal.' })

function orderO1() {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  return order
}

/** A signed-in store with O1's order read (as the open editor has it). */
async function openStudy(): Promise<AppStore> {
  orderO1().report = buildReport({ sections: BASE, updated_at: EARLIER })
  const { store } = makeTestStore({ deps: createTestDeps({ sessionToken: 'session-jwt' }) })
  store.dispatch(sessionStarted({ userId: 'U-ada' }))
  await store.dispatch(ordersApi.endpoints.getOrder.initiate('O1', { subscribe: false }))
  return store
}

/** What the editor dispatches when the clinician types: the whole text after the keystroke. */
function type(store: AppStore, sections: Partial<typeof BASE>) {
  const order = ordersApi.endpoints.getOrder.select('O1')(store.getState()).data
  if (!order) throw new Error('order O1 is not read')
  if (!selectReportDraft(store.getState(), 'O1')) {
    store.dispatch(editStarted({ orderId: 'O1', server: serverReportOf(order.report) }))
  }
  const draft = selectReportDraft(store.getState(), 'O1')
  const now = draft ? { ...BASE, ...draft.base.sections } : BASE
  store.dispatch(textEdited({ orderId: 'O1', ...serializeReport({ ...now, ...sections }) }))
}

/**
 * The requests to /api/v1 sent from now on, as `METHOD path` (every one, also those a test's own
 * handler answers), and the status of each PUT's answer.
 */
function roundTrips() {
  const sent: string[] = []
  const putAnswers: number[] = []
  const onStart = ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname.replace(/^.*\/api\/v1/, '')
    if (path !== new URL(request.url).pathname) sent.push(`${request.method} ${path}`)
  }
  const onResponse = ({ request, response }: { request: Request; response: Response }) => {
    if (request.method === 'PUT') putAnswers.push(response.status)
  }
  server.events.on('request:start', onStart)
  server.events.on('response:mocked', onResponse)
  return {
    sent,
    putAnswers,
    stop: () => {
      server.events.removeListener('request:start', onStart)
      server.events.removeListener('response:mocked', onResponse)
    },
  }
}

async function saveAndWait(store: AppStore, impression: string) {
  store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))
  await vi.waitFor(() => {
    expect(orderO1().report?.sections.impression).toBe(impression)
    expect(selectReportDraft(store.getState(), 'O1')?.save).toBe('idle')
  })
}

const PUT = 'PUT /orders/O1/report'
const GET = 'GET /orders/O1'
const ASK = 'POST /orders/O1/messages'

describe('the round trips of a save', () => {
  it('RP-8 a save with nothing written meanwhile is one request: the PUT, naming the version held', async () => {
    const store = await openStudy()
    type(store, { impression: 'Normal. Stable.' })
    const trips = roundTrips()

    await saveAndWait(store, 'Normal. Stable.')
    trips.stop()

    expect(trips.sent).toEqual([PUT])
    expect(apiBackend.requestsTo('saveReport')[0]?.headers.get('if-match')).toBe(`"${EARLIER}"`)
  })

  it('RP-8 two saves in a row are two requests: the second names the version the first was answered', async () => {
    const store = await openStudy()
    const trips = roundTrips()

    type(store, { impression: 'Normal. One.' })
    await saveAndWait(store, 'Normal. One.')
    const first = orderO1().report?.updated_at
    type(store, { impression: 'Normal. One. Two.' })
    await saveAndWait(store, 'Normal. One. Two.')
    trips.stop()

    expect(trips.sent).toEqual([PUT, PUT])
    expect(trips.putAnswers).toEqual([200, 200])
    const ifMatch = apiBackend.requestsTo('saveReport').map((put) => put.headers.get('if-match'))
    expect(ifMatch).toEqual([`"${EARLIER}"`, `"${String(first)}"`])
  })

  it('RP-8 a save meeting a report written first (412) reads the order once, reconciles and sends again', async () => {
    const store = await openStudy()
    server.use(
      http.put(
        routePattern('saveReport'),
        () => {
          const order = orderO1()
          order.report = buildReport({
            sections: { ...BASE, comparison: 'CT of 2024-01-02.' },
            updated_at: nextReportVersion(order.report),
          })
          // Nothing answered here: the request goes on to the in-memory server.
        },
        { once: true },
      ),
    )
    type(store, { impression: 'Normal. Stable.' })
    const trips = roundTrips()

    await saveAndWait(store, 'Normal. Stable.')
    trips.stop()

    expect(trips.sent).toEqual([PUT, GET, PUT])
    expect(trips.putAnswers).toEqual([412, 200])
    expect(orderO1().report?.sections).toEqual({
      ...BASE,
      comparison: 'CT of 2024-01-02.',
      impression: 'Normal. Stable.',
    })
  })

  it('RP-8 a failed PUT is one request: the draft says why and waits for Retry', async () => {
    const store = await openStudy()
    server.use(
      http.put(routePattern('saveReport'), () =>
        HttpResponse.json({ error: 'x', message: 'y' }, { status: 400, statusText: 'Bad Request' }),
      ),
    )
    type(store, { impression: 'Normal. Kept.' })
    const trips = roundTrips()

    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))

    await vi.waitFor(() => {
      expect(selectReportDraft(store.getState(), 'O1')?.save).toBe('failed')
    })
    trips.stop()
    expect(trips.sent).toEqual([PUT])
    expect(selectReportDraft(store.getState(), 'O1')?.impression).toBe('Normal. Kept.')
  })
})

describe('a backend that gives no versions', () => {
  it('RP-8 API-6 cannot refuse a stale write, so each save reads the order first, with no precondition', async () => {
    const store = await openStudy()
    let held = BASE
    const preconditions: (string | null)[] = []
    server.use(
      http.get(routePattern('getOrder'), () =>
        HttpResponse.json({ ...orderO1(), report: { sections: held, is_final: false } }),
      ),
      http.put(routePattern('saveReport'), async ({ request }) => {
        preconditions.push(request.headers.get('if-match') ?? request.headers.get('if-none-match'))
        held = ((await request.json()) as { sections: typeof BASE }).sections
        return HttpResponse.json({ success: true })
      }),
    )
    await store.dispatch(
      ordersApi.endpoints.getOrder.initiate('O1', { subscribe: false, forceRefetch: true }),
    )
    type(store, { impression: 'Normal. Stable.' })
    const trips = roundTrips()

    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))
    await vi.waitFor(() => {
      expect(selectReportDraft(store.getState(), 'O1')?.base.sections.impression).toBe(
        'Normal. Stable.',
      )
    })
    trips.stop()

    // The read before the PUT, and the read back of the report the answer did not carry.
    expect(trips.sent).toEqual([GET, PUT, GET])
    expect(preconditions).toEqual([null])
  })
})

describe('a save and the assistant’s reply that changed the report', () => {
  const ASSISTANT_FINDINGS = 'Lungs clear. Small effusion.'

  function ask(store: AppStore) {
    return store.dispatch(
      conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', content: 'Effusion?' }),
    )
  }

  const assistantVersion = () =>
    apiBackend.revisions.get('O1')?.find((revision) => revision.cause === 'assistant')?.created_at

  it('RP-9 a save asked while the reply is written waits for it and the read it brings: one PUT, not refused', async () => {
    const store = await openStudy()
    apiBackend.replyWrites = { findings: ASSISTANT_FINDINGS }
    type(store, { impression: 'Normal. Mine.' })
    const trips = roundTrips()

    const sending = ask(store)
    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))
    await sending
    await saveAndWait(store, 'Normal. Mine.')
    trips.stop()

    // The reply's own read of the order (RP-6) is the only read; the save adds the PUT alone.
    expect(trips.sent).toEqual([ASK, GET, PUT])
    expect(trips.putAnswers).toEqual([200])
    expect(apiBackend.requestsTo('saveReport')[0]?.headers.get('if-match')).toBe(
      `"${String(assistantVersion())}"`,
    )
    expect(orderO1().report?.sections).toEqual({
      ...BASE,
      findings: ASSISTANT_FINDINGS,
      impression: 'Normal. Mine.',
    })
  })

  it('RP-9 a save asked as soon as the reply is answered waits for the read it brings: one PUT, not refused', async () => {
    const store = await openStudy()
    apiBackend.replyWrites = { findings: ASSISTANT_FINDINGS }
    type(store, { impression: 'Normal. Mine.' })
    const trips = roundTrips()

    await ask(store).unwrap()
    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))
    await saveAndWait(store, 'Normal. Mine.')
    trips.stop()

    expect(trips.sent).toEqual([ASK, GET, PUT])
    expect(trips.putAnswers).toEqual([200])
    expect(apiBackend.requestsTo('saveReport')[0]?.headers.get('if-match')).toBe(
      `"${String(assistantVersion())}"`,
    )
    expect(orderO1().report?.sections.findings).toBe(ASSISTANT_FINDINGS)
  })

  it('RP-9 a reply that left the report as it was holds the save only until it is answered', async () => {
    const store = await openStudy()
    type(store, { impression: 'Normal. Mine.' })
    const trips = roundTrips()

    const sending = ask(store)
    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))
    await sending
    await saveAndWait(store, 'Normal. Mine.')
    trips.stop()

    expect(trips.sent).toEqual([ASK, PUT])
    expect(trips.putAnswers).toEqual([200])
  })
})
