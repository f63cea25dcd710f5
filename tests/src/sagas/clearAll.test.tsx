/**
 * CL-1 and CL-2 from the clinician's side: 'Clear All Studies' asks first; Cancel changes
 * nothing; Continue deletes every conversation a few at a time with visible progress, resets
 * the statuses, empties the open chat's messages, and names the studies it could not clear.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AppStore } from '../../../src/app/store'
import { Sidebar, studySelected } from '../../../src/features/orders'
import { CLEAR_ALL_CONCURRENCY } from '../../../src/sagas/clearAllSaga'
import { conversationApi } from '../../../src/services/api/conversationApi'
import { routePattern } from '../../support/msw/apiBackend'
import { buildMessage, buildOrder, buildPatient } from '../../support/msw/data'
import { apiBackend, server } from '../../support/msw/server'
import { renderWithProviders } from '../../support/render'

const QUESTION =
  'This will clear ALL conversations (messages, reports, and reset status for all orders). Continue?'

const messagesOf = (store: AppStore, orderId: string) =>
  conversationApi.endpoints.listMessages.select(orderId)(store.getState()).data

/** `count` studies of one patient, every one in progress with a message. */
function seedBusyWorklist(count: number) {
  const patient = buildPatient({ id: 'P1' })
  apiBackend.patients = [patient]
  apiBackend.orders = Array.from({ length: count }, (_, index) =>
    buildOrder({
      id: `C${String(index + 1)}`,
      patient,
      status: 'in_progress',
      accession_number: `ACC-${String(index + 1)}`,
    }),
  )
  apiBackend.messages = new Map(
    apiBackend.orders.map((order) => [
      order.id,
      [buildMessage({ order_id: order.id, role: 'user', content: 'Findings?' })],
    ]),
  )
}

async function openDialog(user: ReturnType<typeof renderWithProviders>['user']) {
  await screen.findByRole('listbox', { name: 'Worklist' })
  await user.click(screen.getByRole('button', { name: 'Clear All Studies' }))
  return screen.findByRole('alertdialog')
}

describe('Clear All Studies', () => {
  it('CL-1 asks first, with the exact question, Cancel and Continue', async () => {
    const { user } = renderWithProviders(<Sidebar open />)

    const dialog = await openDialog(user)

    expect(within(dialog).getByText(QUESTION)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(apiBackend.requestsTo('clearConversation')).toHaveLength(0)
  })

  it('CL-1 Cancel closes the question and clears nothing', async () => {
    seedBusyWorklist(3)
    const { user, store } = renderWithProviders(<Sidebar open />)
    const dialog = await openDialog(user)

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })
    expect(apiBackend.requestsTo('clearConversation')).toHaveLength(0)
    expect(store.getState().orders.clearAll.status).toBe('idle')
    expect(
      within(screen.getByRole('listbox', { name: 'Active Studies' })).getAllByRole('option'),
    ).toHaveLength(3)
  })

  it('CL-2 Continue deletes every conversation, resets the statuses and empties the open chat', async () => {
    seedBusyWorklist(6)
    const { user, store } = renderWithProviders(<Sidebar open />)
    const active = await screen.findByRole('listbox', { name: 'Active Studies' })
    expect(within(active).getAllByRole('option')).toHaveLength(6)
    // The open study, with its chat subscribed to its messages.
    store.dispatch(studySelected({ orderId: 'C2' }))
    await store.dispatch(conversationApi.endpoints.listMessages.initiate('C2'))
    expect(messagesOf(store, 'C2')).toHaveLength(1)
    const dialog = await openDialog(user)

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))

    expect(await screen.findByText('All conversations were cleared.')).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(
      apiBackend
        .requestsTo('clearConversation')
        .map((request) => request.path)
        .sort(),
    ).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6'].map((id) => `/api/v1/orders/${id}/conversation`))
    expect(apiBackend.requestsTo('clearConversation').every((r) => r.method === 'DELETE')).toBe(
      true,
    )
    expect(screen.getByText('No active studies')).toBeInTheDocument()
    await waitFor(() => {
      expect(messagesOf(store, 'C2')).toEqual([])
    })
  })

  it('CL-2 statuses set locally by this session are reset too', async () => {
    const { user, store } = renderWithProviders(<Sidebar open />)
    await screen.findByRole('listbox', { name: 'Worklist' })
    await store
      .dispatch(conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', content: 'Hi' }))
      .unwrap()
    expect(await screen.findByRole('listbox', { name: 'Active Studies' })).toBeInTheDocument()
    const dialog = await openDialog(user)

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))

    expect(await screen.findByText('All conversations were cleared.')).toBeInTheDocument()
    expect(screen.getByText('No active studies')).toBeInTheDocument()
    expect(store.getState().orders.localStatus).toEqual({})
  })

  it(`CL-2 shows its progress and keeps at most ${String(CLEAR_ALL_CONCURRENCY)} deletes in flight`, async () => {
    seedBusyWorklist(10)
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let inFlight = 0
    let mostInFlight = 0
    server.use(
      http.delete(routePattern('clearConversation'), async ({ params }) => {
        inFlight += 1
        mostInFlight = Math.max(mostInFlight, inFlight)
        await gate
        inFlight -= 1
        const id = String(params.id)
        apiBackend.messages.delete(id)
        const order = apiBackend.orders.find((candidate) => candidate.id === id)
        if (order) order.status = 'scheduled'
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user } = renderWithProviders(<Sidebar open />)
    const dialog = await openDialog(user)

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))

    expect(await within(dialog).findByText('Clearing 0 of 10…')).toBeInTheDocument()
    expect(within(dialog).getByRole('progressbar')).toBeInTheDocument()
    await waitFor(() => {
      expect(inFlight).toBe(CLEAR_ALL_CONCURRENCY)
    })
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument()

    release()

    expect(await screen.findByText('All conversations were cleared.')).toBeInTheDocument()
    expect(mostInFlight).toBe(CLEAR_ALL_CONCURRENCY)
    expect(screen.getByText('No active studies')).toBeInTheDocument()
  })

  it('CL-2 a failed delete names the study it could not clear, and Retry clears it', async () => {
    seedBusyWorklist(4)
    server.use(
      http.delete(routePattern('clearConversation'), ({ params }) =>
        params.id === 'C3'
          ? HttpResponse.json({ error: 'boom', message: 'down' }, { status: 500 })
          : undefined,
      ),
    )
    const { user, store } = renderWithProviders(<Sidebar open />)
    const dialog = await openDialog(user)

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))

    expect(
      await within(dialog).findByText('This study was not cleared: ACC-3.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument()
    // The others were cleared; the failed one is still in progress, with its messages. (The
    // open alert dialog hides the page behind it from the accessibility tree.)
    const active = screen.getByRole('listbox', { name: 'Active Studies', hidden: true })
    expect(within(active).getAllByRole('option', { hidden: true })).toHaveLength(1)
    expect(within(active).getByRole('option', { hidden: true })).toHaveTextContent('ACC-3')
    expect(apiBackend.messages.has('C3')).toBe(true)
    expect(store.getState().orders.clearAll.failed).toEqual([{ orderId: 'C3', accession: 'ACC-3' }])

    server.resetHandlers()
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }))

    expect(await screen.findByText('All conversations were cleared.')).toBeInTheDocument()
    expect(screen.getByText('No active studies')).toBeInTheDocument()
    const retried = apiBackend.requestsTo('clearConversation').slice(-1)
    expect(retried.map((request) => request.path)).toEqual(['/api/v1/orders/C3/conversation'])
  })

  it('CL-2 many failures name the first few and count the rest', async () => {
    seedBusyWorklist(9)
    server.use(
      http.delete(routePattern('clearConversation'), ({ params }) =>
        params.id === 'C1'
          ? undefined
          : HttpResponse.json({ error: 'x', message: 'y' }, { status: 404 }),
      ),
    )
    const { user } = renderWithProviders(<Sidebar open />)
    const dialog = await openDialog(user)

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))

    const message = await within(dialog).findByText(/studies were not cleared/)
    expect(message.textContent).toMatch(
      /^These 8 studies were not cleared: (ACC-\d, ){4}ACC-\d and 3 more\.$/,
    )

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })
  })

  it('CL-2 when the list of studies cannot be loaded, nothing is deleted and Retry starts over', async () => {
    seedBusyWorklist(2)
    const { user } = renderWithProviders(<Sidebar open />)
    const dialog = await openDialog(user)
    server.use(
      http.get(routePattern('listOrders'), () =>
        HttpResponse.json({ error: 'forbidden', message: 'no' }, { status: 403 }),
      ),
    )

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))

    expect(
      await within(dialog).findByText(
        'The list of studies could not be loaded, so nothing was cleared.',
      ),
    ).toBeInTheDocument()
    expect(apiBackend.requestsTo('clearConversation')).toHaveLength(0)

    server.resetHandlers()
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }))

    expect(await screen.findByText('All conversations were cleared.')).toBeInTheDocument()
    expect(apiBackend.requestsTo('clearConversation')).toHaveLength(2)
  })
})
