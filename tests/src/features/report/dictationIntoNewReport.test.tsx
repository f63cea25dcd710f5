/**
 * RP-7: a dictated message that writes into a new report (our server writes the dictated
 * sections over the starting text, server/repo/exchange.ts) leaves the editor showing the starting
 * HISTORY and TECHNIQUE with the dictation added, and a clinician's unsaved edit of that starting
 * text stays theirs (RP-6), with the real store, the report saga and the in-memory /api/v1.
 */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ReportSections } from '../../../../contract'
import { apiBackend } from '../../../support/msw/server'
import { renderReportEditor, sendWritingReport, type EditorView } from './support'

/** O1's starting text (ED-5): its indication and its exam. */
const START = { history: 'Persistent cough', technique: 'CT chest with contrast' }

/** A dictated message whose reply writes `sections` into O1's report, as our server answers. */
function dictate(view: EditorView, sections: Partial<ReportSections>) {
  return sendWritingReport(view, sections, {
    content: 'Findings small left effusion',
    input_type: 'voice',
  })
}

describe('dictation into a new report', () => {
  it('RP-7 the editor shows the starting HISTORY and TECHNIQUE with the dictated findings', async () => {
    const view = await renderReportEditor()

    await dictate(view, { ...START, findings: 'Small left effusion.' })

    await waitFor(() => {
      expect(view.report).toHaveValue(
        'HISTORY:\nPersistent cough\n\nTECHNIQUE:\nCT chest with contrast\n\nCOMPARISON:\n\n\nFINDINGS:\nSmall left effusion.',
      )
    })
  })

  it('RP-7 a clinician’s unsaved edit of the starting text stays, with nothing to choose', async () => {
    const view = await renderReportEditor()
    const at = view.report.value.indexOf('CT chest')
    view.report.focus()
    view.report.setSelectionRange(at, at)
    await view.user.type(view.report, 'Helical ', { skipClick: true })

    await dictate(view, { ...START, findings: 'Small left effusion.' })

    await waitFor(() => {
      expect(view.report).toHaveValue(
        'HISTORY:\nPersistent cough\n\nTECHNIQUE:\nHelical CT chest with contrast\n\nCOMPARISON:\n\n\nFINDINGS:\nSmall left effusion.',
      )
    })
    expect(screen.queryByRole('button', { name: /Keep mine|Keep my/ })).toBeNull()
    await waitFor(() => {
      expect(apiBackend.requestsTo('saveReport').at(-1)?.body).toMatchObject({
        sections: {
          history: 'Persistent cough',
          technique: 'Helical CT chest with contrast',
          findings: 'Small left effusion.',
        },
      })
    })
  })
})
