/**
 * RV-17..RV-19: the report panel of a radiologist on a trainee's report awaiting review, with the
 * real store, sagas and the in-memory /api/v1: who sent it, the word difference of the attending's
 * edits from it, 'Return to trainee' with a comment, and the co-signed report naming both.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildReport, buildSections, FIXED_TIME } from '../../../../support/msw/data'
import { apiBackend } from '../../../../support/msw/server'
import { awaitingReview, signedInAs } from '../../../../support/msw/teachingBackend'
import { renderReportEditor } from '../support'

const O1 = () => apiBackend.orders.find((order) => order.id === 'O1')!
const TRAINEE = { user_id: 'U-tess', name: 'Dr Tess Trainee' }
const SENT = buildSections({ findings: 'Lungs are clear.', impression: 'No acute abnormality.' })

async function asAttending() {
  awaitingReview(O1(), TRAINEE, SENT)
  signedInAs(apiBackend, ['radiologist'], { name: 'Dr Avery Attending' })
  const view = await renderReportEditor()
  await screen.findByText(`Preliminary by ${TRAINEE.name}, awaiting review`)
  return view
}

describe("an attending on a trainee's report", () => {
  it('RV-17 RV-18 names the trainee, shows no change at first, then the words the attending changed', async () => {
    const view = await asAttending()
    const changes = await screen.findByRole('region', {
      name: 'Changes from the preliminary report',
    })
    expect(within(changes).getByText('No changes from the preliminary report.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Finalize' })).toBeEnabled()

    await view.user.clear(view.impression)
    await view.user.type(view.impression, 'No acute process.')

    await waitFor(() => {
      expect(within(changes).getByRole('insertion')).toHaveTextContent('process.')
    })
    expect(within(changes).getByRole('deletion')).toHaveTextContent('abnormality.')
    // For a screen reader, each change says what it is.
    expect(within(changes).getByRole('insertion')).toHaveTextContent(/^added: /)
    expect(within(changes).getByText('Impression')).toBeInTheDocument()
  })

  it('RV-19 Return to trainee asks for a comment, sends it and leaves the report returned', async () => {
    const view = await asAttending()
    await view.user.click(screen.getByRole('button', { name: 'Return to trainee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Return to trainee' })
    const confirm = within(dialog).getByRole('button', { name: 'Return to trainee' })
    expect(confirm).toBeDisabled()
    const comment = within(dialog).getByRole('textbox', { name: 'Comment for the trainee' })
    await waitFor(() => {
      expect(comment).toHaveFocus()
    })
    await view.user.type(comment, '   ')
    expect(confirm).toBeDisabled()
    await view.user.type(comment, 'Measure the nodule.')
    await view.user.click(confirm)

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull()
    })
    expect(apiBackend.requestsTo('returnToTrainee')[0]?.body).toEqual({
      comment: 'Measure the nodule.',
    })
    expect(O1().report?.preliminary?.state).toBe('returned')
    await waitFor(() => {
      expect(screen.queryByText(`Preliminary by ${TRAINEE.name}, awaiting review`)).toBeNull()
    })
  })

  it('RV-19 Finalize co-signs: the signed report names the trainee and the attending', async () => {
    O1().report = buildReport({
      sections: SENT,
      is_final: true,
      finalized_at: FIXED_TIME,
      finalized_by: { user_id: 'U-att', name: 'Dr Avery Attending' },
      preliminary: {
        state: 'signed',
        by: TRAINEE,
        at: FIXED_TIME,
        sections: SENT,
        returned: null,
      },
    })
    signedInAs(apiBackend, ['radiologist'])
    await renderReportEditor()

    expect(
      await screen.findByText(/^Preliminary by Dr Tess Trainee; signed by Dr Avery Attending/),
    ).toBeInTheDocument()
  })

  it("RV-17 a radiologist's own report without a preliminary read shows no review", async () => {
    signedInAs(apiBackend, ['radiologist'])
    await renderReportEditor()
    await screen.findByRole('button', { name: 'Finalize' })

    expect(screen.queryByRole('button', { name: 'Return to trainee' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Changes from the preliminary report' })).toBeNull()
  })
})
