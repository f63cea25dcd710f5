/**
 * 'Draft impression' in the report editor (issue 18), with the real store, the report saga and
 * the in-memory /api/v1: the button needs Findings (IMP-10); the draft is a suggestion to edit,
 * accept or discard, and nothing is written before 'Accept' (IMP-11, IMP-13); accepting is an edit
 * of the draft, undone in one click (IMP-12); a server without the route, or whose model fails,
 * says so (IMP-14).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ReportSections } from '../../../../../contract'
import { buildReport, buildSections } from '../../../../support/msw/data'
import { routePattern } from '../../../../support/msw/apiBackend'
import { apiBackend, server } from '../../../../support/msw/server'
import { renderReportEditor, type EditorView } from '../support'

function givenReport(sections: Partial<ReportSections>, isFinal = false) {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  order.report = buildReport({ sections: buildSections(sections), is_final: isFinal })
}

const FINDINGS =
  'Small left pleural effusion. No pneumothorax. 6 mm nodule in the right upper lobe.'
const DRAFT = '1. Small left pleural effusion.\n2. 6 mm nodule in the right upper lobe.'

const draftButton = () => screen.getByRole('button', { name: 'Draft impression' })

async function askForDraft(view: EditorView) {
  await view.user.click(draftButton())
  const region = await screen.findByRole('region', { name: 'Impression draft' })
  return {
    region,
    draft: within(region).getByRole<HTMLTextAreaElement>('textbox', { name: 'Draft' }),
  }
}

describe('Draft impression', () => {
  it('IMP-10 is off while the Findings are empty, on once they hold text (unsaved), and absent from a final report', async () => {
    givenReport({ history: 'Cough.' })
    const view = await renderReportEditor()
    expect(draftButton()).toBeDisabled()

    await view.user.click(view.report)
    await view.user.keyboard('{Control>}{End}{/Control}\nSmall effusion.')
    await waitFor(() => {
      expect(draftButton()).toBeEnabled()
    })
    view.unmount()

    givenReport({ findings: FINDINGS, impression: 'Effusion.' }, true)
    await renderReportEditor()
    expect(screen.queryByRole('button', { name: 'Draft impression' })).not.toBeInTheDocument()
  })

  it('IMP-11 asks with the editor’s sections and shows the draft as a suggestion; nothing is written into the report', async () => {
    givenReport({ findings: FINDINGS })
    const view = await renderReportEditor()

    const { draft } = await askForDraft(view)

    expect(draft).toHaveValue(DRAFT)
    const [asked] = apiBackend.requestsTo('draftImpression')
    expect(asked?.path).toBe('/api/v1/orders/O1/report/impression-draft')
    expect(asked?.body).toEqual({ sections: buildSections({ findings: FINDINGS }) })
    expect(screen.getByText('Your positive Findings sentences, in your words.')).toBeVisible()
    expect(view.impression).toHaveValue('')
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
  })

  it('IMP-12 Accept writes the edited draft into an empty Impression as an edit that is saved; Undo impression draft takes it out in one click', async () => {
    givenReport({ findings: FINDINGS })
    const view = await renderReportEditor()
    const { draft } = await askForDraft(view)

    await view.user.clear(draft)
    await view.user.type(draft, 'Small left pleural effusion.')
    await view.user.click(screen.getByRole('button', { name: 'Accept' }))

    expect(view.impression).toHaveValue('Small left pleural effusion.')
    expect(screen.queryByRole('region', { name: 'Impression draft' })).not.toBeInTheDocument()
    await view.user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => {
      expect(apiBackend.requestsTo('saveReport').at(-1)?.body).toMatchObject({
        sections: { findings: FINDINGS, impression: 'Small left pleural effusion.' },
      })
    })

    await view.user.click(screen.getByRole('button', { name: 'Undo impression draft' }))
    expect(view.impression).toHaveValue('')
    expect(screen.queryByRole('button', { name: 'Undo impression draft' })).not.toBeInTheDocument()
    expect(view.report.value).toContain(`FINDINGS:\n${FINDINGS}`)
  })

  it('IMP-12 an Impression that holds text keeps it: the draft goes below, and Undo brings the clinician’s text back alone', async () => {
    givenReport({ findings: FINDINGS, impression: 'Stable chest.' })
    const view = await renderReportEditor()
    await askForDraft(view)

    await view.user.click(screen.getByRole('button', { name: 'Accept' }))

    expect(view.impression).toHaveValue(`Stable chest.\n\n${DRAFT}`)
    await view.user.click(screen.getByRole('button', { name: 'Undo impression draft' }))
    expect(view.impression).toHaveValue('Stable chest.')
  })

  it('IMP-13 Discard closes the suggestion and writes nothing', async () => {
    givenReport({ findings: FINDINGS, impression: 'Stable chest.' })
    const view = await renderReportEditor()
    await askForDraft(view)

    await view.user.click(screen.getByRole('button', { name: 'Discard' }))

    expect(screen.queryByRole('region', { name: 'Impression draft' })).not.toBeInTheDocument()
    expect(view.impression).toHaveValue('Stable chest.')
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
    expect(draftButton()).toBeEnabled()
  })

  it('IMP-14 a server without the route (404) says drafting is not available there, and the button stays off', async () => {
    server.use(
      http.post(routePattern('draftImpression'), () =>
        HttpResponse.json({ error: 'not_found', message: 'No such API route.' }, { status: 404 }),
      ),
    )
    givenReport({ findings: FINDINGS })
    const view = await renderReportEditor()

    await view.user.click(draftButton())

    expect(
      await screen.findByText('Drafting an impression is not available on this server.'),
    ).toBeVisible()
    expect(draftButton()).toBeDisabled()
    expect(screen.queryByRole('region', { name: 'Impression draft' })).not.toBeInTheDocument()
  })

  it('IMP-14 a model that fails (502) says so; an empty draft says there is nothing positive to draft from', async () => {
    server.use(
      http.post(
        routePattern('draftImpression'),
        () =>
          HttpResponse.json(
            { error: 'draft_unavailable', message: 'The model could not draft an impression.' },
            { status: 502 },
          ),
        { once: true },
      ),
    )
    givenReport({ findings: 'No pneumothorax.' })
    const view = await renderReportEditor()

    await view.user.click(draftButton())
    expect(
      await screen.findByText(
        'The impression could not be drafted just now. Try again, or write it yourself.',
      ),
    ).toBeVisible()
    expect(draftButton()).toBeEnabled()

    await view.user.click(draftButton())
    expect(
      await screen.findByText('Nothing positive in the Findings to draft an impression from.'),
    ).toBeVisible()
    expect(view.impression).toHaveValue('')
  })
})
