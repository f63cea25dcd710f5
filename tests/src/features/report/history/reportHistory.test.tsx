/**
 * The assistant's changes to the report can be seen and undone in one click (UA-1), and the
 * report's history can be read and an earlier revision restored (RH-1, RH-2), with the real
 * store, the report saga and the in-memory /api/v1, which keeps a revision per write.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ReportSections } from '../../../../../contract'
import { routePattern } from '../../../../support/msw/apiBackend'
import { buildReport, buildSections } from '../../../../support/msw/data'
import { apiBackend, server } from '../../../../support/msw/server'
import { renderReportEditor, sendWritingReport, type EditorView } from '../support'

const TYPED = buildSections({
  history: 'Right upper quadrant pain.',
  findings: 'Distended gallbladder with stones and wall thickening.',
  impression: 'Acute calculous cholecystitis.\nNo perforation.',
})

function orderO1() {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  return order
}

/** O1's report as the clinician saved it, with the revision the backend keeps of that save. */
function givenSavedReport(sections: ReportSections = TYPED) {
  orderO1().report = buildReport({ sections, updated_at: '2025-03-04T14:00:00.000Z' })
  apiBackend.revisions.set('O1', [
    {
      id: 'R1',
      sections,
      author: { kind: 'user', user_id: 'U-test', name: 'Dr Test' },
      cause: 'save',
      sections_changed: ['history', 'findings', 'impression'],
      created_at: '2025-03-04T14:00:00.000Z',
    },
  ])
}

/** A backend of the product spec alone: it has no report history route (404). */
function backendKeepsNoHistory() {
  server.use(
    http.get(routePattern('listReportRevisions'), () =>
      HttpResponse.json({ error: 'not_found' }, { status: 404, statusText: 'Not Found' }),
    ),
  )
}

type View = EditorView

function askAssistant(view: View, sections: Partial<ReportSections>) {
  return sendWritingReport(view, sections, {
    content: 'Update the impression: recommend surgical consultation',
  })
}

const undoButton = () => screen.findByRole('button', { name: 'Undo assistant change' })

describe('an assistant change to the report', () => {
  it('UA-1 is marked and named, and Undo writes the earlier text back as a new revision', async () => {
    givenSavedReport()
    const view = await renderReportEditor()

    await askAssistant(view, { impression: 'Recommend surgical consultation.' })

    await waitFor(() => {
      expect(view.impression).toHaveValue('Recommend surgical consultation.')
    })
    const notice = (await undoButton()).closest('[role="status"]') as HTMLElement
    expect(notice).toHaveTextContent('The assistant changed the Impression.')
    expect(screen.getByText('Changed by the assistant: Impression')).toBeInTheDocument()

    await view.user.click(await undoButton())

    await waitFor(() => {
      expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    })
    expect(apiBackend.requestsTo('saveReport')[0]?.body).toEqual({
      sections: TYPED,
      cause: 'undo',
    })
    await waitFor(() => {
      expect(view.impression).toHaveValue('Acute calculous cholecystitis.\nNo perforation.')
    })
    // The undo is the newest revision now: nothing of the assistant's is left to undo.
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Undo assistant change' })).toBeNull()
    })
    expect(apiBackend.revisions.get('O1')?.map((revision) => revision.cause)).toEqual([
      'save',
      'assistant',
      'undo',
    ])
  })

  it('UA-1 Undo restores only the changed sections and keeps what the clinician typed since', async () => {
    givenSavedReport()
    const view = await renderReportEditor()
    await askAssistant(view, { impression: 'Recommend surgical consultation.' })
    await undoButton()

    await view.user.click(view.report)
    await view.user.keyboard('{Control>}{End}{/Control} Pericholecystic fluid.')
    await view.user.click(await undoButton())

    await waitFor(() => {
      expect(apiBackend.requestsTo('saveReport').at(-1)?.body).toEqual({
        sections: {
          ...TYPED,
          findings: `${TYPED.findings} Pericholecystic fluid.`,
        },
        cause: 'undo',
      })
    })
  })

  it('UA-1 a backend without a report history shows no notice and the report as it is', async () => {
    givenSavedReport()
    backendKeepsNoHistory()
    const view = await renderReportEditor()
    await askAssistant(view, { impression: 'Recommend surgical consultation.' })

    await waitFor(() => {
      expect(view.impression).toHaveValue('Recommend surgical consultation.')
    })
    expect(screen.queryByRole('button', { name: 'Undo assistant change' })).toBeNull()
  })
})

describe('the report history', () => {
  it('RH-1 lists every revision newest first with author, cause, sections changed and a word diff', async () => {
    givenSavedReport()
    const view = await renderReportEditor()
    await askAssistant(view, { impression: 'Recommend surgical consultation.' })
    await undoButton()

    await view.user.click(screen.getByRole('button', { name: 'Report history' }))

    const dialog = await screen.findByRole('dialog', { name: 'Report history' })
    const items = await within(dialog).findAllByRole('listitem')
    expect(items).toHaveLength(2)
    const [assistant, saved] = items as [HTMLElement, HTMLElement]
    expect(assistant).toHaveTextContent('AI Assistant · Assistant update')
    expect(assistant).toHaveTextContent('Changed: Impression')
    expect(within(assistant).getByText(/Acute calculous cholecystitis/, { selector: 'del' })).toBe(
      within(assistant).getByRole('deletion'),
    )
    expect(within(assistant).getByRole('insertion')).toHaveTextContent(
      'Recommend surgical consultation.',
    )
    expect(saved).toHaveTextContent('Dr Test · Saved')
    expect(saved).toHaveTextContent('Changed: History, Findings and Impression')
  })

  it('RH-2 Restore brings an earlier revision back and saves it as a new revision', async () => {
    givenSavedReport()
    const view = await renderReportEditor()
    await askAssistant(view, { impression: 'Recommend surgical consultation.' })
    await undoButton()

    await view.user.click(screen.getByRole('button', { name: 'Report history' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report history' })
    const items = await within(dialog).findAllByRole('listitem')
    // The newest revision is what the report holds: there is nothing to restore it to.
    expect(within(items[0]!).queryByRole('button', { name: 'Restore' })).toBeNull()
    await view.user.click(within(items[1]!).getByRole('button', { name: 'Restore' }))

    await waitFor(() => {
      expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    })
    expect(apiBackend.requestsTo('saveReport')[0]?.body).toEqual({
      sections: TYPED,
      cause: 'restore',
    })
    await waitFor(() => {
      expect(view.impression).toHaveValue(TYPED.impression)
    })
  })

  it('RH-2 a signed report shows its history without Restore', async () => {
    givenSavedReport()
    orderO1().report = buildReport({
      sections: TYPED,
      is_final: true,
      updated_at: '2025-03-04T15:00:00.000Z',
      finalized_at: '2025-03-04T15:00:00.000Z',
    })
    apiBackend.revisions.get('O1')?.push({
      id: 'R2',
      sections: TYPED,
      author: { kind: 'user', user_id: 'U-test', name: 'Dr Test' },
      cause: 'finalize',
      sections_changed: [],
      created_at: '2025-03-04T15:00:00.000Z',
    })
    const view = await renderReportEditor()

    await view.user.click(screen.getByRole('button', { name: 'Report history' }))

    const dialog = await screen.findByRole('dialog', { name: 'Report history' })
    const items = await within(dialog).findAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Dr Test · Signed')
    expect(within(dialog).queryByRole('button', { name: 'Restore' })).toBeNull()
  })

  it('RH-3 a backend without a report history says so, offers no Retry, and logs no error at each write', async () => {
    givenSavedReport()
    backendKeepsNoHistory()
    const view = await renderReportEditor()
    await askAssistant(view, { impression: 'Recommend surgical consultation.' })
    await waitFor(() => {
      expect(view.impression).toHaveValue('Recommend surgical consultation.')
    })

    await view.user.click(screen.getByRole('button', { name: 'Report history' }))

    const dialog = await screen.findByRole('dialog', { name: 'Report history' })
    expect(
      await within(dialog).findByText(
        'This server keeps no report history: only the saved report is shown.',
      ),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(view.deps.logger.events('error')).toEqual([])
    expect(view.deps.logger.events('info')).toContain('api/routeAbsent')
  })
})
