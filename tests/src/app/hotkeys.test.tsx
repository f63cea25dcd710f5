/**
 * HK-1..HK-14: the study view's keyboard shortcuts, in the whole workspace with the real store,
 * the sagas and the in-memory /api/v1: each key does what its button does, wherever the focus is
 * in the study view, and never takes a key a text field or a select needs.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ReportSections } from '../../../contract'
import { buildReport, buildSections } from '../../support/msw/data'
import { apiBackend, identityBackend } from '../../support/msw/server'
import { renderApp, type RenderAppResult } from '../../support/render'

const FINALIZE_QUESTION =
  'Are you sure you want to finalize this report? This action cannot be undone.'

function orderO1() {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  return order
}

function giveO1Report(sections: Partial<ReportSections>) {
  orderO1().report = buildReport({
    sections: buildSections(sections),
    updated_at: '2025-03-04T14:00:00.000Z',
  })
}

/** The workspace with O1 (Ada Lovelace) open, its editor beside the chat. */
async function openStudy(): Promise<RenderAppResult> {
  identityBackend.rememberSession('ada@example.org')
  const view = renderApp({ route: '/' })
  const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
  await view.user.click(within(worklist).getByRole('option', { name: /Lovelace, Ada/ }))
  await screen.findByRole('textbox', { name: 'Impression' })
  await screen.findByRole('textbox', { name: 'Message' })
  return view
}

const editor = () => screen.queryByRole('region', { name: 'Report editor' })
const messageBox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' })
const reportArea = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Report' })
const impressionArea = () =>
  screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Impression' })

/** A key press as the browser sends it; false when the page kept it from the browser. */
function press(target: Element, init: KeyboardEventInit): boolean {
  return fireEvent.keyDown(target, init)
}

const CTRL_S = { key: 's', code: 'KeyS', ctrlKey: true }
const CTRL_SHIFT_F = { key: 'F', code: 'KeyF', ctrlKey: true, shiftKey: true }
const F4 = { key: 'F4', code: 'F4' }
const ALT_I = { key: 'i', code: 'KeyI', altKey: true }
const ALT_R = { key: 'r', code: 'KeyR', altKey: true }
const ALT_U = { key: 'u', code: 'KeyU', altKey: true }
const QUESTION = { key: '?', code: 'Slash', shiftKey: true }

describe('the study view’s shortcuts', () => {
  it('HK-1 Ctrl+S saves the report from anywhere in the study view, the chat’s box too', async () => {
    const view = await openStudy()
    await view.user.type(impressionArea(), 'No acute abnormality.')
    messageBox().focus()

    expect(press(messageBox(), CTRL_S)).toBe(false)

    await waitFor(() => {
      expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    })
    expect(apiBackend.requestsTo('saveReport')[0]?.body).toMatchObject({
      sections: { impression: 'No acute abnormality.' },
    })
    expect(await screen.findByText(/^Saved/)).toBeInTheDocument()
  })

  it('HK-2 Ctrl+S (and Cmd+S) work inside the report’s text areas, which it types nothing into', async () => {
    const view = await openStudy()
    await view.user.type(reportArea(), ' More.')

    expect(press(reportArea(), { key: 's', code: 'KeyS', metaKey: true })).toBe(false)

    await waitFor(() => {
      expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    })
    expect(reportArea().value).toMatch(/ More\.$/)
  })

  it('HK-3 Ctrl+Shift+F asks the finalize question exactly as the Finalize button does', async () => {
    giveO1Report({ findings: 'Lungs clear.', impression: 'Normal.' })
    await openStudy()

    press(messageBox(), CTRL_SHIFT_F)

    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent(FINALIZE_QUESTION)
    expect(apiBackend.requestsTo('finalizeReport')).toHaveLength(0)
  })

  it('HK-4 Ctrl+Shift+F refuses, as Finalize does, while bracketed fields remain', async () => {
    giveO1Report({ findings: 'Heart size [normal].', impression: 'Normal.' })
    await openStudy()

    press(document.body, CTRL_SHIFT_F)

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '1 bracketed field is still to fill: the report cannot be signed yet.',
    )
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    // The field is selected for typing over, as after a press of the button.
    expect(reportArea()).toHaveFocus()
    const { selectionStart, selectionEnd, value } = reportArea()
    expect(value.slice(selectionStart, selectionEnd)).toBe('[normal]')
  })

  it('HK-5 F4 starts dictation into the chat and F4 again stops it, from the text areas too', async () => {
    await openStudy()
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Start dictation' })).toBeEnabled()
    })
    expect(screen.getByRole('button', { name: 'Start dictation' })).toHaveAttribute(
      'title',
      'Start dictation (F4)',
    )

    // Focus in the Impression (no dictation target of its own here): the chat is the default.
    expect(press(impressionArea(), F4)).toBe(false)
    expect(await screen.findByRole('button', { name: 'Stop dictation' })).toBeInTheDocument()
    expect(await screen.findByText('Listening...')).toBeInTheDocument()

    press(messageBox(), F4)
    expect(await screen.findByRole('button', { name: 'Start dictation' })).toBeInTheDocument()
  })

  it('HK-6 F4 dictates into the box that has the focus: the addendum box of a signed report', async () => {
    orderO1().report = buildReport({
      sections: buildSections({ findings: 'Lungs clear.', impression: 'Normal.' }),
      is_final: true,
    })
    await openStudy()
    const addendum = await screen.findByRole('textbox', { name: 'Addendum' })
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Dictate addendum' })).toBeEnabled()
    })

    press(addendum, F4)

    expect(
      await screen.findByRole('button', { name: 'Stop dictating addendum' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Start dictation' })).toBeDisabled()
  })

  it('HK-7 Alt+I goes to the Impression with the caret at the end of its text', async () => {
    giveO1Report({ findings: 'Lungs clear.', impression: 'Normal.' })
    await openStudy()

    press(document.body, ALT_I)

    expect(impressionArea()).toHaveFocus()
    expect(impressionArea().selectionStart).toBe('Normal.'.length)
    expect(impressionArea().selectionEnd).toBe('Normal.'.length)
  })

  it('HK-8 Alt+R hides and shows the report editor, as Toggle report editor does', async () => {
    await openStudy()
    const toggle = screen.getByRole('button', { name: 'Toggle report editor' })

    press(messageBox(), ALT_R)
    await waitFor(() => {
      expect(editor()).not.toBeInTheDocument()
    })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')

    press(document.body, ALT_R)
    expect(await screen.findByRole('region', { name: 'Report editor' })).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
  })

  it('HK-9 Alt+U undoes the assistant’s last change, as its notice’s Undo does', async () => {
    const typed = buildSections({ findings: 'Lungs clear.', impression: 'Normal.' })
    const assistant = { ...typed, impression: 'Recommend follow-up CT.' }
    orderO1().report = buildReport({ sections: assistant, updated_at: '2025-03-04T15:00:00.000Z' })
    apiBackend.revisions.set('O1', [
      {
        id: 'R1',
        sections: typed,
        author: { kind: 'user', user_id: 'U-test', name: 'Dr Test' },
        cause: 'save',
        sections_changed: ['findings', 'impression'],
        created_at: '2025-03-04T14:00:00.000Z',
      },
      {
        id: 'R2',
        sections: assistant,
        author: { kind: 'assistant' },
        cause: 'assistant',
        sections_changed: ['impression'],
        created_at: '2025-03-04T15:00:00.000Z',
      },
    ])
    await openStudy()
    const undo = await screen.findByRole('button', { name: 'Undo assistant change' })
    expect(undo).toHaveAttribute('title', 'Undo assistant change (Alt+U)')

    press(document.body, ALT_U)

    await waitFor(() => {
      expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    })
    expect(apiBackend.requestsTo('saveReport')[0]?.body).toEqual({ sections: typed, cause: 'undo' })
    await waitFor(() => {
      expect(impressionArea()).toHaveValue('Normal.')
    })
  })

  it('HK-10 a text field keeps the keys that type there: ?, and Alt+letters that compose a character', async () => {
    const view = await openStudy()

    await view.user.type(messageBox(), 'Why?')
    expect(messageBox()).toHaveValue('Why?')
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument()

    // macOS: Option+R types '®', Option+I starts a circumflex; the field has them.
    expect(press(messageBox(), { key: '®', code: 'KeyR', altKey: true })).toBe(true)
    expect(press(reportArea(), { key: 'Dead', code: 'KeyI', altKey: true })).toBe(true)
    expect(editor()).toBeInTheDocument()
    expect(impressionArea()).not.toHaveFocus()
    // AltGr (Ctrl+Alt on Windows) types characters on many layouts: never a shortcut.
    press(messageBox(), { key: 'r', code: 'KeyR', altKey: true, ctrlKey: true })
    expect(editor()).toBeInTheDocument()
  })

  it('HK-11 no shortcut acts inside a modal dialog, and a key held down acts once', async () => {
    await openStudy()
    press(document.body, QUESTION)
    const overlay = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })

    press(overlay, ALT_R)
    // Behind the modal overlay the page is hidden from assistive technology, not gone.
    expect(screen.getByRole('region', { name: 'Report editor', hidden: true })).toBeInTheDocument()
    fireEvent.keyDown(overlay, { key: 'Escape', code: 'Escape' })
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument()
    })

    press(document.body, ALT_R)
    await waitFor(() => {
      expect(editor()).not.toBeInTheDocument()
    })
    press(document.body, { ...ALT_R, repeat: true })
    expect(editor()).not.toBeInTheDocument()
  })

  it('HK-12 the buttons name their keys on hover, their accessible names unchanged', async () => {
    giveO1Report({ findings: 'Lungs clear.', impression: 'Normal.' })
    await openStudy()

    const save = screen.getByRole('button', { name: 'Save' })
    expect(save).toHaveAttribute('title', 'Save (Ctrl+S)')
    expect(save).toHaveAttribute('aria-keyshortcuts', 'Control+S Meta+S')
    const finalize = screen.getByRole('button', { name: 'Finalize' })
    expect(finalize).toHaveAttribute('title', 'Finalize (Ctrl+Shift+F)')
    expect(screen.getByRole('button', { name: 'Toggle report editor' })).toHaveAttribute(
      'title',
      'Show or hide the report editor (Alt+R)',
    )
    expect(screen.getByRole('button', { name: 'Next study' })).toHaveAttribute(
      'title',
      'Open the most urgent study nobody reads (Alt+N)',
    )
  })

  it("HK-13 '?' opens 'Keyboard shortcuts', listing every shortcut with its keys", async () => {
    await openStudy()

    expect(press(document.body, QUESTION)).toBe(false)

    const overlay = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    const rows = within(overlay).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Ctrl+S',
      'Ctrl+Shift+F',
      'F4',
      'Alt+I',
      'Alt+R',
      'Alt+N',
      'Alt+U',
      '?',
    ])
    expect(overlay).toHaveTextContent('Save the report')
    expect(overlay).toHaveTextContent("Undo the assistant's last change")
  })

  it('HK-14 Escape closes the shortcuts overlay', async () => {
    const view = await openStudy()
    press(document.body, QUESTION)
    await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })

    await view.user.keyboard('{Escape}')

    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument()
    })
  })
})
