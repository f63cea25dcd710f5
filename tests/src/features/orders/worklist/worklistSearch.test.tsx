/**
 * WL-2: the patient finder searches on the server of a backend that pages, once typing pauses;
 * a backend that answers whole lists is searched in the browser at every keystroke (WL-3).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { finderQueryChanged, patientSelected, Sidebar } from '../../../../../src/features/orders'
import { buildOrder, buildPatient } from '../../../../support/msw/data'
import { apiBackend } from '../../../../support/msw/server'
import { renderWithProviders } from '../../../../support/render'
import { accessionsIn } from './worklistHelpers'
import { listRequests, seedPagedWorklist, setSizeOf, worklist } from './worklistHelpers.pages'

/** 250 orders of ten patients, and Grace Hopper's one study far down the worklist. */
function seedWithHopper({ paging = true } = {}) {
  const seeded = seedPagedWorklist(250, { paging })
  const hopper = buildPatient({ id: 'PG', first_name: 'Grace', last_name: 'Hopper' })
  apiBackend.patients.push(hopper)
  apiBackend.orders.push(
    buildOrder({ id: 'HOP', patient: hopper, priority: 'routine', accession_number: 'ACC-HOP' }),
  )
  return seeded
}

const finder = () => screen.getByRole('searchbox', { name: 'Find patient' })

describe('WL-2 searching a backend that pages', () => {
  it('WL-2 once typing pauses, the server is asked (q=) and the Worklist shows its answer', async () => {
    seedWithHopper()
    const { user } = renderWithProviders(<Sidebar open />)
    expect(setSizeOf(await worklist())).toBe('100')

    await user.type(finder(), 'hopper')

    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-HOP'])
    })
    expect(listRequests('search').at(-1)?.query?.get('q')).toBe('hopper')
    const patients = screen.getByRole('list', { name: 'Matching patients' })
    expect(within(patients).getByRole('button')).toHaveTextContent('Hopper, Grace1 study')
  })

  it('WL-2 a burst of keystrokes is one search, for the text typed last', async () => {
    seedWithHopper()
    const { store } = renderWithProviders(<Sidebar open />)
    await worklist()

    for (const query of ['h', 'ho', 'hop', 'hopp', 'hoppe', 'hopper']) {
      store.dispatch(finderQueryChanged({ query }))
    }

    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-HOP'])
    })
    expect(listRequests('search').map((request) => request.query?.get('q'))).toEqual(['hopper'])
  })

  it('WL-2 emptying the finder shows the loaded worklist at once, without asking again', async () => {
    seedWithHopper()
    const { user } = renderWithProviders(<Sidebar open />)
    await worklist()
    await user.type(finder(), 'hopper')
    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-HOP'])
    })
    const requests = apiBackend.requestsTo('listOrders').length

    await user.keyboard('{Escape}')

    expect(finder()).toHaveValue('')
    expect(setSizeOf(await worklist())).toBe('100')
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(requests)
  })

  it('WL-2 a search that finds nothing says No orders found', async () => {
    seedWithHopper()
    const { user } = renderWithProviders(<Sidebar open />)
    await worklist()

    await user.type(finder(), 'nobody by that name')

    expect(await screen.findByText('No orders found')).toBeInTheDocument()
    expect(listRequests('search').at(-1)?.query?.get('q')).toBe('nobody by that name')
  })

  it('WL-2 WS-12 choosing a patient none of whose studies is loaded asks the server by name and opens the study', async () => {
    seedWithHopper()
    const { store } = renderWithProviders(<Sidebar open />)
    await worklist()

    // The finder's choice, made before any search of the finder's has loaded her study.
    store.dispatch(patientSelected({ patientId: 'PG' }))

    await waitFor(() => {
      expect(store.getState().orders.selectedOrderId).toBe('HOP')
    })
    expect(listRequests('search').map((request) => request.query?.get('q'))).toEqual([
      'Grace Hopper',
    ])
    expect(screen.queryByText('No studies for this patient')).not.toBeInTheDocument()
  })
})

describe('WL-3 searching a backend that answers whole lists', () => {
  it('WL-3 the finder narrows the list in the browser at every keystroke and never asks the server', async () => {
    seedWithHopper({ paging: false })
    const { user, store } = renderWithProviders(<Sidebar open />)
    expect(setSizeOf(await worklist())).toBe('251')

    await user.type(finder(), 'hopper')

    expect(accessionsIn(await worklist())).toEqual(['ACC-HOP'])
    // Typing has settled (the pause is over), and still only the one list was read.
    await waitFor(() => {
      expect(store.getState().orders.finder.searched).toBe('hopper')
    })
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    expect(listRequests('search')).toHaveLength(0)
  })

  it("WL-3 the finder matches a study's modality, body part and description too ('thyroid', 'nm thyroid')", async () => {
    seedWithHopper({ paging: false })
    const patient = apiBackend.patients[0]!
    apiBackend.orders.push(
      buildOrder({
        patient,
        accession_number: 'ACC-NM',
        modality: 'NM',
        body_part: 'Thyroid',
        study_description: 'NM Thyroid uptake',
      }),
      buildOrder({
        patient,
        accession_number: 'ACC-US',
        modality: 'US',
        body_part: 'Thyroid',
        study_description: 'US Thyroid',
      }),
    )
    const { user } = renderWithProviders(<Sidebar open />)
    await worklist()

    await user.type(finder(), 'thyroid')
    expect(accessionsIn(await worklist()).sort()).toEqual(['ACC-NM', 'ACC-US'])

    await user.clear(finder())
    await user.type(finder(), 'nm thyroid')
    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-NM'])
    })
  })
})
