/**
 * SG-3: signing from the keyboard. The Finalize dialog puts the focus on 'Finalize' once the
 * check finds nothing in the way, so Ctrl+Shift+F then Enter signs; while the check runs Enter
 * signs nothing; when something is in the way the focus is where the clinician must act.
 * CR-24: the critical result form's examples, and what a disabled 'Record communication' waits
 * for. With the real store, sagas and the in-memory /api/v1.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { routePattern } from '../../../../support/msw/apiBackend'
import { apiBackend, identityBackend, server } from '../../../../support/msw/server'
import { renderApp } from '../../../../support/render'
import {
  CRITICAL,
  checkAnswers,
  confirmOf,
  FINALIZED,
  giveO1Report,
  issue,
  LATERALITY,
  openFinalize,
} from './finalizeSupport'
import { renderReportEditor } from '../support'

const CTRL_SHIFT_F = { key: 'F', code: 'KeyF', ctrlKey: true, shiftKey: true }

/** The check's answer waits until `answer` is called. */
function checkAnswersLater() {
  let answer: () => void = () => undefined
  const answered = new Promise<void>((resolve) => {
    answer = resolve
  })
  server.use(
    http.post(routePattern('checkReport'), async () => {
      await answered
      return HttpResponse.json({ issues: [] })
    }),
  )
  return answer
}

describe('the Finalize dialog: signing from the keyboard', () => {
  it('SG-3 when nothing blocks, Ctrl+Shift+F then Enter signs: the dialog focuses Finalize', async () => {
    giveO1Report()
    checkAnswers([issue({})])
    identityBackend.rememberSession('ada@example.org')
    const view = renderApp({ route: '/' })
    const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
    await view.user.click(within(worklist).getByRole('option', { name: /Lovelace, Ada/ }))
    const impression = await screen.findByRole('textbox', { name: 'Impression' })
    impression.focus()

    fireEvent.keyDown(impression, CTRL_SHIFT_F)

    const dialog = await screen.findByRole('alertdialog', { name: 'Finalize report' })
    await waitFor(() => {
      expect(confirmOf(dialog)).toHaveFocus()
    })
    await view.user.keyboard('{Enter}')
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(apiBackend.requestsTo('finalizeReport')).toHaveLength(1)
  })

  it('SG-3 while the check runs the focus is on its status, where Enter signs nothing', async () => {
    giveO1Report()
    const answer = checkAnswersLater()
    const view = await renderReportEditor()
    await view.user.click(screen.getByRole('button', { name: 'Finalize' }))
    const dialog = await screen.findByRole('alertdialog')
    const checking = within(dialog).getByText('Checking the report…')
    await waitFor(() => {
      expect(checking).toHaveFocus()
    })

    await view.user.keyboard('{Enter}')
    expect(screen.getByRole('alertdialog')).toBeInTheDocument()
    expect(apiBackend.requestsTo('finalizeReport')).toHaveLength(0)

    answer()
    await waitFor(() => {
      expect(confirmOf(dialog)).toHaveFocus()
    })
  })

  it('SG-3 a blocking issue puts the focus on Override; a reason being typed keeps it', async () => {
    giveO1Report()
    checkAnswers([LATERALITY])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)

    const override = within(dialog).getByLabelText('Override')
    await waitFor(() => {
      expect(override).toHaveFocus()
    })
    await view.user.keyboard(' ')
    const reason = within(dialog).getByLabelText(/Override reason/)
    await view.user.click(reason)
    await view.user.keyboard('Wrong side ordered.')
    expect(confirmOf(dialog)).toBeEnabled()
    expect(reason).toHaveFocus()
  })

  it('SG-3 a critical finding puts the focus on Recipient; once recorded, on Finalize, and Enter signs', async () => {
    giveO1Report()
    checkAnswers([CRITICAL])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)
    const form = within(dialog).getByRole('group', { name: 'Critical result communication' })

    await waitFor(() => {
      expect(within(form).getByLabelText(/Recipient/)).toHaveFocus()
    })
    await view.user.keyboard('Dr Omar Reyes')
    await view.user.type(within(form).getByLabelText(/Role/), 'ED attending')
    await view.user.click(within(form).getByRole('button', { name: 'Record communication' }))

    await waitFor(() => {
      expect(confirmOf(dialog)).toHaveFocus()
    })
    await view.user.keyboard('{Enter}')
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
  })
})

describe('the critical result form', () => {
  it('CR-24 placeholders read as examples; a disabled Record communication says what it waits for', async () => {
    giveO1Report()
    checkAnswers([CRITICAL])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)
    const form = within(dialog).getByRole('group', { name: 'Critical result communication' })
    const recipient = within(form).getByLabelText(/Recipient/)
    const role = within(form).getByLabelText(/Role/)
    expect(role).toHaveAttribute('placeholder', 'e.g. ED attending')
    expect(recipient).toHaveAttribute('placeholder', 'e.g. Dr Jane Smith')
    const record = () => within(form).getByRole('button', { name: 'Record communication' })

    expect(record()).toBeDisabled()
    expect(record()).toHaveAccessibleDescription(
      'Fill in Recipient and Role to record the communication.',
    )
    expect(
      within(form).getByText('Fill in Recipient and Role to record the communication.'),
    ).toBeVisible()

    await view.user.type(recipient, 'Dr Omar Reyes')
    expect(record()).toHaveAccessibleDescription('Fill in Role to record the communication.')

    const at = within(form).getByLabelText(/Communicated at/)
    fireEvent.change(at, { target: { value: '2999-01-01T10:00' } })
    expect(record()).toHaveAccessibleDescription(
      'Fill in Role and correct the time communicated to record the communication.',
    )

    await view.user.type(role, 'ED attending')
    fireEvent.change(at, { target: { value: '2020-01-01T10:00' } })
    expect(record()).toBeEnabled()
    expect(record()).not.toHaveAccessibleDescription()
    expect(within(form).queryByText(/to record the communication\.$/)).not.toBeInTheDocument()
  })
})
