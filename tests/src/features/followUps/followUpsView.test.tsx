/**
 * The Follow-ups view, with the real app, store and router against the in-memory /api/v1: the
 * list overdue first, its Status filter, its pages, and closing a follow-up by hand (a reason
 * required; a colleague's earlier close shown with the server's words).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { FollowUp } from '../../../../contract'
import { routePattern } from '../../../support/msw/apiBackend'
import { buildFollowUp } from '../../../support/msw/followUpsBackend'
import { apiBackend, identityBackend, server } from '../../../support/msw/server'
import { renderApp, type RenderAppResult } from '../../../support/render'

function sourceOrder(id: string) {
  const order = apiBackend.orders.find((candidate) => candidate.id === id)
  if (!order) throw new Error(`the demo data has order ${id}`)
  return order
}

function track(id: string, overrides: Partial<FollowUp> = {}): FollowUp {
  const item = buildFollowUp(sourceOrder(id), overrides)
  apiBackend.followUps.items.push(item)
  return item
}

async function renderFollowUps(): Promise<RenderAppResult & { table: HTMLElement }> {
  identityBackend.rememberSession('ada@example.org')
  const view = renderApp({ route: '/follow-ups' })
  await screen.findByRole('heading', { level: 1, name: 'Follow-ups' })
  const table = await screen.findByRole('table', { name: 'Follow-ups' })
  return { ...view, table }
}

const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)
const statusesSent = () =>
  apiBackend.requestsTo('listFollowUps').map((request) => request.query?.get('status') ?? null)

describe('the Follow-ups view', () => {
  it('FU-30 lists open and overdue follow-ups, overdue first: patient, exam, window, status, reason and the report one click away', async () => {
    track('O1', { id: 'FU-a', due_from: '2027-02-13', due_to: '2027-04-13' })
    track('O2', {
      id: 'FU-b',
      modality: 'MR',
      body_part: 'brain',
      due_from: '2024-01-01',
      due_to: '2024-06-30',
      reason: 'meningioma',
      patient: { ...sourceOrder('O2').patient, mrn: 'MRN-77' } as FollowUp['patient'],
    })
    track('O1', { id: 'FU-c', status: 'declined' })
    const { table } = await renderFollowUps()

    await waitFor(() => {
      expect(rows(table)).toHaveLength(2)
    })
    expect(cells(rows(table)[0] as HTMLElement)).toEqual([
      'Turing, AlanMRN MRN-77',
      'MR brain',
      '2024-01-01 to 2024-06-30',
      'Overdue',
      'meningioma',
      'MRI brain without contrastOpen report',
      'CompleteDecline',
    ])
    expect(cells(rows(table)[1] as HTMLElement).slice(0, 5)).toEqual([
      'Lovelace, Ada',
      'CT chest',
      '2027-02-13 to 2027-04-13',
      'Open',
      'pulmonary nodule',
    ])
    expect(screen.getByRole('link', { name: 'Open report ACC-1001' })).toHaveAttribute(
      'href',
      '/?study=O1',
    )
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Open and overdue')
    expect(statusesSent()).toEqual(['open,overdue'])
  })

  it('FU-31 FU-36 FU-41 nothing to show says so; the Status filter asks the server again; a closed follow-up says how it was closed', async () => {
    track('O1', {
      id: 'FU-done',
      status: 'completed',
      resolution: {
        status: 'completed',
        by: null,
        at: '2027-03-01T10:00:00.000Z',
        // FU-41: the order is named by the answer's accession number, not by the words.
        reason: 'A matching order was received.',
        order_id: 'O9',
        accession_number: 'ACC456',
      },
    })
    track('O2', {
      id: 'FU-no',
      status: 'declined',
      resolution: {
        status: 'declined',
        by: { user_id: 'U-x', name: 'Dr X' },
        at: '2027-03-02T10:00:00.000Z',
        reason: 'Patient moved away',
        order_id: null,
        accession_number: null,
      },
    })
    const view = await renderFollowUps()
    expect(await within(view.table).findByText('No follow-ups to show.')).toBeInTheDocument()

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed')
    expect(
      await within(view.table).findByText('Completed by a matching order ACC456'),
    ).toBeInTheDocument()
    expect(within(view.table).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument()

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All')
    expect(
      await within(view.table).findByText('Declined by Dr X: Patient moved away'),
    ).toBeInTheDocument()
    expect(statusesSent()).toEqual(['open,overdue', 'completed', null])
  })

  it('FU-32 Show more reads the next page while the server has one', async () => {
    for (let index = 0; index < 3; index += 1) track('O1', { id: `FU-p${String(index)}` })
    server.use(
      http.get(routePattern('listFollowUps'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        const [first, second, third] = apiBackend.followUps.items
        return HttpResponse.json(
          cursor === 'page-2'
            ? { items: [third], next_cursor: null, total: 3 }
            : { items: [first, second], next_cursor: 'page-2', total: 3 },
        )
      }),
    )
    const view = await renderFollowUps()
    await waitFor(() => {
      expect(rows(view.table)).toHaveLength(2)
    })
    await view.user.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => {
      expect(rows(view.table)).toHaveLength(3)
    })
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument()
  })

  it('FU-33 Complete asks for a reason, then the row says who completed it and why, the focus on the table', async () => {
    track('O1', { id: 'FU-1' })
    const view = await renderFollowUps()
    await view.user.click(await within(view.table).findByRole('button', { name: 'Complete' }))
    const dialog = await screen.findByRole('dialog')
    const confirm = within(dialog).getByRole('button', { name: 'Mark completed' })
    expect(confirm).toBeDisabled()
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Done elsewhere')
    await view.user.click(confirm)

    expect(
      await within(view.table).findByText('Completed by Dr Test: Done elsewhere'),
    ).toBeInTheDocument()
    expect(apiBackend.requestsTo('resolveFollowUp')[0]?.body).toEqual({
      status: 'completed',
      reason: 'Done elsewhere',
    })
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    // The row's buttons are gone with its closing: the focus goes to the table, not the page.
    await waitFor(() => {
      expect(view.table.parentElement).toHaveFocus()
    })
  })

  it('FU-34 Decline asks for a reason; Cancel sends nothing', async () => {
    track('O1', { id: 'FU-1' })
    const view = await renderFollowUps()
    await view.user.click(await within(view.table).findByRole('button', { name: 'Decline' }))
    let dialog = await screen.findByRole('dialog')
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(apiBackend.requestsTo('resolveFollowUp')).toEqual([])

    await view.user.click(within(view.table).getByRole('button', { name: 'Decline' }))
    dialog = await screen.findByRole('dialog')
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Patient refused')
    await view.user.click(within(dialog).getByRole('button', { name: 'Decline follow-up' }))
    expect(
      await within(view.table).findByText('Declined by Dr Test: Patient refused'),
    ).toBeInTheDocument()
    expect(within(view.table).getByText('Declined')).toBeInTheDocument()
  })

  it('FU-35 a follow-up a colleague closed first: the server’s words are shown and the row is read again', async () => {
    const item = track('O1', { id: 'FU-1' })
    const view = await renderFollowUps()
    await view.user.click(await within(view.table).findByRole('button', { name: 'Complete' }))
    const dialog = await screen.findByRole('dialog')
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Seen')
    // Meanwhile a colleague declines it.
    item.status = 'declined'
    item.resolution = {
      status: 'declined',
      by: { user_id: 'U-x', name: 'Dr X' },
      at: '2027-03-02T10:00:00.000Z',
      reason: 'Not indicated',
      order_id: null,
      accession_number: null,
    }
    await view.user.click(within(dialog).getByRole('button', { name: 'Mark completed' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This follow-up was already closed by Dr X.',
    )
    expect(
      await within(view.table).findByText('Declined by Dr X: Not indicated'),
    ).toBeInTheDocument()
    expect(apiBackend.requestsTo('resolveFollowUp')).toHaveLength(1)
  })
})
