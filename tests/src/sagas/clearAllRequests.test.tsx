/**
 * CL-2 and the cost of the worklist: 'Clear All Studies' reads the list of studies from the
 * server once, then refreshes only the studies whose status the clearing restores; the worklist
 * (GET /orders, megabytes for a hospital) is not read again per study, nor once more at the end.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Sidebar } from '../../../src/features/orders'
import { IN_PROGRESS } from '../../../contract'
import { ordersApi } from '../../../src/services/api/ordersApi'
import { buildMessage, buildOrder, buildPatient } from '../../support/msw/data'
import { apiBackend } from '../../support/msw/server'
import { renderWithProviders } from '../../support/render'

/** `active` studies in progress with a message, then `idle` scheduled ones without. */
function seedWorklist(active: number, idle: number) {
  const patient = buildPatient({ id: 'P1' })
  apiBackend.patients = [patient]
  apiBackend.orders = Array.from({ length: active + idle }, (_, index) =>
    buildOrder({
      id: `C${String(index + 1)}`,
      patient,
      status: index < active ? IN_PROGRESS : 'scheduled',
      accession_number: `ACC-${String(index + 1)}`,
    }),
  )
  apiBackend.messages = new Map(
    apiBackend.orders
      .slice(0, active)
      .map((order) => [
        order.id,
        [buildMessage({ order_id: order.id, role: 'user', content: 'Findings?' })],
      ]),
  )
}

describe('Clear All Studies reads the worklist once', () => {
  it('CL-2 over 8 active studies: one GET /orders for the whole run, one GET /orders/:id per active study', async () => {
    seedWorklist(8, 4)
    const { user, store } = renderWithProviders(<Sidebar open />)
    const active = await screen.findByRole('listbox', { name: 'Active Studies' })
    expect(within(active).getAllByRole('option')).toHaveLength(8)
    const listReadsBefore = apiBackend.requestsTo('listOrders').length
    await user.click(screen.getByRole('button', { name: 'Clear All Studies' }))
    const dialog = await screen.findByRole('alertdialog')

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))

    expect(await screen.findByText('All conversations were cleared.')).toBeInTheDocument()
    // When the run says it is done, the statuses on screen are the server's.
    expect(screen.getByText('No active studies')).toBeInTheDocument()
    expect(apiBackend.requestsTo('clearConversation')).toHaveLength(12)
    expect(apiBackend.requestsTo('listOrders').length - listReadsBefore).toBeLessThanOrEqual(1)
    expect(
      apiBackend
        .requestsTo('getOrder')
        .map((request) => request.path)
        .sort(),
    ).toEqual(
      ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8'].map((id) => `/api/v1/orders/${id}`).sort(),
    )
    const worklist = ordersApi.endpoints.listOrders.select()(store.getState()).data
    expect(worklist?.every((order) => order.status === 'scheduled' && order.report === null)).toBe(
      true,
    )
  })
})
