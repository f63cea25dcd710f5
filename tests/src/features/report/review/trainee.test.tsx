/**
 * RV-13..RV-16, RV-20: the report panel of a trainee (roles from GET /me), with the real store,
 * sagas and the in-memory /api/v1: 'Send for review' instead of 'Finalize' (asked first, sent
 * after the draft's save), the report read-only while it awaits review, the returned notice, and
 * a save the server refuses as awaiting review.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildReport, buildSections, FIXED_TIME } from '../../../../support/msw/data'
import { apiBackend, identityBackend } from '../../../../support/msw/server'
import { renderApp } from '../../../../support/render'
import {
  AWAITING_REVIEW_MESSAGE,
  awaitingReview,
  signedInAs,
} from '../../../../support/msw/teachingBackend'
import { renderReportEditor } from '../support'

const O1 = () => apiBackend.orders.find((order) => order.id === 'O1')!
const ATTENDING = { user_id: 'U-att', name: 'Dr Avery Attending' }

async function asTrainee() {
  signedInAs(apiBackend, ['trainee'], { name: 'Dr Tess Trainee' })
  const view = await renderReportEditor()
  await screen.findByRole('button', { name: 'Send for review' })
  return view
}

describe("a trainee's report", () => {
  it('RV-13 RV-14 offers Send for review, not Finalize: asked first, the draft saved, then sent; then read-only', async () => {
    const view = await asTrainee()
    expect(screen.queryByRole('button', { name: 'Finalize' })).toBeNull()
    await view.user.type(view.impression, 'No acute findings.')

    await view.user.click(screen.getByRole('button', { name: 'Send for review' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this report for review?' })
    await view.user.click(within(dialog).getByRole('button', { name: 'Send for review' }))

    await screen.findByText('Preliminary, awaiting review')
    expect(
      screen.getByText('Preliminary, awaiting review').closest('[role="status"]'),
    ).not.toBeNull()
    const routes = apiBackend.requests.map((request) => request.route)
    expect(routes.indexOf('saveReport')).toBeLessThan(routes.indexOf('sendForReview'))
    expect(apiBackend.requestsTo('sendForReview')[0]?.body).toEqual({})
    expect(O1().report?.sections.impression).toBe('No acute findings.')
    expect(view.report).toHaveAttribute('readonly')
    expect(view.impression).toHaveAttribute('readonly')
    // The question's own 'Send for review' leaves with the dialog's closing animation, which
    // a busy machine may still be playing when the notice shows.
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull()
    })
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Finalize' })).toBeNull()
  })

  it('RV-14 Cancel in the question sends nothing', async () => {
    const view = await asTrainee()
    await view.user.type(view.impression, 'Clear.')
    await view.user.click(screen.getByRole('button', { name: 'Send for review' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this report for review?' })
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull()
    })
    expect(apiBackend.requestsTo('sendForReview')).toHaveLength(0)
  })

  it('RV-15 Ctrl+Shift+F opens Send for review for a trainee', async () => {
    O1().report = buildReport({ sections: buildSections({ impression: 'Clear.' }) })
    signedInAs(apiBackend, ['trainee'])
    identityBackend.rememberSession('ada@example.org')
    const view = renderApp({ route: '/' })
    const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
    await view.user.click(within(worklist).getByRole('option', { name: /Lovelace, Ada/ }))
    const impression = await screen.findByRole('textbox', { name: 'Impression' })
    await screen.findByRole('button', { name: 'Send for review' })
    impression.focus()

    fireEvent.keyDown(impression, { key: 'F', code: 'KeyF', ctrlKey: true, shiftKey: true })

    expect(
      await screen.findByRole('alertdialog', { name: 'Send this report for review?' }),
    ).toBeInTheDocument()
  })

  it('RV-16 a returned report shows who returned it and why, and may be edited and sent again', async () => {
    const report = awaitingReview(O1(), { user_id: 'U-test', name: 'Dr Tess Trainee' })
    O1().report = {
      ...report,
      preliminary: {
        ...report.preliminary!,
        state: 'returned',
        returned: { by: ATTENDING, at: FIXED_TIME, comment: 'Measure the nodule.' },
      },
    }
    const view = await asTrainee()

    const notice = screen.getByText(`Returned by ${ATTENDING.name}: Measure the nodule.`)
    expect(notice.closest('[role="status"]')).not.toBeNull()
    expect(view.impression).not.toHaveAttribute('readonly')
  })

  it('RV-15 a report awaiting review opens read-only for its trainee, without Send for review', async () => {
    awaitingReview(O1(), { user_id: 'U-test', name: 'Dr Tess Trainee' })
    signedInAs(apiBackend, ['trainee'])
    const view = await renderReportEditor()

    await screen.findByText('Preliminary, awaiting review')
    expect(view.impression).toHaveAttribute('readonly')
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull()
  })

  it("RV-20 a save refused as awaiting review shows the server's words and keeps the text", async () => {
    O1().report = buildReport({ sections: buildSections({ impression: 'Draft.' }) })
    const view = await asTrainee()
    await view.user.type(view.impression, ' More.')
    // Sent for review from another tab before this one saved.
    awaitingReview(O1(), { user_id: 'U-test', name: 'Dr Tess Trainee' })
    await view.user.click(screen.getByRole('button', { name: 'Save' }))

    expect(
      await screen.findByText(`Your changes are not saved: ${AWAITING_REVIEW_MESSAGE}`),
    ).toBeInTheDocument()
    expect(view.impression).toHaveValue('Draft. More.')
  })
})
