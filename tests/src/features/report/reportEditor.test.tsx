/**
 * The report editor as the clinician uses it (RP-1..6), with the real store, the report saga and
 * the in-memory /api/v1: what is on screen, what the server receives, and that no text is lost
 * (autosave, failed saves, a reload, the assistant changing the report meanwhile).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { LogoutButton, RequireSession } from '../../../../src/features/auth'
import { AUTOSAVE_DELAY_MS, ReportEditor } from '../../../../src/features/report'
import { conversationApi } from '../../../../src/services/api/conversationApi'
import type { Report, ReportSections } from '../../../../contract'
import { createMemoryDraftStorage } from '../../../../src/services/storage/draftStorage'
import { nextReportVersion, routePattern } from '../../../support/msw/apiBackend'
import { buildReport, buildSections } from '../../../support/msw/data'
import { apiBackend, identityBackend, server } from '../../../support/msw/server'
import {
  createTestDeps,
  renderApp,
  useFakeClock,
  type RenderAppResult,
  type TestDeps,
} from '../../../support/render'

const FINALIZE_QUESTION =
  'Are you sure you want to finalize this report? This action cannot be undone.'
const FINALIZED = 'This report has been finalized and cannot be edited.'
const EARLIER = '2025-03-04T14:00:00.000Z'
const LATER = '2025-03-04T16:30:00.000Z'

const BASE_SECTIONS = buildSections({
  history: 'Chronic cough.',
  technique: 'CT chest with contrast.',
  comparison: 'None.',
  findings: 'Lungs clear.',
  impression: 'Normal.',
})

function orderO1() {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  return order
}

function giveO1Report(overrides: Partial<Report> = {}): void {
  orderO1().report = buildReport({ sections: BASE_SECTIONS, updated_at: EARLIER, ...overrides })
}

function reportText(sections: ReportSections): string {
  return [
    `HISTORY:\n${sections.history}`,
    `TECHNIQUE:\n${sections.technique}`,
    `COMPARISON:\n${sections.comparison}`,
    `FINDINGS:\n${sections.findings}`,
  ].join('\n\n')
}

interface EditorView extends RenderAppResult {
  report: HTMLTextAreaElement
  impression: HTMLTextAreaElement
}

interface RenderOptions {
  deps?: TestDeps
  advanceTimers?: (ms: number) => unknown
}

/**
 * `ui` as the workspace shows it: behind the session guard, once Ada's session (kept from an
 * earlier visit) is restored, so her drafts are stored as hers.
 */
function renderSignedIn(ui: ReactElement, options: RenderOptions = {}): RenderAppResult {
  identityBackend.rememberSession('ada@example.org')
  return renderApp({
    ...options,
    routes: [{ element: <RequireSession />, children: [{ path: '*', element: ui }] }],
  })
}

async function renderEditor(options: RenderOptions = {}): Promise<EditorView> {
  const view = renderSignedIn(<ReportEditor orderId="O1" />, options)
  const report = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Report' })
  const impression = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Impression' })
  return { ...view, report, impression }
}

/** Replaces the whole text of a text area the way a clinician would (select all, type). */
async function replaceText(view: EditorView, area: HTMLTextAreaElement, text: string) {
  await view.user.clear(area)
  await view.user.click(area)
  await view.user.paste(text)
}

function saveStatus(): HTMLElement {
  return screen.getByRole('status')
}

/** Clicks Save, waits for the one PUT it sends and gives that request's body. */
async function saveOnce(view: EditorView): Promise<unknown> {
  await view.user.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => {
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
  })
  return apiBackend.requestsTo('saveReport')[0]?.body
}

/** Clicks Finalize, then Finalize again in the question that asks first. */
async function finalizeAndConfirm(view: EditorView) {
  await view.user.click(screen.getByRole('button', { name: 'Finalize' }))
  const confirm = within(await screen.findByRole('alertdialog')).getByRole('button', {
    name: 'Finalize',
  })
  // The pre-sign check answers first (issue 18): the confirmation waits for it.
  await waitFor(() => {
    expect(confirm).toBeEnabled()
  })
  await view.user.click(confirm)
}

/** The server refuses every save with 400 Bad Request. */
function serverRefusesSaves(): void {
  server.use(
    http.put(routePattern('saveReport'), () =>
      HttpResponse.json(
        { error: 'bad_request', message: 'no' },
        { status: 400, statusText: 'Bad Request' },
      ),
    ),
  )
}

/**
 * The report is finalized elsewhere just before this `route` call reaches the server, which
 * then refuses the call (409) with `message`.
 */
function finalizedElsewhereFirst(
  method: 'put' | 'post',
  route: 'saveReport' | 'finalizeReport',
  message: string,
): void {
  server.use(
    http[method](routePattern(route), () => {
      orderO1().report = buildReport({
        sections: BASE_SECTIONS,
        is_final: true,
        finalized_at: LATER,
        updated_at: LATER,
      })
      return HttpResponse.json(
        { error: 'conflict', message },
        { status: 409, statusText: 'Conflict' },
      )
    }),
  )
}

/** Holds the answer of a route until released, so a test can look at the screen in between. */
function holdRoute(method: 'put' | 'post', route: 'saveReport' | 'finalizeReport' | 'sendMessage') {
  let release: (answer: () => Response) => void = () => undefined
  const answered = new Promise<() => Response>((resolve) => {
    release = resolve
  })
  const bodies: unknown[] = []
  server.use(
    http[method](routePattern(route), async ({ request }) => {
      bodies.push(
        await request
          .clone()
          .json()
          .catch(() => null),
      )
      const answer = await answered
      return answer()
    }),
  )
  return { release, bodies }
}

/** The assistant's reply rewrites sections of the report, as the real server does (RP-6). */
function assistantWillUpdate(sections: Partial<ReportSections>): void {
  server.use(
    http.post(routePattern('sendMessage'), () => {
      const order = orderO1()
      const current = order.report?.sections ?? buildSections()
      order.report = buildReport({ sections: { ...current, ...sections }, updated_at: LATER })
      return HttpResponse.json({
        message_id: 'reply-1',
        content: 'I updated the report.',
        created_at: LATER,
        report_updated: true,
      })
    }),
  )
}

async function askAssistant(view: EditorView) {
  await view.store
    .dispatch(conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', content: 'Update' }))
    .unwrap()
}

describe('the report text areas', () => {
  it('RP-1 the Report area shows each section under its heading, the impression its own area', async () => {
    giveO1Report()
    const view = await renderEditor()

    expect(view.report).toHaveValue(reportText(BASE_SECTIONS))
    expect(view.impression).toHaveValue('Normal.')
  })

  it('RP-1 ED-5 a study without a report starts with the four headings, HISTORY and TECHNIQUE from the order', async () => {
    const view = await renderEditor()

    expect(view.report).toHaveValue(
      'HISTORY:\nPersistent cough\n\nTECHNIQUE:\nCT chest with contrast\n\nCOMPARISON:\n\n\nFINDINGS:\n',
    )
    expect(view.impression).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Finalize' })).toBeDisabled()
  })

  it('RP-1 text typed under the headings is saved as those sections', async () => {
    const view = await renderEditor()

    await replaceText(
      view,
      view.report,
      'History: smoker\nFINDINGS:\nNodule 6 mm.\nfindings: No effusion.',
    )
    await view.user.type(view.impression, 'Indeterminate nodule.')

    expect(await saveOnce(view)).toEqual({
      sections: {
        history: 'smoker',
        technique: '',
        comparison: '',
        findings: 'Nodule 6 mm.\n\nNo effusion.',
        impression: 'Indeterminate nodule.',
      },
    })
  })
})

describe('saving', () => {
  it('RP-2 Save sends PUT /report with every section, then shows Saved', async () => {
    giveO1Report()
    const view = await renderEditor()

    await replaceText(
      view,
      view.report,
      reportText({ ...BASE_SECTIONS, findings: 'Lungs clear.\nNo effusion.' }),
    )
    expect(within(saveStatus()).getByText('Not saved')).toBeInTheDocument()
    await view.user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => {
      expect(within(saveStatus()).getByText('Saved')).toBeInTheDocument()
    })
    const puts = apiBackend.requestsTo('saveReport')
    expect(puts).toHaveLength(1)
    expect(puts[0]).toMatchObject({ method: 'PUT', path: '/api/v1/orders/O1/report' })
    expect(puts[0]?.body).toEqual({
      sections: { ...BASE_SECTIONS, findings: 'Lungs clear.\nNo effusion.' },
    })
    expect(saveStatus()).toHaveTextContent(/Saved\s*\d{1,2}:\d{2} (am|pm)/)
  })

  it('RP-2 autosave waits for a pause in typing: several keystrokes make one PUT', async () => {
    const clock = useFakeClock()
    giveO1Report()
    const view = await renderEditor({ advanceTimers: clock.advanceTimers })

    await view.user.type(view.impression, ' Stable')
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 200)
    await view.user.type(view.impression, ' nodule.')
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 200)

    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
    expect(within(saveStatus()).getByText('Not saved')).toBeInTheDocument()

    await vi.advanceTimersByTimeAsync(400)
    await waitFor(() => {
      expect(within(saveStatus()).getByText('Saved')).toBeInTheDocument()
    })
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3)
    const puts = apiBackend.requestsTo('saveReport')
    expect(puts).toHaveLength(1)
    expect(puts[0]?.body).toEqual({
      sections: { ...BASE_SECTIONS, impression: 'Normal. Stable nodule.' },
    })
  })

  it('RP-2 while the PUT is on its way the editor says Saving…', async () => {
    giveO1Report()
    const put = holdRoute('put', 'saveReport')
    const view = await renderEditor()

    await view.user.type(view.impression, ' Stable.')
    await view.user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await within(saveStatus()).findByText('Saving…')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    put.release(() =>
      HttpResponse.json(
        buildReport({ sections: { ...BASE_SECTIONS, impression: 'Normal. Stable.' } }),
      ),
    )
    expect(await within(saveStatus()).findByText('Saved')).toBeInTheDocument()
  })

  it('RP-2 a failed save keeps the text, says Not saved and offers Retry', async () => {
    giveO1Report()
    serverRefusesSaves()
    const view = await renderEditor()

    await view.user.type(view.impression, ' Stable.')
    await view.user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Your changes are not saved yet.')).toBeInTheDocument()
    expect(screen.getByText(/API Error: Bad Request/)).toBeInTheDocument()
    expect(within(saveStatus()).getByText('Not saved')).toBeInTheDocument()
    expect(view.impression).toHaveValue('Normal. Stable.')
    expect(view.deps.draftStorage.load('O1')).toMatchObject({ impression: 'Normal. Stable.' })

    server.resetHandlers()
    await view.user.click(screen.getByRole('button', { name: 'Retry' }))

    expect(await within(saveStatus()).findByText('Saved')).toBeInTheDocument()
    expect(apiBackend.requestsTo('saveReport')[0]?.body).toMatchObject({
      sections: { impression: 'Normal. Stable.' },
    })
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    expect(view.deps.draftStorage.load('O1')).toBeNull()
  })
})

describe('a reload before the server has the text', () => {
  it('RP-2 a draft survives a remount with a new store: restored, marked Not saved, then autosaved', async () => {
    giveO1Report()
    const draftStorage = createMemoryDraftStorage()
    const put = holdRoute('put', 'saveReport')
    const first = await renderEditor({ deps: { ...createTestDeps(), draftStorage } })
    await first.user.type(first.impression, ' Follow-up CT in 3 months.')
    await first.user.click(screen.getByRole('button', { name: 'Save' }))
    await within(saveStatus()).findByText('Saving…')
    first.unmount()

    const clock = useFakeClock()
    server.resetHandlers()
    const second = await renderEditor({
      deps: { ...createTestDeps(), draftStorage },
      advanceTimers: clock.advanceTimers,
    })

    await waitFor(() => {
      expect(second.impression).toHaveValue('Normal. Follow-up CT in 3 months.')
    })
    expect(within(saveStatus()).getByText('Not saved')).toBeInTheDocument()
    expect(within(saveStatus()).getByText('recovered after a reload')).toBeInTheDocument()
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(await within(saveStatus()).findByText('Saved')).toBeInTheDocument()
    expect(apiBackend.requestsTo('saveReport').at(-1)?.body).toEqual({
      sections: { ...BASE_SECTIONS, impression: 'Normal. Follow-up CT in 3 months.' },
    })
    expect(draftStorage.load('O1')).toBeNull()
    put.release(() => HttpResponse.json(buildReport()))
  })
})

describe('logging out', () => {
  it('RP-2 logging out removes unsaved report text from the tab', async () => {
    giveO1Report()
    // The server refuses every save, so only the logout can take the text out of storage.
    serverRefusesSaves()
    const view = renderSignedIn(
      <>
        <LogoutButton />
        <ReportEditor orderId="O1" />
      </>,
    )
    const impression = await screen.findByRole('textbox', { name: 'Impression' })
    await view.user.type(impression, ' Unsaved.')
    expect(view.deps.draftStorage.load('O1')).not.toBeNull()

    await view.user.click(screen.getByRole('button', { name: 'Log out' }))

    await waitFor(() => {
      expect(view.deps.draftStorage.load('O1')).toBeNull()
    })
  })
})

describe('finalizing', () => {
  it('RP-3 Finalize asks first; Cancel closes the question and sends nothing', async () => {
    giveO1Report()
    const view = await renderEditor()

    await view.user.click(screen.getByRole('button', { name: 'Finalize' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(FINALIZE_QUESTION)).toBeInTheDocument()
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })
    expect(apiBackend.requestsTo('finalizeReport')).toHaveLength(0)
    expect(screen.queryByText(FINALIZED)).not.toBeInTheDocument()
    expect(view.report).not.toHaveAttribute('readonly')
  })

  it('RP-3 RP-4 confirming saves unsaved edits first, then finalizes; the report is then read-only', async () => {
    giveO1Report()
    const view = await renderEditor()
    await view.user.type(view.impression, ' No follow-up needed.')

    await finalizeAndConfirm(view)

    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    const writes = apiBackend.requests
      .filter((request) => request.method !== 'GET' && request.route !== 'checkReport')
      .map((request) => request.route)
    expect(writes).toEqual(['saveReport', 'finalizeReport'])
    expect(apiBackend.requestsTo('saveReport')[0]?.body).toEqual({
      sections: { ...BASE_SECTIONS, impression: 'Normal. No follow-up needed.' },
    })
    expect(view.report).toHaveAttribute('readonly')
    expect(view.impression).toHaveAttribute('readonly')
    expect(view.impression).toHaveValue('Normal. No follow-up needed.')
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Finalize' })).toBeDisabled()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('SG-1 a signed report names its signer and the time under the read-only sentence', async () => {
    giveO1Report()
    const view = await renderEditor()

    await finalizeAndConfirm(view)

    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(screen.getByText(/^Signed by Dr Test at \d{1,2}:\d{2} [ap]m$/)).toBeInTheDocument()
  })

  it('AD-1 a signed report takes an addendum, signed after a confirmation, numbered under the text', async () => {
    giveO1Report({ is_final: true, finalized_at: EARLIER })
    const view = await renderEditor()
    // The addenda's code loads when a signed report is first shown.
    const box = await screen.findByRole('textbox', { name: 'Addendum' })
    expect(screen.getByRole('button', { name: 'Sign addendum' })).toBeDisabled()

    await view.user.type(box, 'Comparison with the prior study: unchanged.')
    await view.user.click(screen.getByRole('button', { name: 'Sign addendum' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent(
      'Sign this addendum? It becomes part of the signed report and cannot be undone.',
    )
    expect(apiBackend.requestsTo('addReportAddendum')).toHaveLength(0)
    await view.user.click(within(dialog).getByRole('button', { name: 'Sign' }))

    const addenda = await screen.findByRole('list', { name: 'Addenda' })
    expect(within(addenda).getByText(/^Addendum 1 · Dr Test at /)).toBeInTheDocument()
    expect(addenda).toHaveTextContent('Comparison with the prior study: unchanged.')
    expect(box).toHaveValue('')
    expect(apiBackend.requestsTo('addReportAddendum')[0]?.body).toEqual({
      text: 'Comparison with the prior study: unchanged.',
    })
    // The signed text itself never changes.
    expect(view.impression).toHaveAttribute('readonly')
    expect(view.impression).toHaveValue('Normal.')
  })

  it('AD-1 an addendum the server refuses stays in its box and says why', async () => {
    giveO1Report({ is_final: true, finalized_at: EARLIER })
    server.use(
      http.post(routePattern('addReportAddendum'), () =>
        HttpResponse.json(
          { error: 'internal', message: 'boom' },
          { status: 500, statusText: 'Internal Server Error' },
        ),
      ),
    )
    const view = await renderEditor()
    // The addenda's code loads when a signed report is first shown.
    const box = await screen.findByRole('textbox', { name: 'Addendum' })

    await view.user.type(box, 'Late finding: small nodule.')
    await view.user.click(screen.getByRole('button', { name: 'Sign addendum' }))
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign' }),
    )

    expect(
      await screen.findByText(/^The addendum was not signed: API Error: Internal Server Error/),
    ).toBeInTheDocument()
    expect(box).toHaveValue('Late finding: small nodule.')
  })

  it('RP-4 a report already final on the server opens read-only', async () => {
    giveO1Report({ is_final: true, finalized_at: EARLIER })
    const view = await renderEditor()

    expect(screen.getByText(FINALIZED)).toBeInTheDocument()
    expect(view.report).toHaveAttribute('readonly')
    expect(view.impression).toHaveAttribute('readonly')
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Finalize' })).toBeDisabled()

    await view.user.type(view.impression, 'more')
    expect(view.impression).toHaveValue('Normal.')
  })

  it('RP-3 the draft is cleared from session storage after finalizing', async () => {
    giveO1Report()
    const view = await renderEditor()
    await view.user.type(view.impression, ' Done.')
    expect(view.deps.draftStorage.load('O1')).not.toBeNull()

    await finalizeAndConfirm(view)

    await screen.findByText(FINALIZED)
    expect(view.deps.draftStorage.load('O1')).toBeNull()
  })

  it('RP-5 a finalize the server refuses (409) is explained, and the report is read again', async () => {
    giveO1Report()
    finalizedElsewhereFirst('post', 'finalizeReport', 'This report is already finalized.')
    const view = await renderEditor()

    await finalizeAndConfirm(view)

    expect(
      await screen.findByText(
        'The server refused to finalize this report: it is already finalized or it is empty.',
      ),
    ).toBeInTheDocument()
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(view.report).toHaveAttribute('readonly')
  })

  it('RP-5 edits the server refuses because the report became final elsewhere are kept to copy', async () => {
    giveO1Report()
    finalizedElsewhereFirst(
      'put',
      'saveReport',
      'This report has been finalized and cannot be edited.',
    )
    const view = await renderEditor()
    await view.user.type(view.impression, ' Late addition.')

    await view.user.click(screen.getByRole('button', { name: 'Save' }))

    expect(
      await screen.findByText('This report was finalized before your changes could be saved.'),
    ).toBeInTheDocument()
    expect(screen.getByText(FINALIZED)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Your unsaved text' })).toHaveValue(
      `${reportText(BASE_SECTIONS)}\n\nIMPRESSION:\nNormal. Late addition.`,
    )
    expect(view.impression).toHaveValue('Normal.')
    expect(view.impression).toHaveAttribute('readonly')

    await view.user.click(screen.getByRole('button', { name: 'Discard my unsaved text' }))
    expect(screen.queryByRole('textbox', { name: 'Your unsaved text' })).not.toBeInTheDocument()
    expect(view.deps.draftStorage.load('O1')).toBeNull()
  })
})

describe('the assistant changing the report while the clinician edits', () => {
  const myReport = reportText({ ...BASE_SECTIONS, findings: 'Nodule 6 mm, right upper lobe.' })

  /**
   * The editor once the clinician has rewritten the findings, not saved yet, and with the
   * assistant's next reply set to rewrite the findings and the impression.
   */
  async function editFindingsBeforeTheAssistantRewritesThem(options: RenderOptions = {}) {
    giveO1Report()
    assistantWillUpdate({ findings: 'Lungs clear. No effusion.', impression: 'No acute disease.' })
    const view = await renderEditor(options)
    await replaceText(view, view.report, myReport)
    return view
  }

  it('RP-6 without unsaved edits the editor simply shows the new report', async () => {
    giveO1Report()
    assistantWillUpdate({ findings: 'Small left effusion.' })
    const view = await renderEditor()

    await askAssistant(view)

    await waitFor(() => {
      expect(view.report).toHaveValue(
        reportText({ ...BASE_SECTIONS, findings: 'Small left effusion.' }),
      )
    })
    expect(screen.queryByText('Your version')).not.toBeInTheDocument()
  })

  it('RP-6 both versions of a section both changed are shown; nothing is saved until the clinician chooses', async () => {
    const clock = useFakeClock()
    const view = await editFindingsBeforeTheAssistantRewritesThem({
      advanceTimers: clock.advanceTimers,
    })

    await askAssistant(view)

    const findings = await screen.findByRole('group', { name: 'Findings' })
    expect(within(findings).getByText('Your version')).toBeInTheDocument()
    expect(within(findings).getByText('Nodule 6 mm, right upper lobe.')).toBeInTheDocument()
    expect(within(findings).getByText('Saved version')).toBeInTheDocument()
    expect(within(findings).getByText('Lungs clear. No effusion.')).toBeInTheDocument()
    // The impression changed on the assistant's side only: taken at once, nothing of theirs lost.
    expect(screen.queryByRole('group', { name: 'Impression' })).not.toBeInTheDocument()
    expect(view.impression).toHaveValue('No acute disease.')
    expect(view.report).toHaveValue(myReport)
    expect(view.report).toHaveAttribute('readonly')
    expect(within(saveStatus()).getByText('Not saved')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Finalize' })).toBeDisabled()

    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 4)
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
  })

  it('RP-6 Keep mine keeps the clinician’s section, takes the assistant’s other change, and saves', async () => {
    const view = await editFindingsBeforeTheAssistantRewritesThem()
    await askAssistant(view)
    const findings = await screen.findByRole('group', { name: 'Findings' })

    await view.user.click(within(findings).getByRole('button', { name: 'Keep mine' }))

    expect(screen.queryByRole('group', { name: 'Findings' })).not.toBeInTheDocument()
    expect(view.report).toHaveValue(myReport)
    expect(view.impression).toHaveValue('No acute disease.')
    expect(view.report).not.toHaveAttribute('readonly')
    expect(await saveOnce(view)).toEqual({
      sections: {
        ...BASE_SECTIONS,
        findings: 'Nodule 6 mm, right upper lobe.',
        impression: 'No acute disease.',
      },
    })
  })

  it('RP-6 the clinician chooses per section: one of theirs, one of mine', async () => {
    const view = await editFindingsBeforeTheAssistantRewritesThem()
    await replaceText(view, view.impression, 'Indeterminate nodule.')
    await askAssistant(view)

    const findings = await screen.findByRole('group', { name: 'Findings' })
    const impression = screen.getByRole('group', { name: 'Impression' })
    await view.user.click(within(findings).getByRole('button', { name: 'Use saved' }))
    expect(within(findings).getByRole('button', { name: 'Use saved' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(view.report).toHaveAttribute('readonly')
    await view.user.click(within(impression).getByRole('button', { name: 'Keep mine' }))

    expect(view.report).toHaveValue(
      reportText({ ...BASE_SECTIONS, findings: 'Lungs clear. No effusion.' }),
    )
    expect(view.impression).toHaveValue('Indeterminate nodule.')
    expect(await saveOnce(view)).toEqual({
      sections: {
        ...BASE_SECTIONS,
        findings: 'Lungs clear. No effusion.',
        impression: 'Indeterminate nodule.',
      },
    })
  })

  it('RP-6 taking every assistant version leaves nothing unsaved', async () => {
    giveO1Report()
    assistantWillUpdate({ findings: 'Lungs clear. No effusion.' })
    const view = await renderEditor()
    await replaceText(view, view.report, reportText({ ...BASE_SECTIONS, findings: 'Nodule.' }))
    await askAssistant(view)

    const findings = await screen.findByRole('group', { name: 'Findings' })
    await view.user.click(within(findings).getByRole('button', { name: 'Use saved' }))

    expect(view.report).toHaveValue(
      reportText({ ...BASE_SECTIONS, findings: 'Lungs clear. No effusion.' }),
    )
    expect(within(saveStatus()).getByText('Saved')).toBeInTheDocument()
    expect(view.deps.draftStorage.load('O1')).toBeNull()
  })

  it('RP-6 a save waits for a reply still being written, then shows the conflict instead of overwriting', async () => {
    giveO1Report()
    const reply = holdRoute('post', 'sendMessage')
    const view = await renderEditor()
    await replaceText(view, view.report, reportText({ ...BASE_SECTIONS, findings: 'Nodule.' }))
    const sending = view.store.dispatch(
      conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', content: 'Add effusion' }),
    )

    await view.user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await within(saveStatus()).findByText('after the assistant’s reply')).toBeInTheDocument()
    expect(within(saveStatus()).getByText('Saving…')).toBeInTheDocument()
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)

    reply.release(() => {
      orderO1().report = buildReport({
        sections: { ...BASE_SECTIONS, findings: 'Small effusion.' },
        updated_at: LATER,
      })
      return HttpResponse.json({
        message_id: 'reply-2',
        content: 'Added.',
        created_at: LATER,
        report_updated: true,
      })
    })
    await sending

    const findings = await screen.findByRole('group', { name: 'Findings' })
    expect(within(findings).getByText('Small effusion.')).toBeInTheDocument()
    expect(within(findings).getByText('Nodule.')).toBeInTheDocument()
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
    expect(orderO1().report?.sections.findings).toBe('Small effusion.')
    expect(within(saveStatus()).getByText('Not saved')).toBeInTheDocument()
  })
})

describe('a write landing between the editor’s read and its own (If-Match)', () => {
  const REPORT_CHANGED_SHOWN =
    'The report changed elsewhere and was not finalized. Review the version now shown, then finalize again.'

  /**
   * Another tab writes the report just before our request reaches the server: the in-memory
   * server then sees our request with the version we read, no longer the current one.
   */
  function anotherTabWritesFirst(
    method: 'put' | 'post',
    route: 'saveReport' | 'finalizeReport',
    sections: Partial<ReportSections>,
  ) {
    server.use(
      http[method](
        routePattern(route),
        () => {
          const order = orderO1()
          const current = order.report?.sections ?? buildSections()
          order.report = buildReport({
            sections: { ...current, ...sections },
            updated_at: nextReportVersion(order.report),
          })
          // Nothing answered here: the request goes on to the in-memory server.
        },
        { once: true },
      ),
    )
  }

  const ifMatchOf = (request: { headers: Headers } | undefined) =>
    request?.headers.get('if-match') ?? null

  it('RP-2 a save names the version it was written against', async () => {
    giveO1Report()
    const view = await renderEditor()

    await view.user.type(view.impression, ' Stable.')
    await view.user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await within(saveStatus()).findByText('Saved')).toBeInTheDocument()
    expect(ifMatchOf(apiBackend.requestsTo('saveReport')[0])).toBe(`"${EARLIER}"`)
  })

  it('RP-2 the first save of a study without a report says it expects none', async () => {
    const view = await renderEditor()

    await view.user.type(view.impression, 'Normal.')
    await view.user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await within(saveStatus()).findByText('Saved')).toBeInTheDocument()
    const [put] = apiBackend.requestsTo('saveReport')
    expect(put?.headers.get('if-none-match')).toBe('*')
    expect(put?.headers.get('if-match')).toBeNull()
  })

  it('RP-6 a save refused (412) because another tab changed the same section shows the choice and keeps the text', async () => {
    const clock = useFakeClock()
    giveO1Report()
    anotherTabWritesFirst('put', 'saveReport', { findings: 'Small effusion, from another tab.' })
    const view = await renderEditor({ advanceTimers: clock.advanceTimers })
    const mine = reportText({ ...BASE_SECTIONS, findings: 'Nodule 6 mm.' })
    await replaceText(view, view.report, mine)

    await view.user.click(screen.getByRole('button', { name: 'Save' }))

    const findings = await screen.findByRole('group', { name: 'Findings' })
    expect(within(findings).getByText('Nodule 6 mm.')).toBeInTheDocument()
    expect(within(findings).getByText('Small effusion, from another tab.')).toBeInTheDocument()
    expect(view.report).toHaveValue(mine)
    expect(within(saveStatus()).getByText('Not saved')).toBeInTheDocument()
    expect(screen.queryByText('Your changes are not saved yet.')).not.toBeInTheDocument()
    // Refused, not written: the other tab's text stands on the server, ours waits for a choice.
    expect(orderO1().report?.sections.findings).toBe('Small effusion, from another tab.')
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    expect(view.deps.draftStorage.load('O1')).not.toBeNull()
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3)
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)

    // The choice is written against the other tab's version: accepted, no second 412.
    await view.user.click(within(findings).getByRole('button', { name: 'Keep mine' }))
    await view.user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => {
      expect(orderO1().report?.sections.findings).toBe('Nodule 6 mm.')
    })
    const puts = apiBackend.requestsTo('saveReport')
    expect(puts).toHaveLength(2)
    expect(ifMatchOf(puts[1])).not.toBe(ifMatchOf(puts[0]))
    expect(await within(saveStatus()).findByText('Saved')).toBeInTheDocument()
  })

  it('RP-6 a save refused (412) because another tab changed other sections takes theirs and saves again', async () => {
    giveO1Report()
    anotherTabWritesFirst('put', 'saveReport', { comparison: 'CT of 2024-01-02.' })
    const view = await renderEditor()

    await view.user.type(view.impression, ' Stable.')
    await view.user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => {
      expect(orderO1().report?.sections).toEqual({
        ...BASE_SECTIONS,
        comparison: 'CT of 2024-01-02.',
        impression: 'Normal. Stable.',
      })
    })
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(2)
    expect(await within(saveStatus()).findByText('Saved')).toBeInTheDocument()
    expect(view.report).toHaveValue(
      reportText({ ...BASE_SECTIONS, comparison: 'CT of 2024-01-02.' }),
    )
    expect(screen.queryByRole('group', { name: 'Comparison' })).not.toBeInTheDocument()
  })

  it('RP-3 RP-6 a finalize refused (412) because the report changed after it was read finalizes nothing and says why', async () => {
    giveO1Report()
    anotherTabWritesFirst('post', 'finalizeReport', { impression: 'Changed in another tab.' })
    const view = await renderEditor()

    await finalizeAndConfirm(view)

    expect(await screen.findByText(REPORT_CHANGED_SHOWN)).toBeInTheDocument()
    expect(ifMatchOf(apiBackend.requestsTo('finalizeReport')[0])).toBe(`"${EARLIER}"`)
    expect(orderO1().report?.is_final).toBe(false)
    expect(screen.queryByText(FINALIZED)).not.toBeInTheDocument()
    // The version the clinician has not seen yet is shown before anything can be signed.
    await waitFor(() => {
      expect(view.impression).toHaveValue('Changed in another tab.')
    })
    expect(view.impression).not.toHaveAttribute('readonly')
  })

  it('RP-3 RP-6 unsaved edits whose save is refused (412) are not finalized', async () => {
    giveO1Report()
    anotherTabWritesFirst('put', 'saveReport', { comparison: 'CT of 2024-01-02.' })
    const view = await renderEditor()
    await view.user.type(view.impression, ' Signed off.')

    await finalizeAndConfirm(view)

    expect(await screen.findByText(REPORT_CHANGED_SHOWN)).toBeInTheDocument()
    expect(apiBackend.requestsTo('finalizeReport')).toHaveLength(0)
    expect(orderO1().report?.is_final).toBe(false)
    expect(view.impression).toHaveValue('Normal. Signed off.')
    expect(view.report).toHaveValue(
      reportText({ ...BASE_SECTIONS, comparison: 'CT of 2024-01-02.' }),
    )
  })

  it('RP-6 save, the assistant changes the report through the chat, edit and save again: no 412 of our own making', async () => {
    giveO1Report()
    const answers: number[] = []
    const onResponse = ({ request, response }: { request: Request; response: Response }) => {
      if (request.method === 'PUT') answers.push(response.status)
    }
    server.events.on('response:mocked', onResponse)
    server.use(
      http.post(routePattern('sendMessage'), () => {
        const order = orderO1()
        const current = order.report?.sections ?? buildSections()
        order.report = buildReport({
          sections: { ...current, findings: 'Lungs clear. Small effusion.' },
          updated_at: nextReportVersion(order.report),
        })
        return HttpResponse.json({
          message_id: 'reply-1',
          content: 'I updated the findings.',
          created_at: LATER,
          report_updated: true,
        })
      }),
    )
    const view = await renderEditor()

    await view.user.type(view.impression, ' Stable.')
    await view.user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await within(saveStatus()).findByText('Saved')).toBeInTheDocument()
    const firstVersion = orderO1().report?.updated_at

    await askAssistant(view)
    await waitFor(() => {
      expect(view.report).toHaveValue(
        reportText({ ...BASE_SECTIONS, findings: 'Lungs clear. Small effusion.' }),
      )
    })
    const assistantVersion = orderO1().report?.updated_at
    expect(assistantVersion).not.toBe(firstVersion)

    await view.user.type(view.impression, ' No change.')
    await view.user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => {
      expect(orderO1().report?.sections.impression).toBe('Normal. Stable. No change.')
    })
    expect(await within(saveStatus()).findByText('Saved')).toBeInTheDocument()
    server.events.removeListener('response:mocked', onResponse)
    expect(answers).toEqual([200, 200])
    const puts = apiBackend.requestsTo('saveReport')
    expect(puts.map(ifMatchOf)).toEqual([`"${EARLIER}"`, `"${String(assistantVersion)}"`])
    expect(orderO1().report?.sections.findings).toBe('Lungs clear. Small effusion.')
    expect(screen.queryByRole('group', { name: 'Findings' })).not.toBeInTheDocument()
  })
})
