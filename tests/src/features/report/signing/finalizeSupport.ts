/**
 * What the Finalize dialog's tests share: a report that states a critical finding, check answers
 * on cue, and opening the dialog once its check has answered.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { expect } from 'vitest'
import type { QaIssue } from '../../../../../contract'
import { FINALIZED_NOTICE } from '../../../../../src/features/report'
import { routePattern } from '../../../../support/msw/apiBackend'
import { buildReport, buildSections, FIXED_TIME } from '../../../../support/msw/data'
import { apiBackend, server } from '../../../../support/msw/server'
import type { EditorView } from '../support'

export const FINALIZED = FINALIZED_NOTICE
export const SECTIONS = buildSections({
  history: 'Chest pain.',
  technique: 'CTA chest.',
  comparison: 'None.',
  findings: 'Filling defect in the right lower lobe artery.',
  impression: 'Acute pulmonary embolism.',
})

export function giveO1Report(): void {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  order.report = buildReport({ sections: SECTIONS, updated_at: FIXED_TIME })
}

export const issue = (overrides: Partial<QaIssue>): QaIssue => ({
  code: 'repeated_words',
  severity: 'warn',
  section: 'findings',
  message: 'Repeated word: "the".',
  excerpt: 'the the artery',
  ...overrides,
})
export const LATERALITY = issue({
  code: 'laterality',
  severity: 'block',
  section: 'impression',
  message: 'Right side named in a left-sided study.',
  excerpt: 'right lower lobe',
})
export const CRITICAL = issue({
  code: 'critical',
  severity: 'block',
  section: 'impression',
  message: 'Critical finding: pulmonary embolism. Communicate it and record the communication.',
  excerpt: 'Acute pulmonary embolism.',
})

/** The check answers these issues; answers what each check was sent. */
export function checkAnswers(issues: QaIssue[]): unknown[] {
  const sent: unknown[] = []
  server.use(
    http.post(routePattern('checkReport'), async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json({ issues })
    }),
  )
  return sent
}

export async function openFinalize(view: EditorView): Promise<HTMLElement> {
  await view.user.click(screen.getByRole('button', { name: 'Finalize' }))
  const dialog = await screen.findByRole('alertdialog')
  await waitFor(() => {
    expect(within(dialog).queryByText('Checking the report…')).not.toBeInTheDocument()
  })
  return dialog
}

export const confirmOf = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Finalize' })
