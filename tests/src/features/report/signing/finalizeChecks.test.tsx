/**
 * The Finalize dialog's pre-sign check (issue 18), with the real store, sagas and MSW: the check
 * runs as Finalize is pressed, on the editor's text; blocking issues come first; a block is
 * signed over only with a reason; a check that cannot run stops nothing; the server's refusal of
 * unfilled fields is shown and the text kept. Critical results: criticalResults.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { UNFILLED_FIELDS_ERROR } from '../../../../../contract'
import { FINALIZE_QUESTION } from '../../../../../src/features/report'
import { routePattern } from '../../../../support/msw/apiBackend'
import { apiBackend, server } from '../../../../support/msw/server'
import {
  checkAnswers,
  confirmOf,
  FINALIZED,
  giveO1Report,
  issue,
  LATERALITY,
  openFinalize,
  SECTIONS,
} from './finalizeSupport'
import { renderReportEditor } from '../support'

describe('the Finalize dialog: pre-sign checks', () => {
  it('QA-16 Finalize runs the check on the editor’s text and lists blocking issues first, each with its message and excerpt, under the spec’s question', async () => {
    giveO1Report()
    const checks = checkAnswers([issue({}), LATERALITY])
    const view = await renderReportEditor()
    await view.user.type(view.impression, ' Unsaved.')

    const dialog = await openFinalize(view)

    expect(within(dialog).getByText(FINALIZE_QUESTION)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    expect(checks).toEqual([
      {
        sections: { ...SECTIONS, impression: 'Acute pulmonary embolism. Unsaved.' },
      },
    ])
    const items = within(within(dialog).getByRole('list', { name: 'Pre-sign check issues' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual([
      'Must fixRight side named in a left-sided study.“right lower lobe”',
      'WarningRepeated word: "the".“the the artery”',
    ])
  })

  it('QA-17 a blocking issue keeps Finalize disabled until Override is chosen with a reason, which goes with the signature', async () => {
    giveO1Report()
    checkAnswers([LATERALITY])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)
    expect(confirmOf(dialog)).toBeDisabled()

    await view.user.click(within(dialog).getByLabelText('Override'))
    const reason = within(dialog).getByLabelText(/Override reason/)
    expect(confirmOf(dialog)).toBeDisabled()
    await view.user.type(reason, '   ')
    expect(confirmOf(dialog)).toBeDisabled()
    await view.user.type(reason, 'Order placed for the wrong side; confirmed with the RIS.')
    expect(confirmOf(dialog)).toBeEnabled()
    await view.user.click(confirmOf(dialog))

    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(apiBackend.requestsTo('finalizeReport')[0]?.body).toEqual({
      qa_override: {
        reason: 'Order placed for the wrong side; confirmed with the RIS.',
        codes: ['laterality'],
      },
    })
  })

  it('QA-22 a report signed over a blocking issue shows, under its signature, what it was signed over and why', async () => {
    giveO1Report()
    checkAnswers([LATERALITY])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)
    await view.user.click(within(dialog).getByLabelText('Override'))
    await view.user.type(within(dialog).getByLabelText(/Override reason/), 'Wrong side ordered.')
    await view.user.click(confirmOf(dialog))

    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    const signedOver = 'Signed over the pre-sign check (laterality): Wrong side ordered.'
    expect(screen.getByText(signedOver)).toBeInTheDocument()

    // The report's history says it too, on the signature's revision.
    await view.user.click(screen.getByRole('button', { name: 'Report history' }))
    const history = await screen.findByRole('dialog', { name: 'Report history' })
    const [signature] = await within(history).findAllByRole('listitem')
    expect(signature).toHaveTextContent('Signed')
    expect(within(signature!).getByText(signedOver)).toBeInTheDocument()
  })

  it('QA-18 warnings alone do not stop the signature, and nothing but the spec’s bodiless call is sent', async () => {
    giveO1Report()
    checkAnswers([issue({})])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)

    expect(within(dialog).queryByLabelText('Override')).not.toBeInTheDocument()
    await view.user.click(confirmOf(dialog))

    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(apiBackend.requestsTo('finalizeReport')[0]?.body).toBeNull()
  })

  it('QA-19 a check that cannot run (404 of a spec backend, a network failure) says so and lets the clinician sign', async () => {
    giveO1Report()
    server.use(
      http.post(routePattern('checkReport'), () =>
        HttpResponse.json({ error: 'not_found', message: 'no route' }, { status: 404 }),
      ),
    )
    const view = await renderReportEditor()
    let dialog = await openFinalize(view)
    expect(within(dialog).getByText(/The pre-sign checks could not run/)).toBeInTheDocument()
    expect(confirmOf(dialog)).toBeEnabled()
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })

    server.use(http.post(routePattern('checkReport'), () => HttpResponse.error()))
    dialog = await openFinalize(view)
    expect(within(dialog).getByText(/The pre-sign checks could not run/)).toBeInTheDocument()
    await view.user.click(confirmOf(dialog))
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
  })

  it('QA-20 the server’s refusal of unfilled fields (409 unfilled_fields) is shown and the text kept', async () => {
    giveO1Report()
    server.use(
      http.post(routePattern('finalizeReport'), () =>
        HttpResponse.json(
          {
            error: UNFILLED_FIELDS_ERROR,
            message:
              'The report holds 2 [bracketed fields] of its template still to fill in; it was not finalized.',
            count: 2,
          },
          { status: 409 },
        ),
      ),
    )
    const view = await renderReportEditor()
    await view.user.type(view.impression, ' Kept.')
    const dialog = await openFinalize(view)
    await view.user.click(confirmOf(dialog))

    expect(
      await screen.findByText(/The report holds 2 \[bracketed fields\] of its template/),
    ).toBeInTheDocument()
    expect(screen.queryByText(FINALIZED)).not.toBeInTheDocument()
    expect(view.impression).toHaveValue('Acute pulmonary embolism. Kept.')
    expect(view.impression).not.toHaveAttribute('readonly')
  })

  it('QA-21 a report with no issue says so, and a new check after a change starts without the earlier override', async () => {
    giveO1Report()
    checkAnswers([LATERALITY])
    const view = await renderReportEditor()
    let dialog = await openFinalize(view)
    await view.user.click(within(dialog).getByLabelText('Override'))
    await view.user.type(within(dialog).getByLabelText(/Override reason/), 'Because.')
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })

    checkAnswers([])
    await view.user.type(view.impression, ' Fixed.')
    dialog = await openFinalize(view)
    expect(within(dialog).getByText('The pre-sign checks found no issue.')).toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Override')).not.toBeInTheDocument()
    expect(confirmOf(dialog)).toBeEnabled()
  })
})
