/**
 * EV-10..EV-12: the worklist follows the live stream. A new order (from the hospital, or made
 * through another server) lands in every list it belongs in, in the place the server's next read
 * would give it, under the list's filters, with no list read again; one whose patient the rows
 * cannot name stays out (WS-7). A study a colleague signs leaves Active Studies, even one this tab
 * marked in progress itself (CH-11), and its overdue marker goes. Each change, from the stream or
 * an answer, is one `orders/orderChanged` and its patches: the action log rebuilds the same state.
 * Real store, the in-memory paging /api/v1 (MSW) and a fed stream.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  createActionRecorder,
  replayActionLog,
  type ActionLog,
} from '../../../../../src/app/actionLog'
import { redactSecrets } from '../../../../../src/app/devTools'
import { rootReducer } from '../../../../../src/app/store'
import { Sidebar } from '../../../../../src/features/orders'
import { conversationApi } from '../../../../../src/services/api/conversationApi'
import { readEventStream } from '../../../../../src/services/events/eventStream'
import { orderChanged, sessionStarted } from '../../../../../src/shared/events'
import type { Order } from '../../../../../contract'
import { TEST_CLINICIAN } from '../../../../support/msw/apiBackend'
import { buildOrder, buildPatient, buildReport, FIXED_TIME } from '../../../../support/msw/data'
import { serveLiveStream } from '../../../../support/msw/liveStream'
import { pageOf } from '../../../../support/msw/orderPages'
import { apiBackend } from '../../../../support/msw/server'
import { createTestDeps, renderWithProviders } from '../../../../support/render'
import { accessionsIn, seedWorklist } from './worklistHelpers'
import { worklist } from './worklistHelpers.pages'

/** `minutes` after the demo's order time. */
const at = (minutes: number) => new Date(Date.parse(FIXED_TIME) + minutes * 60_000).toISOString()

const ada = buildPatient({ id: 'P-ada' })

function order(accession: string, overrides: Partial<Order>): Order {
  return buildOrder({ patient: ada, accession_number: accession, ...overrides })
}

/** The Sidebar of a paging backend holding `orders`, following the live stream. */
async function renderFollowedSidebar(orders: Order[]) {
  seedWorklist([ada], orders)
  apiBackend.paging = true
  const stream = serveLiveStream()
  const deps = createTestDeps({ sessionToken: 't', liveEvents: readEventStream })
  const recorder = createActionRecorder()
  const view = renderWithProviders(<Sidebar open />, { deps, recorder })
  view.store.dispatch(sessionStarted({ userId: TEST_CLINICIAN.user_id }))
  await worklist()
  await stream.connected()
  return { ...view, stream, recorder }
}

/** What the server's next read of a list would show: its accession numbers, in its order. */
function serverOrder(query: Record<string, string>): string[] {
  const page = pageOf(apiBackend.orders, new URLSearchParams({ limit: '100', ...query }))
  return page.items.map((item) => item.accession_number)
}

/** The hospital sends an order: the backend holds it and the stream tells of it. */
function arrives(stream: ReturnType<typeof serveLiveStream>, id: string, created: Order) {
  apiBackend.orders.push(created)
  stream.send(id, 'order.created', created.id, created)
}

describe('EV-10 a new order appears in every open list it belongs in, in its place', () => {
  it('EV-10 WS-7 under a modality filter and in the whole worklist, as the next read would show them', async () => {
    const { stream, user } = await renderFollowedSidebar([
      order('ACC-CT-S', { modality: 'CT', priority: 'stat', ordered_at: at(0) }),
      order('ACC-MR-U', { modality: 'MR', priority: 'urgent', ordered_at: at(10) }),
      order('ACC-CT-U1', { modality: 'CT', priority: 'urgent', ordered_at: at(20) }),
      order('ACC-CT-U3', { modality: 'CT', priority: 'urgent', ordered_at: at(40) }),
      order('ACC-CT-R', { modality: 'CT', priority: 'routine', ordered_at: at(5) }),
    ])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Modality' }), 'CT')
    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(serverOrder({ modality: 'CT' }))
    })
    const listReads = apiBackend.requestsTo('listOrders').length

    // A CT for a patient new to the hospital (not in the patient list this tab read), an MR, and
    // an order whose patient nobody can name.
    const grace = buildPatient({ id: 'P-grace', first_name: 'Grace', last_name: 'Hopper' })
    apiBackend.patients.push(grace)
    arrives(
      stream,
      '11.1',
      buildOrder({
        patient: grace,
        accession_number: 'ACC-CT-U2',
        modality: 'CT',
        priority: 'urgent',
        ordered_at: at(30),
      }),
    )
    arrives(
      stream,
      '11.2',
      order('ACC-MR-S', { modality: 'MR', priority: 'stat', ordered_at: at(0) }),
    )
    const nameless = {
      ...order('ACC-CT-X', { priority: 'stat' }),
      patient_id: 'P-x',
      patient: null,
    }
    stream.send('11.3', 'order.created', nameless.id, nameless)

    const list = await worklist()
    await waitFor(() => {
      expect(accessionsIn(list)).toEqual([
        'ACC-CT-S',
        'ACC-CT-U1',
        'ACC-CT-U2',
        'ACC-CT-U3',
        'ACC-CT-R',
      ])
    })
    expect(accessionsIn(list)).toEqual(serverOrder({ modality: 'CT' }))
    expect(within(list).getByRole('option', { name: /ACC-CT-U2/ })).toHaveTextContent(
      'Hopper, Grace',
    )

    // The whole worklist took both new orders too, each in its place.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Modality' }), '')
    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(serverOrder({}))
    })
    expect(accessionsIn(await worklist())).toEqual([
      'ACC-CT-S',
      'ACC-MR-S',
      'ACC-MR-U',
      'ACC-CT-U1',
      'ACC-CT-U2',
      'ACC-CT-U3',
      'ACC-CT-R',
    ])
    expect(screen.queryByText('ACC-CT-X')).toBeNull()
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(listReads)
  })
})

describe('EV-11 a signed study is no longer waiting to be read', () => {
  it('EV-11 CH-11 a study a colleague signs leaves Active Studies, though this tab marked it in progress, and loses its overdue marker', async () => {
    const study = order('ACC-A', { id: 'O-A', priority: 'stat', status: 'in_progress' })
    const { store, stream } = await renderFollowedSidebar([study])
    const active = await screen.findByRole('listbox', { name: 'Active Studies' })
    await waitFor(() => {
      expect(accessionsIn(active)).toEqual(['ACC-A'])
    })
    const row = () => within(screen.getByRole('listbox', { name: 'Worklist' })).getByRole('option')
    expect(row()).toHaveTextContent('past the stat target of 30 min')
    // This tab sends a message (CH-11 marks the study in progress here, whatever the server says).
    await store
      .dispatch(
        conversationApi.endpoints.sendMessage.initiate({
          orderId: 'O-A',
          content: 'Any effusion?',
        }),
      )
      .unwrap()

    // A colleague signs it.
    study.status = 'final'
    study.report = buildReport({ is_final: true, updated_at: at(90), finalized_at: at(90) })
    stream.send('12.1', 'report.finalized', study.id, study)

    expect(await screen.findByText('No active studies')).toBeInTheDocument()
    await waitFor(() => {
      expect(row()).toHaveTextContent('Final')
    })
    expect(row()).not.toHaveTextContent('past the stat target')
    expect(within(row()).queryByTitle(/^Past the/)).toBeNull()
  })
})

describe('EV-12 one place handles an order that changed', () => {
  it('EV-12 a change from the stream or from an answer is orders/orderChanged and its patches; the log rebuilds the same state', async () => {
    const study = order('ACC-A', { id: 'O-A', priority: 'urgent', ordered_at: at(10) })
    const { store, stream, recorder } = await renderFollowedSidebar([study])
    await store
      .dispatch(
        conversationApi.endpoints.sendMessage.initiate({
          orderId: 'O-A',
          content: 'Any effusion?',
        }),
      )
      .unwrap()
    arrives(stream, '13.1', order('ACC-B', { priority: 'stat', ordered_at: at(20) }))
    study.claimed_by = { user_id: 'U-ben', name: 'Dr Ben Marsh', since: at(30) }
    stream.send('13.2', 'order.claimed', study.id, study)

    const list = await worklist()
    await waitFor(() => {
      expect(within(list).getByRole('option', { name: /ACC-A/ })).toHaveTextContent(
        'Being read by Dr Ben Marsh',
      )
    })
    expect(accessionsIn(list)).toEqual(['ACC-B', 'ACC-A'])

    const log = JSON.parse(JSON.stringify(recorder.log())) as ActionLog
    const changes = log.actions
      .filter((action) => orderChanged.match(action))
      .map((action) => [action.payload.orderId, action.payload.source])
    expect(changes).toEqual([
      ['O-A', 'message'],
      [expect.any(String), 'stream'],
      ['O-A', 'stream'],
    ])
    expect(redactSecrets(replayActionLog(rootReducer, log))).toEqual(
      redactSecrets(store.getState()),
    )
  })
})
