/**
 * Priors beside the report (issue 18, PR-2, PR-3): the patient's other studies, newest first,
 * with their signed impressions; 'Use as comparison' writes the prior into COMPARISON as the
 * clinician's change, saved at once, and 'Undo comparison' takes it back in one click. With the
 * real store, the report saga and the in-memory /api/v1.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { routePattern } from '../../../../support/msw/apiBackend'
import { buildOrder, buildReport, buildSections } from '../../../../support/msw/data'
import { apiBackend, server } from '../../../../support/msw/server'
import { renderReportEditor } from '../support'

/** Two earlier studies of O1's patient: one signed, one not; and another patient's study. */
function givenPriors() {
  const o1 = apiBackend.orders.find((order) => order.id === 'O1')!
  o1.ordered_at = '2026-11-20T09:00:00.000Z'
  apiBackend.orders.push(
    buildOrder({
      id: 'P-old',
      patient: o1.patient,
      modality: 'CR',
      body_part: 'Chest',
      study_description: 'XR chest PA and lateral',
      accession_number: 'ACC-0900',
      ordered_at: '2026-03-02T10:00:00.000Z',
      report: buildReport({
        sections: buildSections({ impression: 'Clear lungs.' }),
        is_final: true,
        finalized_at: '2026-03-02T12:00:00.000Z',
      }),
    }),
    buildOrder({
      id: 'P-recent',
      patient: o1.patient,
      study_description: 'CT chest without contrast',
      accession_number: 'ACC-0950',
      ordered_at: '2026-09-15T10:00:00.000Z',
    }),
    buildOrder({ id: 'P-other', study_description: 'MRI knee', ordered_at: FIXED_LATER }),
  )
}
const FIXED_LATER = '2026-10-01T10:00:00.000Z'

const savedComparisons = () =>
  apiBackend
    .requestsTo('saveReport')
    .map((request) => (request.body as { sections: { comparison: string } }).sections.comparison)

describe('priors beside the report', () => {
  it("PR-2 lists the patient's other studies newest first, with date, modality and the signed impression", async () => {
    givenPriors()
    await renderReportEditor()

    const priors = await screen.findByRole('region', { name: 'Priors' })
    await within(priors).findByText('CT chest without contrast')
    const items = within(priors).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('CT chest without contrast'),
      expect.stringContaining('XR chest PA and lateral'),
    ])
    expect(items[0]).toHaveTextContent('No signed impression.')
    expect(items[1]).toHaveTextContent('2026-03-02 · CR · ACC-0900')
    expect(items[1]).toHaveTextContent('Impression: Clear lungs.')
    expect(within(priors).queryByText('MRI knee')).not.toBeInTheDocument()
  })

  it('PR-3 Use as comparison writes the prior into COMPARISON and saves it; Undo comparison takes it back', async () => {
    givenPriors()
    const view = await renderReportEditor()
    const priors = await screen.findByRole('region', { name: 'Priors' })
    const [recent] = await within(priors).findAllByRole('listitem')

    await view.user.click(within(recent!).getByRole('button', { name: 'Use as comparison' }))

    expect(view.report.value).toContain('COMPARISON:\nCT chest without contrast, 2026-09-15.')
    await waitFor(() => {
      expect(savedComparisons()).toEqual(['CT chest without contrast, 2026-09-15.'])
    })
    expect(
      screen.getByText(/Comparison written from the prior CT chest without contrast/),
    ).toBeVisible()

    await view.user.click(screen.getByRole('button', { name: 'Undo comparison' }))

    expect(view.report.value).not.toContain('CT chest without contrast')
    await waitFor(() => {
      expect(savedComparisons()).toEqual(['CT chest without contrast, 2026-09-15.', ''])
    })
    expect(screen.queryByRole('button', { name: 'Undo comparison' })).not.toBeInTheDocument()
  })

  it('PR-3 a second prior joins the first on a line of its own; None. is replaced', async () => {
    givenPriors()
    const o1 = apiBackend.orders.find((order) => order.id === 'O1')!
    o1.report = buildReport({ sections: buildSections({ comparison: 'None.' }) })
    const view = await renderReportEditor()
    const priors = await screen.findByRole('region', { name: 'Priors' })
    const [recent, old] = await within(priors).findAllByRole('listitem')

    await view.user.click(within(recent!).getByRole('button', { name: 'Use as comparison' }))
    await view.user.click(within(old!).getByRole('button', { name: 'Use as comparison' }))

    expect(view.report.value).toContain(
      'COMPARISON:\nCT chest without contrast, 2026-09-15.\nXR chest PA and lateral, 2026-03-02.\n',
    )
  })

  it('PR-2 a backend without a priors route: the priors come from its worklist', async () => {
    givenPriors()
    server.use(
      http.get(routePattern('listPriors'), () =>
        HttpResponse.json({ error: 'not_found' }, { status: 404, statusText: 'Not Found' }),
      ),
    )
    await renderReportEditor()

    const priors = await screen.findByRole('region', { name: 'Priors' })
    const items = await within(priors).findAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('CT chest without contrast'),
      expect.stringContaining('Impression: Clear lungs.'),
    ])
  })

  it('PR-2 a signed report offers no Use as comparison', async () => {
    givenPriors()
    const o1 = apiBackend.orders.find((order) => order.id === 'O1')!
    o1.report = buildReport({ is_final: true, finalized_at: FIXED_LATER })
    await renderReportEditor()

    const priors = await screen.findByRole('region', { name: 'Priors' })
    await within(priors).findByText('CT chest without contrast')
    expect(within(priors).queryByRole('button', { name: 'Use as comparison' })).toBeNull()
  })
})
