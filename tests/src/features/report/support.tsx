/**
 * Helpers of the report editor's tests: the editor of order O1 as the workspace shows it, behind
 * the session guard once Ada's session (kept from an earlier visit) is restored, so her drafts
 * are stored as hers.
 */
import { screen } from '@testing-library/react'
import type { InputType, ReportSections } from '../../../../contract'
import { RequireSession } from '../../../../src/features/auth'
import { ReportEditor } from '../../../../src/features/report'
import { conversationApi } from '../../../../src/services/api/conversationApi'
import { apiBackend, identityBackend } from '../../../support/msw/server'
import { renderApp, type RenderAppResult, type TestDeps } from '../../../support/render'

export interface EditorView extends RenderAppResult {
  report: HTMLTextAreaElement
  impression: HTMLTextAreaElement
}

export async function renderReportEditor(options: { deps?: TestDeps } = {}): Promise<EditorView> {
  identityBackend.rememberSession('ada@example.org')
  const view = renderApp({
    ...(options.deps ? { deps: options.deps } : {}),
    routes: [
      {
        element: <RequireSession />,
        children: [{ path: '*', element: <ReportEditor orderId="O1" /> }],
      },
    ],
  })
  const report = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Report' })
  const impression = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Impression' })
  return { ...view, report, impression }
}

/** A message to the assistant about O1 whose reply writes `sections` into the report. */
export async function sendWritingReport(
  view: EditorView,
  sections: Partial<ReportSections>,
  message: { content: string; input_type?: InputType },
): Promise<void> {
  apiBackend.replyWrites = sections
  await view.store
    .dispatch(conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', ...message }))
    .unwrap()
}
