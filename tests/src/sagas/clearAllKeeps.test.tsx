/**
 * CL-4, CL-5 and CLM-11 from the clinician's side, on a real store against the in-memory backend
 * (which answers as our server does: a signed report stays, a study a colleague reads is refused
 * with 409 `claimed`): the question says signed reports are kept; a study a colleague reads is
 * skipped, counted and never retried; afterwards no row shows a stale 'Final' or 'Being read by'.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { IN_PROGRESS, type Order } from '../../../contract'
import { Sidebar } from '../../../src/features/orders'
import { conversationApi } from '../../../src/services/api/conversationApi'
import { sessionStarted } from '../../../src/shared/events'
import { routePattern } from '../../support/msw/apiBackend'
import { TEST_CLINICIAN } from '../../support/msw/apiBackend'
import {
  buildMessage,
  buildOrder,
  buildPatient,
  buildReport,
  FIXED_TIME,
} from '../../support/msw/data'
import { apiBackend, server } from '../../support/msw/server'
import { renderWithProviders } from '../../support/render'

const QUESTION =
  'This will clear ALL conversations (messages, reports, and reset status for all orders). Continue?'
const COLLEAGUE = { user_id: 'U-other', name: 'Dr Other', since: FIXED_TIME }
const SIGNED = { is_final: true, finalized_at: FIXED_TIME }
/** The run's wait: every study cleared and read again, on a busy machine. */
const RUN = { timeout: 10_000 }

/**
 * Signed in progress (S1) and signed untouched (S2); a draft in progress (D); a draft a colleague
 * reads (T); a study whose colleague's claim the screen shows (L); an untouched study (F).
 */
function seed(): Record<string, Order> {
  const patient = buildPatient({ id: 'P1' })
  const order = (code: string, overrides: Partial<Order> = {}) =>
    buildOrder({ id: code, patient, accession_number: `ACC-${code}`, ...overrides })
  const orders = {
    S1: order('S1', { status: IN_PROGRESS, report: buildReport(SIGNED) }),
    S2: order('S2', { report: buildReport(SIGNED) }),
    D: order('D', { status: IN_PROGRESS, report: buildReport() }),
    T: order('T', { status: IN_PROGRESS, report: buildReport(), claimed_by: COLLEAGUE }),
    L: order('L', { claimed_by: COLLEAGUE }),
    F: order('F'),
  }
  apiBackend.patients = [patient]
  apiBackend.orders = Object.values(orders)
  apiBackend.messages = new Map(
    ['S1', 'D', 'T'].map((id) => [id, [buildMessage({ order_id: id, role: 'user' })]]),
  )
  return orders
}

async function start() {
  const rendered = renderWithProviders(<Sidebar open />)
  rendered.store.dispatch(sessionStarted({ userId: TEST_CLINICIAN.user_id }))
  await screen.findByRole('listbox', { name: 'Worklist' })
  return rendered
}

const rowOf = async (code: string) =>
  within(await screen.findByRole('listbox', { name: 'Worklist' })).getByRole('option', {
    name: new RegExp(`ACC-${code}\\b`),
  })

async function runClearAll(user: Awaited<ReturnType<typeof start>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Clear All Studies' }))
  const dialog = await screen.findByRole('alertdialog')
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
  return dialog
}

describe('Clear All Studies keeps what is signed and what a colleague reads', () => {
  it("CL-4 the question is the spec's, word for word, with 'Signed reports are kept.' under it", async () => {
    seed()
    const { user } = await start()

    await user.click(screen.getByRole('button', { name: 'Clear All Studies' }))
    const dialog = await screen.findByRole('alertdialog')

    const question = within(dialog).getByText(QUESTION)
    const kept = within(dialog).getByText('Signed reports are kept.')
    expect(question.compareDocumentPosition(kept) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(dialog).toHaveAccessibleDescription(/Continue\?\s*Signed reports are kept\.$/)
    expect(apiBackend.requestsTo('clearConversation')).toHaveLength(0)
  })

  it('CLM-11 CL-5 a study a colleague reads is skipped and counted; signed rows still say Final, cleared ones say nothing stale', async () => {
    const orders = seed()
    const { user } = await start()
    expect(await rowOf('L')).toHaveTextContent('Being read by Dr Other')
    // The colleague's lease ran out on the server; the screen has not heard yet.
    orders.L!.claimed_by = null

    const dialog = await runClearAll(user)

    expect(
      await within(dialog).findByText(
        'Cleared 5 studies. 1 study being read by a colleague was skipped.',
        {},
        RUN,
      ),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })
    // The colleague's study is as they left it, on the server and on screen.
    expect(apiBackend.messages.get('T')).toHaveLength(1)
    expect(orders.T!.report).not.toBeNull()
    expect(await rowOf('T')).toHaveTextContent('Being read by Dr Other')
    const active = screen.getByRole('listbox', { name: 'Active Studies' })
    expect(
      within(active)
        .getAllByRole('option')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('ACC-T')])
    // Signed studies stay signed; the draft and the lapsed claim leave no trace.
    expect(await rowOf('S1')).toHaveTextContent('Final')
    expect(await rowOf('S2')).toHaveTextContent('Final')
    expect(await rowOf('D')).not.toHaveTextContent(/Final|In progress/)
    expect(await rowOf('L')).not.toHaveTextContent('Being read by')
    expect(orders.S1!.report?.is_final).toBe(true)
    // Read again: what was in progress or claimed; not the signed study nobody worked on.
    expect(
      apiBackend
        .requestsTo('getOrder')
        .map((request) => request.path)
        .sort(),
    ).toEqual(['D', 'L', 'S1'].map((id) => `/api/v1/orders/${id}`))
  })

  it('CLM-11 with a failure too: the dialog names the failed study and counts the skipped one; Retry takes up only the failed one', async () => {
    seed()
    server.use(
      http.delete(routePattern('clearConversation'), ({ params }) =>
        params.id === 'F'
          ? HttpResponse.json({ error: 'boom', message: 'down' }, { status: 500 })
          : undefined,
      ),
    )
    const { user } = await start()

    const dialog = await runClearAll(user)

    expect(
      await within(dialog).findByText('This study was not cleared: ACC-F.', {}, RUN),
    ).toBeInTheDocument()
    expect(
      within(dialog).getByText(
        'Cleared 3 studies. 2 studies being read by a colleague were skipped.',
      ),
    ).toBeInTheDocument()

    server.resetHandlers()
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }))

    expect(await screen.findByText('All conversations were cleared.', {}, RUN)).toBeInTheDocument()
    expect(
      apiBackend
        .requestsTo('clearConversation')
        .slice(-1)
        .map((r) => r.path),
    ).toEqual(['/api/v1/orders/F/conversation'])
    for (const skipped of ['T', 'L'])
      expect(
        apiBackend.requestsTo('clearConversation').filter((r) => r.path.includes(`/${skipped}/`)),
      ).toHaveLength(1)
  })

  it('CL-5 a single clear of a signed study keeps its Final row; of a lapsed claim, drops the stale reader', async () => {
    const orders = seed()
    const { store } = await start()
    expect(await rowOf('L')).toHaveTextContent('Being read by Dr Other')
    orders.L!.claimed_by = null

    await store.dispatch(conversationApi.endpoints.clearConversation.initiate('S2')).unwrap()
    await store.dispatch(conversationApi.endpoints.clearConversation.initiate('L')).unwrap()

    await waitFor(async () => {
      expect(await rowOf('L')).not.toHaveTextContent('Being read by')
    })
    expect(await rowOf('S2')).toHaveTextContent('Final')
  })
})
