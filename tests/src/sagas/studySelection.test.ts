/**
 * WS-12 and WS-13 at the store: a chosen patient resolves to a study, a chosen study is
 * initialized, and the open chat's messages are fetched again only when initialize wrote
 * something. The real store runs the real root saga against the in-memory backend.
 */
import { waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AppStore } from '../../../src/app/store'
import { sessionEnded } from '../../../src/features/auth'
import { patientSelected, studySelected } from '../../../src/features/orders'
import { conversationApi } from '../../../src/services/api/conversationApi'
import { ordersApi } from '../../../src/services/api/ordersApi'
import { routePattern } from '../../support/msw/apiBackend'
import { buildMessage, buildOrder, buildPatient } from '../../support/msw/data'
import { apiBackend, server } from '../../support/msw/server'
import { makeTestStore } from '../../support/render'

async function storeWithWorklist() {
  const { store, deps } = makeTestStore()
  await Promise.all([
    store.dispatch(ordersApi.endpoints.listOrders.initiate()),
    store.dispatch(ordersApi.endpoints.listPatients.initiate()),
  ])
  return { store, deps }
}

/** What the chat does when it shows a study: subscribe to its messages. */
async function openChat(store: AppStore, orderId: string) {
  await store.dispatch(conversationApi.endpoints.listMessages.initiate(orderId))
}

const messagesOf = (store: AppStore, orderId: string) =>
  conversationApi.endpoints.listMessages.select(orderId)(store.getState())

const initializeCalls = (orderId: string) =>
  apiBackend
    .requestsTo('initializeOrder')
    .filter((request) => request.path.includes(`/${orderId}/`))

const messageFetches = (orderId: string) =>
  apiBackend.requestsTo('listMessages').filter((request) => request.path.includes(`/${orderId}/`))

describe('WS-13 selecting a study', () => {
  it('WS-13 initializes it, and refetches the messages when the answer has content', async () => {
    // O2 has no conversation yet: initialize writes the patient summary and answers with it.
    const { store } = await storeWithWorklist()
    await openChat(store, 'O2')
    expect(messagesOf(store, 'O2').data).toEqual([])

    store.dispatch(studySelected({ orderId: 'O2' }))

    expect(store.getState().orders.selectedOrderId).toBe('O2')
    await waitFor(() => {
      expect(messagesOf(store, 'O2').data?.map((message) => message.content)).toEqual([
        'Summary of the study.',
      ])
    })
    expect(initializeCalls('O2')).toHaveLength(1)
    expect(initializeCalls('O2')[0]?.method).toBe('POST')
    expect(messageFetches('O2')).toHaveLength(2)
  })

  it('WS-13 initializes it, and does not refetch the messages when the answer is empty', async () => {
    // O1 already has a conversation: initialize answers without content.
    const { store } = await storeWithWorklist()
    await openChat(store, 'O1')

    store.dispatch(studySelected({ orderId: 'O1' }))

    await waitFor(() => {
      expect(store.getState().orders.initialized).toHaveProperty('O1', true)
    })
    expect(initializeCalls('O1')).toHaveLength(1)
    expect(messagesOf(store, 'O1').status).toBe('fulfilled')
    expect(messageFetches('O1')).toHaveLength(1)
  })

  it('WS-13 selecting the same study again does not initialize it again', async () => {
    const { store } = await storeWithWorklist()
    store.dispatch(studySelected({ orderId: 'O2' }))
    await waitFor(() => {
      expect(store.getState().orders.initialized).toHaveProperty('O2', true)
    })

    store.dispatch(studySelected({ orderId: 'O1' }))
    await waitFor(() => {
      expect(store.getState().orders.initialized).toHaveProperty('O1', true)
    })
    store.dispatch(studySelected({ orderId: 'O2' }))
    store.dispatch(studySelected({ orderId: 'O2' }))

    expect(store.getState().orders.selectedOrderId).toBe('O2')
    expect(initializeCalls('O2')).toHaveLength(1)
    expect(initializeCalls('O1')).toHaveLength(1)
  })

  it('WS-13 a failed initialize is only logged, and the next selection tries again', async () => {
    server.use(
      http.post(routePattern('initializeOrder'), () =>
        HttpResponse.json({ error: 'boom', message: 'down' }, { status: 500 }),
      ),
    )
    const { store, deps } = await storeWithWorklist()

    store.dispatch(studySelected({ orderId: 'O2' }))

    await waitFor(() => {
      expect(
        deps.logger.entries.filter((entry) => entry.level === 'error').map((entry) => entry.detail),
      ).toContainEqual(expect.objectContaining({ endpoint: 'initializeOrder', status: 500 }))
    })
    expect(store.getState().orders.selectedOrderId).toBe('O2')
    expect(store.getState().orders.initialized).toEqual({})
    // A mutation started by the saga leaves nothing behind in the cache.
    expect(store.getState().api.mutations).toEqual({})

    server.resetHandlers()
    store.dispatch(studySelected({ orderId: 'O2' }))
    await waitFor(() => {
      expect(store.getState().orders.initialized).toHaveProperty('O2', true)
    })
  })

  it('WS-13 rapid clicks end on the last study, which is initialized', async () => {
    const { store } = await storeWithWorklist()

    store.dispatch(studySelected({ orderId: 'O1' }))
    store.dispatch(studySelected({ orderId: 'O2' }))

    expect(store.getState().orders.selectedOrderId).toBe('O2')
    await waitFor(() => {
      expect(store.getState().orders.initialized).toHaveProperty('O2', true)
    })
  })

  it('WS-13 a cleared conversation is initialized again when next selected', async () => {
    const { store } = await storeWithWorklist()
    store.dispatch(studySelected({ orderId: 'O2' }))
    await waitFor(() => {
      expect(store.getState().orders.initialized).toHaveProperty('O2', true)
    })

    await store.dispatch(conversationApi.endpoints.clearConversation.initiate('O2')).unwrap()
    store.dispatch(studySelected({ orderId: 'O2' }))

    await waitFor(() => {
      expect(initializeCalls('O2')).toHaveLength(2)
    })
  })

  it('ID-2 the end of a session closes the open study', async () => {
    const { store } = await storeWithWorklist()
    store.dispatch(studySelected({ orderId: 'O2' }))

    store.dispatch(sessionEnded())

    expect(store.getState().orders.selectedOrderId).toBeNull()
    expect(store.getState().orders.localStatus).toEqual({})
  })
})

describe('WS-12 selecting a patient', () => {
  it('WS-12 opens the patient’s study in progress before their others, and initializes it', async () => {
    const alan = buildPatient({ id: 'PT', first_name: 'Alan', last_name: 'Turing' })
    apiBackend.patients = [alan]
    apiBackend.orders = [
      buildOrder({ id: 'T1', patient: alan, priority: 'stat' }),
      buildOrder({ id: 'T2', patient: alan, priority: 'routine', status: 'in_progress' }),
    ]
    apiBackend.messages = new Map([
      ['T2', [buildMessage({ order_id: 'T2', role: 'user', content: 'Go on.' })]],
    ])
    const { store } = await storeWithWorklist()

    store.dispatch(patientSelected({ patientId: 'PT' }))

    expect(store.getState().orders.selectedOrderId).toBe('T2')
    await waitFor(() => {
      expect(initializeCalls('T2')).toHaveLength(1)
    })
  })

  it('WS-12 prefers a study this session moved to in progress (CH-11)', async () => {
    const alan = buildPatient({ id: 'PT' })
    apiBackend.patients = [alan]
    apiBackend.orders = [
      buildOrder({ id: 'T1', patient: alan, priority: 'stat' }),
      buildOrder({ id: 'T2', patient: alan, priority: 'routine' }),
    ]
    const { store } = await storeWithWorklist()
    await store
      .dispatch(conversationApi.endpoints.sendMessage.initiate({ orderId: 'T2', content: 'Hi' }))
      .unwrap()

    store.dispatch(patientSelected({ patientId: 'PT' }))

    expect(store.getState().orders.selectedOrderId).toBe('T2')
    await waitFor(() => {
      expect(store.getState().orders.initialized).toHaveProperty('T2', true)
    })
  })

  it('WS-12 a patient with no study opens nothing', async () => {
    apiBackend.patients = [...apiBackend.patients, buildPatient({ id: 'P-NONE' })]
    const { store } = await storeWithWorklist()
    store.dispatch(studySelected({ orderId: 'O1' }))

    store.dispatch(patientSelected({ patientId: 'P-NONE' }))

    expect(store.getState().orders.selectedOrderId).toBe('O1')
    expect(store.getState().orders.finder.patientWithoutStudies).toBe('P-NONE')
    await waitFor(() => {
      expect(store.getState().orders.initialized).toHaveProperty('O1', true)
    })
    expect(store.getState().orders.selectedOrderId).toBe('O1')
  })
})
