/**
 * WS-12 through the patient finder: typing narrows the worklist and lists matching patients;
 * choosing a patient opens their study, the one in progress first; a patient without a study
 * opens nothing and the finder says so.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Sidebar } from '../../../../../src/features/orders'
import { buildOrder, buildPatient } from '../../../../support/msw/data'
import { apiBackend } from '../../../../support/msw/server'
import { renderWithProviders } from '../../../../support/render'
import { accessionsIn, seedWorklist } from './worklistHelpers'

function seedClinic() {
  const ada = buildPatient({ id: 'PA', first_name: 'Ada', last_name: 'Lovelace' })
  const alan = buildPatient({ id: 'PT', first_name: 'Alan', last_name: 'Turing' })
  const grace = buildPatient({ id: 'PG', first_name: 'Grace', last_name: 'Hopper' })
  seedWorklist(
    [ada, alan, grace],
    [
      buildOrder({ id: 'A-STAT', patient: ada, priority: 'stat', accession_number: 'ACC-A1' }),
      buildOrder({
        id: 'T-ROUTINE',
        patient: alan,
        priority: 'routine',
        accession_number: 'ACC-T1',
      }),
      buildOrder({
        id: 'T-ACTIVE',
        patient: alan,
        priority: 'routine',
        accession_number: 'ACC-T2',
        status: 'in_progress',
      }),
      buildOrder({ id: 'T-URGENT', patient: alan, priority: 'urgent', accession_number: 'ACC-T3' }),
    ],
  )
}

const worklist = () => screen.findByRole('listbox', { name: 'Worklist' })

describe('the patient finder', () => {
  it('typing a name narrows the worklist and lists the matching patients', async () => {
    seedClinic()
    const { user } = renderWithProviders(<Sidebar open />)
    await worklist()

    await user.type(screen.getByRole('searchbox', { name: 'Find patient' }), 'turing')

    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-T3', 'ACC-T1', 'ACC-T2'])
    })
    const patients = screen.getByRole('list', { name: 'Matching patients' })
    expect(
      within(patients)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Turing, Alan3 studies'])
  })

  it('an accession number finds its study', async () => {
    seedClinic()
    const { user } = renderWithProviders(<Sidebar open />)
    await worklist()

    await user.type(screen.getByRole('searchbox', { name: 'Find patient' }), 'acc-a1')

    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-A1'])
    })
  })

  it('WS-12 choosing a patient opens their study in progress, before their other studies', async () => {
    seedClinic()
    const { user, store } = renderWithProviders(<Sidebar open />)
    await worklist()
    await user.type(screen.getByRole('searchbox', { name: 'Find patient' }), 'Alan')

    await user.click(screen.getByRole('button', { name: /Turing, Alan/ }))

    await waitFor(() => {
      expect(store.getState().orders.selectedOrderId).toBe('T-ACTIVE')
    })
    const selected = within(await worklist()).getByRole('option', { selected: true })
    expect(selected).toHaveTextContent('ACC-T2')
  })

  it('WS-12 without a study in progress, the patient’s first study in worklist order opens; Enter chooses', async () => {
    seedClinic()
    apiBackend.orders = apiBackend.orders.filter((order) => order.id !== 'T-ACTIVE')
    const { user, store } = renderWithProviders(<Sidebar open />)
    await worklist()

    await user.type(screen.getByRole('searchbox', { name: 'Find patient' }), 'turing{Enter}')

    await waitFor(() => {
      expect(store.getState().orders.selectedOrderId).toBe('T-URGENT')
    })
  })

  it('WS-12 a patient without a study opens nothing and the finder says so', async () => {
    seedClinic()
    const { user, store } = renderWithProviders(<Sidebar open />)
    await worklist()
    await user.type(screen.getByRole('searchbox', { name: 'Find patient' }), 'hopper')
    expect(await screen.findByText('No orders found')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: /Hopper, Grace\s*No studies/ }))

    expect(await screen.findByText('No studies for this patient')).toBeInTheDocument()
    expect(store.getState().orders.selectedOrderId).toBeNull()
    const rows = screen
      .queryAllByRole('listbox')
      .flatMap((list) => within(list).queryAllByRole('option', { selected: true }))
    expect(rows).toHaveLength(0)

    await user.clear(screen.getByRole('searchbox', { name: 'Find patient' }))
    expect(screen.queryByText('No studies for this patient')).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Matching patients' })).not.toBeInTheDocument()
  })

  it('Escape empties the finder and the whole worklist is back', async () => {
    seedClinic()
    const { user } = renderWithProviders(<Sidebar open />)
    await worklist()
    const finder = screen.getByRole('searchbox', { name: 'Find patient' })
    await user.type(finder, 'ada')
    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-A1'])
    })

    await user.keyboard('{Escape}')

    expect(finder).toHaveValue('')
    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toHaveLength(4)
    })
  })
})
