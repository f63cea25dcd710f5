/**
 * CLM-6..CLM-8: the open study's claim in the SPA, with the real store, MSW as the backend and a
 * fake live stream the test speaks through. Opening a study claims it and closing releases it; a
 * study someone else reads asks before taking over; a study taken over turns the previous
 * reader's editor read-only with their unsaved text kept, and holds their messages.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Order } from '../../../../../contract'
import type {
  EventStreamReader,
  StreamOptions,
} from '../../../../../src/services/events/eventStream'
import { buildOrder, buildPatient, buildReport, FIXED_TIME } from '../../../../support/msw/data'
import { routePattern } from '../../../../support/msw/apiBackend'
import { apiBackend, identityBackend, server } from '../../../../support/msw/server'
import { createTestDeps, renderApp } from '../../../../support/render'
import { seedWorklist } from '../worklist/worklistHelpers'

const OTHER = { user_id: 'U-other', name: 'Dr Other', since: FIXED_TIME }

function seed() {
  const ada = buildPatient({ first_name: 'Ada', last_name: 'Lovelace' })
  const alan = buildPatient({ first_name: 'Alan', last_name: 'Turing' })
  const orders = [
    buildOrder({ patient: ada, accession_number: 'ACC-FREE', priority: 'stat' }),
    buildOrder({ patient: alan, accession_number: 'ACC-SECOND', priority: 'urgent' }),
    buildOrder({
      patient: ada,
      accession_number: 'ACC-TAKEN',
      priority: 'routine',
      claimed_by: OTHER,
    }),
  ]
  seedWorklist([ada, alan], orders)
  return orders
}

/** A live stream the test writes to: each connection stays open until the app stops it. */
function fakeStream() {
  let listener: StreamOptions['onEvent'] | null = null
  let seq = 0
  const read: EventStreamReader = (options) => {
    listener = (event) => {
      options.onEvent(event)
    }
    options.onEvent({ type: 'ready', data: '{"version":1}', lastEventId: '1' })
    return new Promise((resolve) => {
      options.signal.addEventListener('abort', () => {
        resolve({ kind: 'stopped' })
      })
    })
  }
  const send = (type: string, order: Order) => {
    if (!listener) throw new Error('the app has not connected to the stream')
    seq += 1
    listener({
      type,
      data: JSON.stringify({ order_id: order.id, order }),
      lastEventId: `2.${String(seq)}`,
    })
  }
  return { read, send, connected: () => listener !== null }
}

function signedIn(stream?: ReturnType<typeof fakeStream>) {
  identityBackend.rememberSession('ada@example.org')
  const deps = createTestDeps(stream ? { liveEvents: stream.read } : {})
  return renderApp({ route: '/', deps })
}

const worklistRow = async (accession: string) =>
  within(await screen.findByRole('listbox', { name: 'Worklist' })).getByRole('option', {
    name: new RegExp(accession),
  })

const claimsOf = (orderId: string) =>
  apiBackend.requests.filter(
    (request) => request.route === 'claimOrder' && request.path.includes(`/orders/${orderId}/`),
  )
const releasesOf = (orderId: string) =>
  apiBackend.requests.filter(
    (request) => request.route === 'releaseClaim' && request.path.includes(`/orders/${orderId}/`),
  )

describe('the open study’s claim', () => {
  it('CLM-6 opening a study claims it, opening another releases it, and logging out releases that one', async () => {
    const [free, second] = seed()
    const { user } = signedIn()

    await user.click(await worklistRow('ACC-FREE'))
    await waitFor(() => {
      expect(claimsOf(free!.id)).toHaveLength(1)
    })
    expect(free!.claimed_by?.name).toBe('Dr Test')
    // One's own claim is not 'Being read by' anyone.
    expect(await worklistRow('ACC-FREE')).not.toHaveTextContent('Being read by')

    await user.click(await worklistRow('ACC-SECOND'))
    await waitFor(() => {
      expect(releasesOf(free!.id)).toHaveLength(1)
    })
    expect(free!.claimed_by).toBeNull()
    await waitFor(() => {
      expect(second!.claimed_by).not.toBeNull()
    })

    await user.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => {
      expect(second!.claimed_by).toBeNull()
    })
  })

  it('CLM-6 the page going away (a closed tab) lets the claim go with a request that outlives the page', async () => {
    const [free] = seed()
    const { user } = signedIn()
    await user.click(await worklistRow('ACC-FREE'))
    await waitFor(() => {
      expect(free!.claimed_by?.name).toBe('Dr Test')
    })

    window.dispatchEvent(new Event('pagehide'))

    await waitFor(() => {
      expect(free!.claimed_by).toBeNull()
    })
    expect(releasesOf(free!.id).map((request) => request.keepalive)).toEqual([true])
  })

  it('CLM-6 a backend without claims (404) is asked once; the studies open and save as before', async () => {
    seed()
    let asked = 0
    server.use(
      http.post(routePattern('claimOrder'), () => {
        asked += 1
        return HttpResponse.json({ error: 'not_found', message: 'Not Found' }, { status: 404 })
      }),
    )
    const { user, deps } = signedIn()

    await user.click(await worklistRow('ACC-FREE'))
    await waitFor(() => {
      expect(asked).toBe(1)
    })
    await user.click(await worklistRow('ACC-SECOND'))
    // The editor opens with the study (ED-1).
    const editor = await screen.findByRole('region', { name: 'Report editor' })
    expect(await within(editor).findByRole('textbox', { name: 'Report' })).not.toHaveAttribute(
      'readonly',
    )
    expect(asked).toBe(1)
    expect(apiBackend.requestsTo('releaseClaim')).toHaveLength(0)
    expect(deps.logger.events('error')).toEqual([])
  })

  it("CLM-7 a study someone else reads asks 'NAME is reading this study. Take over?'; Cancel reads it without writing", async () => {
    const [, , taken] = seed()
    const { user } = signedIn()

    await user.click(await worklistRow('ACC-TAKEN'))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Dr Other is reading this study. Take over?')
    // Nothing was claimed behind the question.
    expect(claimsOf(taken!.id)).toHaveLength(0)

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })
    // The editor opens with the study (ED-1).
    const editor = await screen.findByRole('region', { name: 'Report editor' })
    // The report is there to read, and the editor says why it takes no writing.
    expect(await within(editor).findByText('Dr Other is reading this study.')).toBeInTheDocument()
    expect(within(editor).getByRole('textbox', { name: 'Report' })).toHaveAttribute('readonly')
    expect(taken!.claimed_by).toEqual(OTHER)

    await user.click(within(editor).getByRole('button', { name: 'Take over' }))
    await waitFor(() => {
      expect(taken!.claimed_by?.name).toBe('Dr Test')
    })
    expect(claimsOf(taken!.id).at(-1)?.body).toEqual({ take_over: true })
    await waitFor(() => {
      expect(within(editor).getByRole('textbox', { name: 'Report' })).not.toHaveAttribute(
        'readonly',
      )
    })
  })

  it('CLM-7 Take over in the question moves the claim at once', async () => {
    const [, , taken] = seed()
    const { user } = signedIn()

    await user.click(await worklistRow('ACC-TAKEN'))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }))

    await waitFor(() => {
      expect(taken!.claimed_by?.name).toBe('Dr Test')
    })
    expect(screen.queryByText('Dr Other is reading this study.')).not.toBeInTheDocument()
    expect(await screen.findByRole('group', { name: 'Patient' })).not.toHaveTextContent(
      'Being read by',
    )
  })

  it('CLM-8 a study taken over turns the editor read-only at once and keeps the unsaved text', async () => {
    const [free] = seed()
    const stream = fakeStream()
    const { user } = signedIn(stream)
    await waitFor(() => {
      expect(stream.connected()).toBe(true)
    })

    await user.click(await worklistRow('ACC-FREE'))
    await waitFor(() => {
      expect(free!.claimed_by?.name).toBe('Dr Test')
    })
    // The editor opens with the study (ED-1).
    const editor = await screen.findByRole('region', { name: 'Report editor' })
    const report = await within(editor).findByRole('textbox', { name: 'Report' })
    await user.type(report, 'Unsaved words of mine')
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Half a question')

    const typed = (report as HTMLTextAreaElement).value
    expect(typed).toContain('Unsaved words of mine')
    // Dr Other takes it over: the server says so through the live worklist.
    free!.claimed_by = OTHER
    const saves = apiBackend.requestsTo('saveReport').length
    act(() => {
      stream.send('order.claimed', free!)
    })

    expect(await within(editor).findByText('Dr Other took over this study.')).toBeInTheDocument()
    expect(report).toHaveAttribute('readonly')
    expect(report).toHaveValue(typed)
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Half a question')
    expect(await screen.findByRole('group', { name: 'Patient' })).toHaveTextContent(
      'Being read by Dr Other',
    )
    // The draft is not sent over the new reader's report.
    expect(within(editor).getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(saves)
    // Nothing of the previous reader's claims is released: it is not theirs any more.
    expect(releasesOf(free!.id)).toHaveLength(0)
  })

  it('CLM-12 a study signed while open is let go: no renewal, and the claim is released for a backend that kept it', async () => {
    const [free] = seed()
    const stream = fakeStream()
    const { user } = signedIn(stream)
    await waitFor(() => {
      expect(stream.connected()).toBe(true)
    })
    await user.click(await worklistRow('ACC-FREE'))
    await waitFor(() => {
      expect(free!.claimed_by?.name).toBe('Dr Test')
    })
    const claims = claimsOf(free!.id).length

    // Signed (here by another tab of the reader's): the news carries the signed report, and this
    // backend still names the reader as holding the claim.
    free!.report = buildReport({ is_final: true })
    act(() => {
      stream.send('report.finalized', free!)
    })
    await waitFor(() => {
      expect(releasesOf(free!.id)).toHaveLength(1)
    })
    expect(free!.claimed_by).toBeNull()
    expect(claimsOf(free!.id)).toHaveLength(claims)
  })
})
