/**
 * WL-7, WL-8: the filters above the worklist. With a backend that pages they are the page query's
 * parameters; with one that answers the whole list they narrow it in the browser, where within a
 * priority the longest waiting comes first.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Sidebar } from '../../../../../src/features/orders'
import { ordersApi } from '../../../../../src/services/api/ordersApi'
import { sessionStarted } from '../../../../../src/shared/events'
import { TEST_CLINICIAN } from '../../../../support/msw/apiBackend'
import { buildOrder, buildPatient, buildReport } from '../../../../support/msw/data'
import { apiBackend } from '../../../../support/msw/server'
import { renderWithProviders } from '../../../../support/render'
import { accessionsIn, seedWorklist } from './worklistHelpers'
import { worklist } from './worklistHelpers.pages'

const OTHER = { user_id: 'U-other', name: 'Dr Other', since: '2025-03-04T15:00:00.000Z' }

function seedDepartment({ paging }: { paging: boolean }) {
  const patient = buildPatient()
  const orders = [
    buildOrder({ patient, accession_number: 'ACC-CT-R', modality: 'CT', priority: 'routine' }),
    buildOrder({ patient, accession_number: 'ACC-MR-S', modality: 'MR', priority: 'stat' }),
    buildOrder({
      patient,
      accession_number: 'ACC-US-U',
      modality: 'US',
      priority: 'urgent',
      claimed_by: { ...TEST_CLINICIAN, since: OTHER.since },
    }),
    buildOrder({
      patient,
      accession_number: 'ACC-CT-S',
      modality: 'CT',
      priority: 'stat',
      claimed_by: OTHER,
    }),
    buildOrder({
      patient,
      accession_number: 'ACC-XR-F',
      modality: 'XR',
      priority: 'routine',
      report: buildReport({ is_final: true }),
    }),
  ]
  seedWorklist([patient], orders)
  apiBackend.paging = paging
}

function renderSidebar() {
  const view = renderWithProviders(<Sidebar open />)
  view.store.dispatch(sessionStarted({ userId: TEST_CLINICIAN.user_id }))
  return view
}

const rows = async () => accessionsIn(await worklist())

const lastListQuery = () => apiBackend.requestsTo('listOrders').at(-1)?.query

describe('WL-7 filters, from a backend that pages', () => {
  it('WL-7 priority and modality become the page query and narrow the worklist', async () => {
    seedDepartment({ paging: true })
    const { user } = renderSidebar()
    expect(await rows()).toHaveLength(5)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'stat')
    await waitFor(async () => {
      expect(await rows()).toEqual(['ACC-MR-S', 'ACC-CT-S'])
    })
    expect(lastListQuery()?.get('priority')).toBe('stat')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Modality' }), 'CT')
    await waitFor(async () => {
      expect(await rows()).toEqual(['ACC-CT-S'])
    })
    expect(lastListQuery()?.get('modality')).toBe('CT')
    expect(lastListQuery()?.get('priority')).toBe('stat')
  })

  it("WL-7 'Mine', 'Unclaimed' and 'Final' ask for claimed= and status=final; Mine and Unclaimed exclude each other", async () => {
    seedDepartment({ paging: true })
    const { user } = renderSidebar()
    await worklist()
    const filters = screen.getByRole('group', { name: 'Worklist filters' })

    await user.click(within(filters).getByRole('button', { name: 'Mine' }))
    await waitFor(async () => {
      expect(await rows()).toEqual(['ACC-US-U'])
    })
    expect(lastListQuery()?.get('claimed')).toBe('mine')

    await user.click(within(filters).getByRole('button', { name: 'Unclaimed' }))
    expect(within(filters).getByRole('button', { name: 'Mine' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await waitFor(async () => {
      expect(await rows()).toEqual(['ACC-MR-S', 'ACC-CT-R', 'ACC-XR-F'])
    })
    expect(lastListQuery()?.get('claimed')).toBe('unclaimed')

    await user.click(within(filters).getByRole('button', { name: 'Final' }))
    await waitFor(async () => {
      expect(await rows()).toEqual(['ACC-XR-F'])
    })
    expect(lastListQuery()?.get('status')).toBe('final')
  })

  it("WL-12 a study claimed since the list came leaves 'Unclaimed' at once, with no list read again", async () => {
    seedDepartment({ paging: true })
    const { user, store } = renderSidebar()
    await worklist()
    const filters = screen.getByRole('group', { name: 'Worklist filters' })
    await user.click(within(filters).getByRole('button', { name: 'Unclaimed' }))
    await waitFor(async () => {
      expect(await rows()).toEqual(['ACC-MR-S', 'ACC-CT-R', 'ACC-XR-F'])
    })
    const asked = apiBackend.requestsTo('listOrders').length

    // Another clinician claims ACC-MR-S; this tab reads the order again (as the live worklist
    // would tell it), which puts it into every cached list.
    const claimed = apiBackend.orders.find((order) => order.accession_number === 'ACC-MR-S')!
    claimed.claimed_by = OTHER
    await store.dispatch(
      ordersApi.endpoints.getOrder.initiate(claimed.id, { subscribe: false, forceRefetch: true }),
    )

    await waitFor(async () => {
      expect(await rows()).toEqual(['ACC-CT-R', 'ACC-XR-F'])
    })
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(asked)
  })
})

describe('WL-7 filters, from a backend that answers the whole list', () => {
  it('WL-7 narrow the list in the browser, with no other request', async () => {
    seedDepartment({ paging: false })
    const { user } = renderSidebar()
    expect(await rows()).toHaveLength(5)
    const asked = apiBackend.requestsTo('listOrders').length
    const filters = screen.getByRole('group', { name: 'Worklist filters' })

    await user.selectOptions(screen.getByRole('combobox', { name: 'Modality' }), 'CT')
    expect(await rows()).toEqual(['ACC-CT-S', 'ACC-CT-R'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Modality' }), '')
    await user.click(within(filters).getByRole('button', { name: 'Mine' }))
    expect(await rows()).toEqual(['ACC-US-U'])
    await user.click(within(filters).getByRole('button', { name: 'Unclaimed' }))
    expect(await rows()).toEqual(['ACC-MR-S', 'ACC-CT-R', 'ACC-XR-F'])
    await user.click(within(filters).getByRole('button', { name: 'Final' }))
    expect(await rows()).toEqual(['ACC-XR-F'])
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(asked)
  })

  it('WL-8 within a priority the longest waiting comes first; without times the server order stays', async () => {
    const patient = buildPatient()
    seedWorklist(
      [patient],
      [
        buildOrder({
          patient,
          accession_number: 'ACC-NEW',
          ordered_at: '2025-03-04T12:00:00.000Z',
        }),
        buildOrder({
          patient,
          accession_number: 'ACC-OLD',
          ordered_at: '2025-03-04T08:00:00.000Z',
        }),
        buildOrder({ patient, accession_number: 'ACC-STAT', priority: 'stat' }),
      ],
    )
    renderSidebar()
    expect(await rows()).toEqual(['ACC-STAT', 'ACC-OLD', 'ACC-NEW'])
  })
})

describe('WL-7 a backend without claims', () => {
  it("WL-7 offers no 'Mine' or 'Unclaimed' when no row says who reads it; 'Final' stays", async () => {
    const patient = buildPatient()
    seedWorklist([patient], [buildOrder({ patient, accession_number: 'ACC-1' })])
    renderSidebar()
    await worklist()
    const filters = screen.getByRole('group', { name: 'Worklist filters' })
    expect(within(filters).queryByRole('button', { name: 'Mine' })).not.toBeInTheDocument()
    expect(within(filters).queryByRole('button', { name: 'Unclaimed' })).not.toBeInTheDocument()
    expect(within(filters).getByRole('button', { name: 'Final' })).toBeInTheDocument()
  })
})
