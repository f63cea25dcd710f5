/**
 * The Finalize dialog's follow-up recommendations, with the real store, sagas and MSW: what the
 * pre-sign check found is listed checked for the signer to confirm, correct, add to or uncheck,
 * and the signature sends exactly the checked ones; a check that did not say sends nothing, so
 * the server finds them itself.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FollowUpProposal } from '../../../../../contract'
import { apiBackend } from '../../../../support/msw/server'
import { confirmOf, FINALIZED, giveO1Report, openFinalize } from './finalizeSupport'
import { renderReportEditor } from '../support'

const NODULE: FollowUpProposal = {
  modality: 'CT',
  body_part: 'chest',
  due_from: '2027-02-13',
  due_to: '2027-04-13',
  reason: 'pulmonary nodule',
  text: 'Recommend CT chest in 3 months.',
}
const THYROID: FollowUpProposal = {
  modality: 'US',
  body_part: 'thyroid',
  due_from: '2027-05-01',
  due_to: '2027-11-01',
  reason: 'thyroid nodule',
  text: 'Thyroid ultrasound in 6 to 12 months.',
}
const NODULE_LABEL = 'CT chest, due 2027-02-13 to 2027-04-13'

const groupOf = (dialog: HTMLElement) =>
  within(dialog).getByRole('group', { name: 'Follow-up recommendations' })
const finalizeBody = () => apiBackend.requestsTo('finalizeReport')[0]?.body

async function openWith(proposals: FollowUpProposal[] | null) {
  giveO1Report()
  apiBackend.followUps.proposals = proposals
  const view = await renderReportEditor()
  const dialog = await openFinalize(view)
  return { view, dialog }
}

describe('the Finalize dialog: follow-up recommendations', () => {
  it('FU-25 the recommendations the check found are listed checked, each with its exam and window, its reason and sentence beneath; Finalize keeps the focus', async () => {
    const { dialog } = await openWith([NODULE, THYROID])

    const group = groupOf(dialog)
    const boxes = within(group).getAllByRole('checkbox')
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      NODULE_LABEL,
      'US thyroid, due 2027-05-01 to 2027-11-01',
    ])
    for (const box of boxes) expect(box).toBeChecked()
    expect(within(group).getByText('pulmonary nodule')).toBeInTheDocument()
    expect(within(group).getByText('“Recommend CT chest in 3 months.”')).toBeInTheDocument()
    expect(confirmOf(dialog)).toHaveFocus()
  })

  it('FU-26 Finalize sends the checked follow-ups: one unchecked is left out, all unchecked sends none', async () => {
    const { view, dialog } = await openWith([NODULE, THYROID])
    await view.user.click(within(groupOf(dialog)).getByLabelText(/^US thyroid/))
    await view.user.click(confirmOf(dialog))
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(finalizeBody()).toEqual({
      follow_ups: [
        {
          modality: 'CT',
          body_part: 'chest',
          due_from: '2027-02-13',
          due_to: '2027-04-13',
          reason: 'pulmonary nodule',
          text: 'Recommend CT chest in 3 months.',
        },
      ],
    })
    expect(apiBackend.followUps.items.map((item) => item.body_part)).toEqual(['chest'])
  })

  it('FU-26 a signer who unchecks every follow-up signs with an empty list', async () => {
    const { view, dialog } = await openWith([NODULE])
    await view.user.click(within(groupOf(dialog)).getByLabelText(NODULE_LABEL))
    await view.user.click(confirmOf(dialog))
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(finalizeBody()).toEqual({ follow_ups: [] })
    expect(apiBackend.followUps.items).toEqual([])
  })

  it('FU-27 a check that says nothing of follow-ups (a backend without them) shows no list, and the signature leaves them to the server', async () => {
    const { view, dialog } = await openWith(null)
    expect(
      within(dialog).queryByRole('group', { name: 'Follow-up recommendations' }),
    ).not.toBeInTheDocument()
    await view.user.click(confirmOf(dialog))
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(finalizeBody()).toBeNull()
  })

  it('FU-28 Edit opens the fields in place, refuses a missing body part and a window out of order, and the corrected follow-up is signed', async () => {
    const { view, dialog } = await openWith([NODULE])
    const group = groupOf(dialog)
    await view.user.click(within(group).getByRole('button', { name: 'Edit' }))
    const modality = within(group).getByRole('textbox', { name: 'Modality' })
    expect(modality).toHaveFocus()

    const bodyPart = within(group).getByRole('textbox', { name: 'Body part' })
    await view.user.clear(bodyPart)
    expect(within(group).getByText('Enter the body part.')).toBeInTheDocument()
    expect(confirmOf(dialog)).toBeDisabled()
    await view.user.type(bodyPart, 'abdomen')
    await view.user.clear(modality)
    await view.user.type(modality, 'MR')
    const dueTo = within(group).getByLabelText('Due to')
    await view.user.clear(dueTo)
    await view.user.type(dueTo, '2027-01-01')
    expect(within(group).getByText('Due to must not be before Due from.')).toBeInTheDocument()
    expect(confirmOf(dialog)).toBeDisabled()
    await view.user.clear(dueTo)
    await view.user.type(dueTo, '2027-06-30')
    await view.user.clear(within(group).getByRole('textbox', { name: 'Reason' }))
    await view.user.type(within(group).getByRole('textbox', { name: 'Reason' }), 'adrenal')
    await view.user.click(within(group).getByRole('button', { name: 'Done' }))

    expect(within(group).getByRole('button', { name: 'Edit' })).toHaveFocus()
    expect(within(group).getByLabelText('MR abdomen, due 2027-02-13 to 2027-06-30')).toBeChecked()
    await view.user.click(confirmOf(dialog))
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(finalizeBody()).toEqual({
      follow_ups: [
        {
          modality: 'MR',
          body_part: 'abdomen',
          due_from: '2027-02-13',
          due_to: '2027-06-30',
          reason: 'adrenal',
          text: 'Recommend CT chest in 3 months.',
        },
      ],
    })
  })

  it('FU-29 none found says so; Add follow-up adds one to fill, its Modality focused, and Finalize waits until it is filled', async () => {
    const { view, dialog } = await openWith([])
    const group = groupOf(dialog)
    expect(within(group).getByText('No follow-up recommendations found.')).toBeInTheDocument()

    await view.user.click(within(group).getByRole('button', { name: 'Add follow-up' }))
    expect(within(group).getByRole('textbox', { name: 'Modality' })).toHaveFocus()
    expect(confirmOf(dialog)).toBeDisabled()
    await view.user.keyboard('US')
    await view.user.type(within(group).getByRole('textbox', { name: 'Body part' }), 'kidney')
    await view.user.type(within(group).getByLabelText('Due from'), '2027-03-01')
    await view.user.type(within(group).getByLabelText('Due to'), '2027-04-01')
    expect(confirmOf(dialog)).toBeEnabled()
    await view.user.click(confirmOf(dialog))

    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(finalizeBody()).toEqual({
      follow_ups: [
        {
          modality: 'US',
          body_part: 'kidney',
          due_from: '2027-03-01',
          due_to: '2027-04-01',
          reason: '',
        },
      ],
    })
  })
})
