/**
 * INT-40: the study's header links to its images ('Open images', a new tab without a handle on
 * Readout or its address) when the order answers a `viewer_url`, and not otherwise; a link the
 * live worklist brings (the archive's UID found after the study opened) shows at once.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Order } from '../../../../../contract'
import { PatientHeader } from '../../../../../src/features/orders'
import { readEventStream } from '../../../../../src/services/events/eventStream'
import { sessionStarted } from '../../../../../src/shared/events'
import { buildOrder, buildPatient } from '../../../../support/msw/data'
import { serveLiveStream } from '../../../../support/msw/liveStream'
import { createTestDeps, renderWithProviders } from '../../../../support/render'
import { seedWorklist } from './worklistHelpers'

const VIEWER = 'https://pacs.example/ohif/viewer?StudyInstanceUIDs=1.2.840.99.7'
const ada = buildPatient({ id: 'PA', first_name: 'Ada', last_name: 'Lovelace' })

function seed(extra: Partial<Order>) {
  const order = buildOrder({ id: 'OA', patient: ada, accession_number: 'ACC-7', ...extra })
  seedWorklist([ada], [order])
  return order
}

const header = () => screen.findByRole('group', { name: 'Patient' })

describe('Open images', () => {
  it('INT-40 an order with a viewer_url shows an Open images link that opens a new tab with noopener noreferrer', async () => {
    seed({ study_instance_uid: '1.2.840.99.7', viewer_url: VIEWER })
    renderWithProviders(<PatientHeader orderId="OA" />)

    const link = await within(await header()).findByRole('link', { name: 'Open images' })
    expect(link).toHaveAttribute('href', VIEWER)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer'])
  })

  it.each([
    ['null', { viewer_url: null }],
    ['absent (a backend without images)', {}],
    ['not an http(s) address', { viewer_url: 'javascript:alert(1)' }],
    ['not an address at all', { viewer_url: 'viewer?uid=1' }],
  ])('INT-40 no link when viewer_url is %s', async (_case, extra) => {
    seed(extra)
    renderWithProviders(<PatientHeader orderId="OA" />)
    expect(await header()).toHaveTextContent('Ada Lovelace')
    expect(screen.queryByRole('link', { name: 'Open images' })).not.toBeInTheDocument()
  })

  it('INT-40 a viewer link the live worklist brings shows in the open study header at once', async () => {
    const order = seed({ study_instance_uid: null, viewer_url: null })
    const stream = serveLiveStream()
    const { store } = renderWithProviders(<PatientHeader orderId="OA" />, {
      deps: createTestDeps({ sessionToken: 't', liveEvents: readEventStream }),
    })
    expect(await header()).toHaveTextContent('Ada Lovelace')
    expect(screen.queryByRole('link', { name: 'Open images' })).not.toBeInTheDocument()

    store.dispatch(sessionStarted({ userId: 'U-test' }))
    await stream.connected()
    stream.send('8.1', 'order.updated', 'OA', {
      ...order,
      study_instance_uid: '1.2.840.99.7',
      viewer_url: VIEWER,
    })
    expect(await screen.findByRole('link', { name: 'Open images' })).toHaveAttribute('href', VIEWER)
  })
})
