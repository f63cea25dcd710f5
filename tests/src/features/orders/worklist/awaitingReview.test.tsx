/**
 * RV-21..RV-23 and RL-17 in the sidebar: a radiologist's 'Awaiting my review' asks the server for
 * `review=awaiting_mine`, marks each row 'Awaiting review', and takes in a study a trainee sends
 * meanwhile from the live stream without reading the list again; a trainee has no such filter;
 * Clear All Studies is offered as GET /me says. Real store, the in-memory paging /api/v1 (MSW)
 * and a fed stream.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Sidebar } from '../../../../../src/features/orders'
import { readEventStream } from '../../../../../src/services/events/eventStream'
import { sessionStarted } from '../../../../../src/shared/events'
import type { Order } from '../../../../../contract'
import { TEST_CLINICIAN } from '../../../../support/msw/apiBackend'
import { buildOrder, buildPatient, buildSections, FIXED_TIME } from '../../../../support/msw/data'
import { serveLiveStream } from '../../../../support/msw/liveStream'
import { apiBackend } from '../../../../support/msw/server'
import { awaitingReview, signedInAs } from '../../../../support/msw/teachingBackend'
import { createTestDeps, renderWithProviders } from '../../../../support/render'
import { accessionsIn, seedWorklist } from './worklistHelpers'
import { worklist } from './worklistHelpers.pages'

const ada = buildPatient({ id: 'P-ada' })
const TRAINEE = { user_id: 'U-tess', name: 'Dr Tess Trainee' }
const order = (accession: string, overrides: Partial<Order> = {}) =>
  buildOrder({ patient: ada, accession_number: accession, ordered_at: FIXED_TIME, ...overrides })

async function renderSidebar(orders: Order[]) {
  seedWorklist([ada], orders)
  apiBackend.paging = true
  const stream = serveLiveStream()
  const deps = createTestDeps({ sessionToken: 't', liveEvents: readEventStream })
  const view = renderWithProviders(<Sidebar open />, { deps })
  view.store.dispatch(sessionStarted({ userId: TEST_CLINICIAN.user_id }))
  await worklist()
  await stream.connected()
  return { ...view, stream }
}

describe('Awaiting my review', () => {
  it('RV-21 RV-22 lists the reports awaiting the radiologist, marked, and takes in one sent meanwhile', async () => {
    signedInAs(apiBackend, ['radiologist'])
    const sent = order('ACC-SENT')
    awaitingReview(sent, TRAINEE)
    const later = order('ACC-LATER', { priority: 'stat' })
    const { user, stream } = await renderSidebar([sent, order('ACC-DRAFT'), later])

    const toggle = await screen.findByRole('button', { name: 'Awaiting my review' })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-SENT'])
    })
    const asked = apiBackend.requestsTo('listOrders').at(-1)
    expect(asked?.query?.get('review')).toBe('awaiting_mine')
    const row = within(await worklist()).getByRole('option', { name: /ACC-SENT/ })
    expect(within(row).getByText('Awaiting review')).toBeInTheDocument()
    const reads = apiBackend.requestsTo('listOrders').length

    // A trainee sends the stat study for review: it joins the list, in its place, unread.
    awaitingReview(later, TRAINEE, buildSections({ impression: 'Pneumothorax.' }))
    stream.send('12.1', 'order.updated', later.id, later)

    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-LATER', 'ACC-SENT'])
    })
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(reads)
  })

  it('RV-23 a trainee has no Awaiting my review filter', async () => {
    signedInAs(apiBackend, ['trainee'])
    await renderSidebar([order('ACC-1')])
    await waitFor(() => {
      expect(apiBackend.requestsTo('whoAmI')).toHaveLength(1)
    })
    await screen.findByRole('button', { name: 'Final' })

    expect(screen.queryByRole('button', { name: 'Awaiting my review' })).toBeNull()
  })
})

describe('Clear All Studies and GET /me', () => {
  it('RL-17 not offered when /me says clear_all is false', async () => {
    signedInAs(apiBackend, ['radiologist'], { clear_all: false })
    await renderSidebar([order('ACC-1')])
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Clear All Studies' })).toBeNull()
    })
  })

  it('RL-17 offered when /me says so, and by a backend without /me', async () => {
    apiBackend.teaching.me = 'none'
    await renderSidebar([order('ACC-1')])
    await waitFor(() => {
      expect(apiBackend.requestsTo('whoAmI')).toHaveLength(1)
    })

    expect(await screen.findByRole('button', { name: 'Clear All Studies' })).toBeEnabled()
  })
})
