/**
 * The Report and Impression areas show what the store holds, though a keystroke renders only the
 * areas themselves (SectionArea.tsx writes the store's text into them when they differ): text
 * written by an action rather than typed, and typed text the app cleans up, are what is on screen.
 */
import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { editStarted, textEdited } from '../../../../src/features/report'
import { buildReport, buildSections } from '../../../support/msw/data'
import { apiBackend } from '../../../support/msw/server'
import { renderReportEditor } from './support'

function giveO1Report(): void {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  order.report = buildReport({
    sections: buildSections({ findings: 'Lungs clear.', impression: 'Normal.' }),
    updated_at: '2025-03-04T14:00:00.000Z',
  })
}

describe('the report text areas and the store', () => {
  it('RP-1 text an action writes (a replayed log, a restore) is what the areas show', async () => {
    giveO1Report()
    const { store, report, impression } = await renderReportEditor()
    expect(impression).toHaveValue('Normal.')

    act(() => {
      store.dispatch(
        editStarted({
          orderId: 'O1',
          server: { version: { sections: buildSections(), updatedAt: null }, isFinal: false },
        }),
      )
      store.dispatch(
        textEdited({ orderId: 'O1', report: 'FINDINGS:\nWritten by an action.', impression: 'X.' }),
      )
    })

    expect(report).toHaveValue('FINDINGS:\nWritten by an action.')
    expect(impression).toHaveValue('X.')
  })

  it('SEC-3 characters nobody sees, pasted into the Impression, leave the area as they leave the draft', async () => {
    giveO1Report()
    const { user, impression } = await renderReportEditor()

    await user.click(impression)
    await user.paste(' Stable.\u000BNo effusion.\u0007')

    expect(impression).toHaveValue('Normal. Stable.\nNo effusion.')
  })
})
