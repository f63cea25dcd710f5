/**
 * WL-6: the first rows of a backend that pages come from its first page alone; the patient list
 * (the first screen's largest answer, which grows with the hospital) is not waited for when the
 * orders carry their patients. WS-7 still holds once it has come.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { Sidebar } from '../../../../../src/features/orders'
import { ordersApi } from '../../../../../src/services/api/ordersApi'
import type { Order } from '../../../../../contract'
import { releaseGate } from '../../../../support/heldAnswer'
import { buildOrder, buildPatient } from '../../../../support/msw/data'
import { routePattern } from '../../../../support/msw/apiBackend'
import { apiBackend, server } from '../../../../support/msw/server'
import { renderWithProviders } from '../../../../support/render'
import { accessionsIn } from './worklistHelpers'
import { seedPagedWorklist, worklist } from './worklistHelpers.pages'

const patientListOf = ordersApi.endpoints.listPatients.select()

/** Three orders of a paging backend, shown once the patient list has been read. */
async function pagedWithPatientList() {
  seedPagedWorklist(3)
  const view = renderWithProviders(<Sidebar open />)
  await worklist()
  await waitFor(() => {
    expect(patientListOf(view.store.getState())).toBeDefined()
  })
  return view
}

/** Holds GET /patients until `release()`; answers what the backend holds then. */
function holdPatients() {
  const { released, release } = releaseGate()
  const held = { release, asked: 0 }
  server.use(
    http.get(routePattern('listPatients'), async () => {
      held.asked += 1
      await released
      return HttpResponse.json(apiBackend.patients)
    }),
  )
  return held
}

/** The orders as a backend that nests no patient sends them (`patient_id` only). */
function withoutPatients(orders: readonly Order[]): Omit<Order, 'patient'>[] {
  return orders.map(({ patient: _patient, ...order }) => order)
}

describe('WL-6 the first rows of a backend that pages', () => {
  it('WL-6 WS-7 rows show while the patient list is on its way; once it comes, an order of an unlisted patient leaves', async () => {
    const { orders, patients } = seedPagedWorklist(6)
    orders[0]!.status = 'in_progress'
    orders[3]!.status = 'in_progress'
    const patientList = holdPatients()
    renderWithProviders(<Sidebar open />)

    // Priorities take turns routine, urgent, stat: stat first (WS-6), each rank in server order.
    const list = await worklist()
    expect(accessionsIn(list)).toEqual(['ACC-2', 'ACC-5', 'ACC-1', 'ACC-4', 'ACC-0', 'ACC-3'])
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent('Last2, First2')
    const active = await screen.findByRole('listbox', { name: 'Active Studies' })
    expect(accessionsIn(active)).toEqual(['ACC-0', 'ACC-3'])
    expect(patientList.asked).toBe(1)

    // The patient list comes without the patient of ACC-0 and ACC-3 (PX0, PX3 of 10 patients).
    apiBackend.patients = patients.filter((patient) => !['PX0', 'PX3'].includes(patient.id))
    patientList.release()

    await waitFor(() => {
      expect(accessionsIn(list)).toEqual(['ACC-2', 'ACC-5', 'ACC-1', 'ACC-4'])
    })
    expect(await screen.findByText('No active studies')).toBeInTheDocument()
  })

  it('WL-6 the patient list is asked for once the first page is there, not beside it', async () => {
    seedPagedWorklist(3)
    const patientList = holdPatients()
    const page = releaseGate()
    server.use(
      http.get(routePattern('listOrders'), async () => {
        await page.released
        return undefined
      }),
    )
    renderWithProviders(<Sidebar open />)

    expect(await screen.findByText('Loading worklist…')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(patientList.asked).toBe(0)

    page.release()
    expect(accessionsIn(await worklist())).toEqual(['ACC-2', 'ACC-1', 'ACC-0'])
    await waitFor(() => {
      expect(patientList.asked).toBe(1)
    })
    patientList.release()
  })

  it('WL-6 orders that do not carry their patient wait for the patient list, with no empty list meanwhile', async () => {
    const { orders } = seedPagedWorklist(3)
    const patientList = holdPatients()
    let ordersAsked = 0
    server.use(
      http.get(routePattern('listOrders'), () => {
        ordersAsked += 1
        return HttpResponse.json({ items: withoutPatients(orders), next_cursor: null, total: 3 })
      }),
    )
    renderWithProviders(<Sidebar open />)

    await waitFor(() => {
      expect(ordersAsked).toBeGreaterThan(0)
      expect(patientList.asked).toBe(1)
    })
    expect(screen.getByText('Loading worklist…')).toBeInTheDocument()
    expect(screen.queryByText('No orders found')).not.toBeInTheDocument()

    patientList.release()
    const list = await worklist()
    expect(accessionsIn(list)).toEqual(['ACC-2', 'ACC-1', 'ACC-0'])
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent('Last2, First2')
  })

  it('WL-6 WL-3 a whole list is shown once the patient list has come too', async () => {
    seedPagedWorklist(3, { paging: false })
    const patientList = holdPatients()
    renderWithProviders(<Sidebar open />)

    await waitFor(() => {
      expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
      expect(patientList.asked).toBe(1)
    })
    // The whole list has come (one request, nothing more asked); its rows wait for the patients.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByText('Loading worklist…')).toBeInTheDocument()

    patientList.release()
    expect(accessionsIn(await worklist())).toEqual(['ACC-2', 'ACC-1', 'ACC-0'])
  })

  it('WL-14 WS-7 a patient registered after the patient list was read: the order a search brings asks for the list again, once, and shows', async () => {
    const { user } = await pagedWithPatientList()

    // The hospital registers a patient with a first order; the stream did not tell this tab.
    const newcomer = buildPatient({ id: 'PNEW', first_name: 'Nora', last_name: 'Newcomer' })
    apiBackend.patients.push(newcomer)
    apiBackend.orders.push(
      buildOrder({
        id: 'NEW',
        patient: newcomer,
        priority: 'routine',
        accession_number: 'ACC-NEW',
      }),
    )
    await user.type(screen.getByRole('searchbox', { name: 'Find patient' }), 'acc-new')

    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-NEW'])
    })
    expect(within(await worklist()).getByRole('option')).toHaveTextContent('Newcomer, Nora')
    expect(apiBackend.requestsTo('listPatients')).toHaveLength(2)
  })

  it('WL-14 WS-7 an order whose patient the server still does not list stays out, and is asked about once', async () => {
    const { user } = await pagedWithPatientList()
    const stranger = buildPatient({ id: 'P404', last_name: 'Stranger' })
    apiBackend.orders.push(
      buildOrder({ id: 'STR', patient: stranger, priority: 'stat', accession_number: 'ACC-STR' }),
    )
    const finder = screen.getByRole('searchbox', { name: 'Find patient' })

    await user.type(finder, 'acc-str')
    await waitFor(() => {
      expect(apiBackend.requestsTo('listPatients')).toHaveLength(2)
    })
    await user.clear(finder)
    await user.type(finder, 'acc')
    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-2', 'ACC-1', 'ACC-0'])
    })
    expect(screen.queryByText(/Stranger/)).not.toBeInTheDocument()
    expect(apiBackend.requestsTo('listPatients')).toHaveLength(2)
  })
})
