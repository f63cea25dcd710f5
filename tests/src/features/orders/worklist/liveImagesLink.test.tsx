/**
 * INT-101..INT-103: the viewer link the server looks up after a study opens reaches the open
 * study without a reload. The live worklist's `order.updated` brings it while the study's own
 * read (GET /orders/:id, as the editor asks on opening) is still under way; that read left
 * before the link existed and lands after it, and must not take it back. A link that comes with
 * a report older than the one the caches hold is taken, and the newer report kept. Real store,
 * the in-memory paging /api/v1 (MSW) with the order's read held open, and a fed stream.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  createActionRecorder,
  replayActionLog,
  type ActionLog,
} from '../../../../../src/app/actionLog'
import { redactSecrets } from '../../../../../src/app/devTools'
import { rootReducer } from '../../../../../src/app/store'
import { PatientHeader, Sidebar } from '../../../../../src/features/orders'
import { cachedCopiesOf } from '../../../../../src/services/api/orderCache'
import { ordersApi } from '../../../../../src/services/api/ordersApi'
import { readEventStream } from '../../../../../src/services/events/eventStream'
import { orderChanged, sessionStarted } from '../../../../../src/shared/events'
import { API_PREFIX, IN_PROGRESS, type Order } from '../../../../../contract'
import { TEST_CLINICIAN } from '../../../../support/msw/apiBackend'
import { buildOrder, buildPatient, buildReport, FIXED_TIME } from '../../../../support/msw/data'
import { serveLiveStream } from '../../../../support/msw/liveStream'
import { apiBackend, server } from '../../../../support/msw/server'
import { createTestDeps, renderWithProviders } from '../../../../support/render'
import { seedWorklist } from './worklistHelpers'
import { worklist } from './worklistHelpers.pages'

const VIEWER = 'https://archive.example/web-viewer/app/viewer.html?series=5a1b'
const UID = '2.25.1234'
const ada = buildPatient({ id: 'PA', first_name: 'Ada', last_name: 'Lovelace' })
const later = new Date(Date.parse(FIXED_TIME) + 600_000).toISOString()

/** The open study's read, held until the test lets it answer what the server had then. */
function holdOrderRead(answer: Order) {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let asked = false
  server.use(
    http.get(`${API_PREFIX}/orders/${answer.id}`, async () => {
      asked = true
      await released
      return HttpResponse.json(answer)
    }),
  )
  const asking = () => {
    expect(asked).toBe(true)
  }
  return { release, asked: () => waitFor(asking) }
}

/** The worklist and the open study's header, following the live stream. */
async function openFollowed(order: Order) {
  seedWorklist([ada], [order])
  apiBackend.paging = true
  const stream = serveLiveStream()
  const recorder = createActionRecorder()
  const view = renderWithProviders(
    <>
      <Sidebar open />
      <PatientHeader orderId={order.id} />
    </>,
    { deps: createTestDeps({ sessionToken: 't', liveEvents: readEventStream }), recorder },
  )
  view.store.dispatch(sessionStarted({ userId: TEST_CLINICIAN.user_id }))
  await worklist()
  await stream.connected()
  return { ...view, stream, recorder }
}

const header = () => screen.findByRole('group', { name: 'Patient' })
type Store = ReturnType<typeof renderWithProviders>['store']
const copiesOf = (store: Store, orderId: string) => cachedCopiesOf(store.getState(), orderId)

describe('INT-101 a viewer link found after the study opened shows on it without a reload', () => {
  it('INT-101 INT-103 an order.updated with the link (same report) that comes while the study is being read stays after the read lands', async () => {
    const opened = buildOrder({
      id: 'OA',
      patient: ada,
      study_instance_uid: UID,
      viewer_url: null,
      report: buildReport(),
    })
    const { store, stream, recorder } = await openFollowed(opened)
    expect(await header()).toHaveTextContent('Ada Lovelace')
    // Opening the study reads it (the editor does); the server answers before its lookup ends.
    const read = holdOrderRead(opened)
    const reading = store.dispatch(ordersApi.endpoints.getOrder.initiate('OA'))
    await read.asked()

    stream.send('8.1', 'order.updated', 'OA', { ...opened, viewer_url: VIEWER })
    const link = await within(await header()).findByRole('link', { name: 'Open images' })
    expect(link).toHaveAttribute('href', VIEWER)

    read.release()
    await reading
    // The read's answer (without the link) landed, and the link is still on the open study,
    // in its own read and in its worklist entry alike.
    await waitFor(() => {
      expect(copiesOf(store, 'OA').map((copy) => copy.viewer_url)).toEqual([VIEWER, VIEWER])
    })
    expect(within(await header()).getByRole('link', { name: 'Open images' })).toHaveAttribute(
      'href',
      VIEWER,
    )
    expect(copiesOf(store, 'OA')[0]?.report?.updated_at).toBe(FIXED_TIME)
    reading.unsubscribe()

    // INT-103: the patches are ordinary actions; the action log rebuilds the same state.
    const log = JSON.parse(JSON.stringify(recorder.log())) as ActionLog
    expect(log.actions.filter((action) => orderChanged.match(action))).toHaveLength(1)
    expect(redactSecrets(replayActionLog(rootReducer, log))).toEqual(
      redactSecrets(store.getState()),
    )
  })

  it('INT-101 a read that starts after the link came answers it too', async () => {
    const opened = buildOrder({ id: 'OA', patient: ada, study_instance_uid: UID, viewer_url: null })
    const { store, stream } = await openFollowed(opened)
    stream.send('8.1', 'order.updated', 'OA', { ...opened, viewer_url: VIEWER })
    await within(await header()).findByRole('link', { name: 'Open images' })
    apiBackend.orders = [{ ...opened, viewer_url: VIEWER }]
    await store.dispatch(ordersApi.endpoints.getOrder.initiate('OA', { subscribe: false }))
    expect(copiesOf(store, 'OA').map((copy) => copy.viewer_url)).toEqual([VIEWER, VIEWER])
  })
})

describe('INT-102 a link that comes with an older report', () => {
  it('INT-102 shows on the open study, and the newer report the caches hold stays', async () => {
    const newer = buildReport({ updated_at: later })
    const opened = buildOrder({
      id: 'OA',
      patient: ada,
      study_instance_uid: null,
      viewer_url: null,
      status: IN_PROGRESS,
      report: newer,
    })
    const { store, stream } = await openFollowed(opened)
    expect(await header()).toHaveTextContent('Ada Lovelace')
    // Drained before this tab's later write: the report it carries is the one before.
    stream.send('8.1', 'order.updated', 'OA', {
      ...opened,
      study_instance_uid: UID,
      viewer_url: VIEWER,
      status: 'new',
      report: buildReport({ updated_at: FIXED_TIME }),
    })
    const link = await within(await header()).findByRole('link', { name: 'Open images' })
    expect(link).toHaveAttribute('href', VIEWER)
    const [entry] = copiesOf(store, 'OA')
    expect(entry?.report?.updated_at).toBe(later)
    expect(entry?.study_instance_uid).toBe(UID)
    // Only the images are taken from the older order: its status stays the caches'.
    expect(entry?.status).toBe(IN_PROGRESS)
  })
})
