/**
 * Templates in the report editor (issue 18), with the real store, the report saga and the
 * in-memory /api/v1: the picker offers the study's templates best match first (TPL-4), Tab and
 * Shift+Tab select the bracketed fields across both areas (TPL-5), an insertion is undone in one
 * click (TPL-5), and a report with fields left is not signed (TPL-6).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ReportSections } from '../../../../../contract'
import { buildReport, buildSections } from '../../../../support/msw/data'
import { apiBackend } from '../../../../support/msw/server'
import { renderReportEditor, type EditorView } from '../support'

function givenReport(sections: Partial<ReportSections>) {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  order.report = buildReport({ sections: buildSections(sections) })
}

/** The text the area has selected. */
const selected = (area: HTMLTextAreaElement) =>
  area.value.slice(area.selectionStart, area.selectionEnd)

async function openPicker(view: EditorView) {
  await view.user.click(screen.getByRole('button', { name: 'Insert template' }))
  return screen.findByRole('list', { name: 'Templates' })
}

describe('the template picker', () => {
  it('TPL-4 ED-7 offers the study’s templates, best match first and focused; inserting fills the empty sections (the untouched starting text counts as empty) and selects the first field', async () => {
    const view = await renderReportEditor()

    const list = await openPicker(view)
    const names = await within(list).findAllByRole('button')
    expect(names.map((button) => button.textContent)).toEqual([
      'CT Chest with contrast, normalBest match',
      'CTA Chest PE protocol, negative',
    ])
    await waitFor(() => {
      expect(names[0]).toHaveFocus()
    })
    const [asked] = apiBackend.requestsTo('listTemplates')
    expect(asked?.query?.get('modality')).toBe('CT')
    expect(asked?.query?.get('body_part')).toBe('Chest')
    expect(asked?.query?.get('description')).toBe('CT chest with contrast')

    await view.user.keyboard('{Enter}')

    await waitFor(() => {
      expect(screen.queryByRole('list', { name: 'Templates' })).not.toBeInTheDocument()
    })
    expect(view.report.value).toBe(
      'HISTORY:\nPersistent cough\n\nTECHNIQUE:\nAxial CT of the chest after IV contrast.\n\nCOMPARISON:\n[None available / prior study of date]\n\nFINDINGS:\nLungs are clear. Largest node [size] mm. Heart [normal/enlarged].',
    )
    expect(view.impression).toHaveValue('No acute cardiopulmonary abnormality.')
    expect(selected(view.report)).toBe('[None available / prior study of date]')
    expect(screen.getByText('Inserted ‘CT Chest with contrast, normal’.')).toBeInTheDocument()
  })

  it('TPL-4 asks before touching sections with text: Add below keeps the clinician’s words above the template’s; Undo template brings them back alone', async () => {
    givenReport({ history: 'Cough.', findings: 'Dictated: small left effusion.' })
    const view = await renderReportEditor()

    const list = await openPicker(view)
    await view.user.click(within(list).getByRole('button', { name: /CTA Chest PE protocol/ }))
    expect(
      await screen.findByText(/Technique, Findings and Impression|Findings already holds/),
    ).toBeInTheDocument()
    await view.user.click(screen.getByRole('button', { name: 'Add below' }))

    await waitFor(() => {
      expect(view.report.value).toContain(
        'FINDINGS:\nDictated: small left effusion.\n\nNo filling defect.',
      )
    })
    expect(view.report.value).toContain('HISTORY:\nCough.')
    expect(view.impression).toHaveValue('No pulmonary embolism.')

    await view.user.click(screen.getByRole('button', { name: 'Undo template' }))
    expect(view.report.value).toBe(
      'HISTORY:\nCough.\n\nTECHNIQUE:\n\n\nCOMPARISON:\n\n\nFINDINGS:\nDictated: small left effusion.',
    )
    expect(view.impression).toHaveValue('')
  })

  it('TPL-4 Replace their text puts the template in place of what the sections held', async () => {
    givenReport({ findings: 'Old findings.', impression: 'Old impression.' })
    const view = await renderReportEditor()

    const list = await openPicker(view)
    await view.user.click(within(list).getByRole('button', { name: /CTA Chest PE protocol/ }))
    await view.user.click(await screen.findByRole('button', { name: 'Replace their text' }))

    await waitFor(() => {
      expect(view.impression).toHaveValue('No pulmonary embolism.')
    })
    expect(view.report.value).toContain('FINDINGS:\nNo filling defect.')
    expect(view.report.value).not.toContain('Old findings.')
  })
})

describe('bracketed fields', () => {
  it('TPL-5 Tab selects the next field, into the Impression, then leaves the area natively; Shift+Tab goes back', async () => {
    givenReport({ findings: 'Node [size] mm, [left/right].', impression: 'Side: [left/right].' })
    const view = await renderReportEditor()
    await view.user.click(view.report)
    view.report.setSelectionRange(0, 0)

    await view.user.keyboard('{Tab}')
    expect(selected(view.report)).toBe('[size]')
    await view.user.keyboard('{Tab}')
    expect(selected(view.report)).toBe('[left/right]')
    expect(view.report.selectionStart).toBe(view.report.value.indexOf('[left/right]'))

    await view.user.keyboard('{Tab}')
    expect(view.impression).toHaveFocus()
    expect(selected(view.impression)).toBe('[left/right]')

    await view.user.keyboard('{Shift>}{Tab}{/Shift}')
    expect(view.report).toHaveFocus()
    expect(selected(view.report)).toBe('[left/right]')

    await view.user.keyboard('{Shift>}{Tab}{/Shift}')
    expect(selected(view.report)).toBe('[size]')
    // Typing replaces the selected field; the value stays in the draft.
    await view.user.keyboard('12')
    expect(view.report.value).toContain('Node 12 mm, [left/right].')

    view.impression.focus()
    view.impression.setSelectionRange(view.impression.value.length, view.impression.value.length)
    await view.user.keyboard('{Tab}')
    expect(view.impression).not.toHaveFocus()
    expect(view.report).not.toHaveFocus()
  })

  it('TPL-6 Finalize with fields left says how many and selects the first instead of asking to sign', async () => {
    givenReport({ findings: 'Spleen [size] cm.', impression: 'Normal [study].' })
    const view = await renderReportEditor()

    await view.user.click(screen.getByRole('button', { name: 'Finalize' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '2 bracketed fields are still to fill: the report cannot be signed yet.',
    )
    expect(view.report).toHaveFocus()
    expect(selected(view.report)).toBe('[size]')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
