/**
 * The Finalize dialog's pre-sign check and critical result form (issue 18), with the real store,
 * sagas and MSW: the check runs as Finalize is pressed, on the editor's text; blocking issues
 * come first; a block is signed over only with a reason; a critical finding only once its
 * communication is recorded; a check that cannot run stops nothing; the server's refusals
 * (unfilled fields, a critical result nobody was told of) are shown and the text kept.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  CRITICAL_NOT_COMMUNICATED_ERROR,
  UNFILLED_FIELDS_ERROR,
  type QaIssue,
} from '../../../../contract'
import { FINALIZE_QUESTION, FINALIZED_NOTICE } from '../../../../src/features/report'
import { routePattern } from '../../../support/msw/apiBackend'
import { buildReport, buildSections, FIXED_TIME } from '../../../support/msw/data'
import { apiBackend, server } from '../../../support/msw/server'
import { renderReportEditor, type EditorView } from './support'

const FINALIZED = FINALIZED_NOTICE
const SECTIONS = buildSections({
  history: 'Chest pain.',
  technique: 'CTA chest.',
  comparison: 'None.',
  findings: 'Filling defect in the right lower lobe artery.',
  impression: 'Acute pulmonary embolism.',
})

function giveO1Report(): void {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  order.report = buildReport({ sections: SECTIONS, updated_at: FIXED_TIME })
}

const issue = (overrides: Partial<QaIssue>): QaIssue => ({
  code: 'repeated_words',
  severity: 'warn',
  section: 'findings',
  message: 'Repeated word: "the".',
  excerpt: 'the the artery',
  ...overrides,
})
const LATERALITY = issue({
  code: 'laterality',
  severity: 'block',
  section: 'impression',
  message: 'Right side named in a left-sided study.',
  excerpt: 'right lower lobe',
})
const CRITICAL = issue({
  code: 'critical',
  severity: 'block',
  section: 'impression',
  message: 'Critical finding: pulmonary embolism. Communicate it and record the communication.',
  excerpt: 'Acute pulmonary embolism.',
})

/** The check answers these issues; answers what each check was sent. */
function checkAnswers(issues: QaIssue[]): unknown[] {
  const sent: unknown[] = []
  server.use(
    http.post(routePattern('checkReport'), async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json({ issues })
    }),
  )
  return sent
}

async function openFinalize(view: EditorView): Promise<HTMLElement> {
  await view.user.click(screen.getByRole('button', { name: 'Finalize' }))
  const dialog = await screen.findByRole('alertdialog')
  await waitFor(() => {
    expect(within(dialog).queryByText('Checking the report…')).not.toBeInTheDocument()
  })
  return dialog
}

const confirmOf = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Finalize' })

describe('the Finalize dialog: pre-sign checks', () => {
  it('QA-16 Finalize runs the check on the editor’s text and lists blocking issues first, each with its message and excerpt, under the spec’s question', async () => {
    giveO1Report()
    const checks = checkAnswers([issue({}), LATERALITY])
    const view = await renderReportEditor()
    await view.user.type(view.impression, ' Unsaved.')

    const dialog = await openFinalize(view)

    expect(within(dialog).getByText(FINALIZE_QUESTION)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    expect(checks).toEqual([
      {
        sections: { ...SECTIONS, impression: 'Acute pulmonary embolism. Unsaved.' },
      },
    ])
    const items = within(within(dialog).getByRole('list', { name: 'Pre-sign check issues' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual([
      'Must fixRight side named in a left-sided study.“right lower lobe”',
      'WarningRepeated word: "the".“the the artery”',
    ])
  })

  it('QA-17 a blocking issue keeps Finalize disabled until Override is chosen with a reason, which goes with the signature', async () => {
    giveO1Report()
    checkAnswers([LATERALITY])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)
    expect(confirmOf(dialog)).toBeDisabled()

    await view.user.click(within(dialog).getByLabelText('Override'))
    const reason = within(dialog).getByLabelText(/Override reason/)
    expect(confirmOf(dialog)).toBeDisabled()
    await view.user.type(reason, '   ')
    expect(confirmOf(dialog)).toBeDisabled()
    await view.user.type(reason, 'Order placed for the wrong side; confirmed with the RIS.')
    expect(confirmOf(dialog)).toBeEnabled()
    await view.user.click(confirmOf(dialog))

    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(apiBackend.requestsTo('finalizeReport')[0]?.body).toEqual({
      qa_override: {
        reason: 'Order placed for the wrong side; confirmed with the RIS.',
        codes: ['laterality'],
      },
    })
  })

  it('QA-22 a report signed over a blocking issue shows, under its signature, what it was signed over and why', async () => {
    giveO1Report()
    checkAnswers([LATERALITY])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)
    await view.user.click(within(dialog).getByLabelText('Override'))
    await view.user.type(within(dialog).getByLabelText(/Override reason/), 'Wrong side ordered.')
    await view.user.click(confirmOf(dialog))

    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    const signedOver = 'Signed over the pre-sign check (laterality): Wrong side ordered.'
    expect(screen.getByText(signedOver)).toBeInTheDocument()

    // The report's history says it too, on the signature's revision.
    await view.user.click(screen.getByRole('button', { name: 'Report history' }))
    const history = await screen.findByRole('dialog', { name: 'Report history' })
    const [signature] = await within(history).findAllByRole('listitem')
    expect(signature).toHaveTextContent('Signed')
    expect(within(signature!).getByText(signedOver)).toBeInTheDocument()
  })

  it('QA-18 warnings alone do not stop the signature, and nothing but the spec’s bodiless call is sent', async () => {
    giveO1Report()
    checkAnswers([issue({})])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)

    expect(within(dialog).queryByLabelText('Override')).not.toBeInTheDocument()
    await view.user.click(confirmOf(dialog))

    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(apiBackend.requestsTo('finalizeReport')[0]?.body).toBeNull()
  })

  it('QA-19 a check that cannot run (404 of a spec backend, a network failure) says so and lets the clinician sign', async () => {
    giveO1Report()
    server.use(
      http.post(routePattern('checkReport'), () =>
        HttpResponse.json({ error: 'not_found', message: 'no route' }, { status: 404 }),
      ),
    )
    const view = await renderReportEditor()
    let dialog = await openFinalize(view)
    expect(within(dialog).getByText(/The pre-sign checks could not run/)).toBeInTheDocument()
    expect(confirmOf(dialog)).toBeEnabled()
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })

    server.use(http.post(routePattern('checkReport'), () => HttpResponse.error()))
    dialog = await openFinalize(view)
    expect(within(dialog).getByText(/The pre-sign checks could not run/)).toBeInTheDocument()
    await view.user.click(confirmOf(dialog))
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
  })

  it('QA-20 the server’s refusal of unfilled fields (409 unfilled_fields) is shown and the text kept', async () => {
    giveO1Report()
    server.use(
      http.post(routePattern('finalizeReport'), () =>
        HttpResponse.json(
          {
            error: UNFILLED_FIELDS_ERROR,
            message:
              'The report holds 2 [bracketed fields] of its template still to fill in; it was not finalized.',
            count: 2,
          },
          { status: 409 },
        ),
      ),
    )
    const view = await renderReportEditor()
    await view.user.type(view.impression, ' Kept.')
    const dialog = await openFinalize(view)
    await view.user.click(confirmOf(dialog))

    expect(
      await screen.findByText(/The report holds 2 \[bracketed fields\] of its template/),
    ).toBeInTheDocument()
    expect(screen.queryByText(FINALIZED)).not.toBeInTheDocument()
    expect(view.impression).toHaveValue('Acute pulmonary embolism. Kept.')
    expect(view.impression).not.toHaveAttribute('readonly')
  })

  it('QA-21 a report with no issue says so, and a new check after a change starts without the earlier override', async () => {
    giveO1Report()
    checkAnswers([LATERALITY])
    const view = await renderReportEditor()
    let dialog = await openFinalize(view)
    await view.user.click(within(dialog).getByLabelText('Override'))
    await view.user.type(within(dialog).getByLabelText(/Override reason/), 'Because.')
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })

    checkAnswers([])
    await view.user.type(view.impression, ' Fixed.')
    dialog = await openFinalize(view)
    expect(within(dialog).getByText('The pre-sign checks found no issue.')).toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Override')).not.toBeInTheDocument()
    expect(confirmOf(dialog)).toBeEnabled()
  })
})

describe('the Finalize dialog: critical results', () => {
  async function fillCommunication(view: EditorView, dialog: HTMLElement) {
    const form = within(dialog).getByRole('group', { name: 'Critical result communication' })
    await view.user.type(within(form).getByLabelText(/Recipient/), 'Dr. Grace Hopper')
    await view.user.type(within(form).getByLabelText(/Role/), 'Referring physician')
    await view.user.selectOptions(within(form).getByLabelText('Method'), 'Secure message')
    const at = within(form).getByLabelText(/Communicated at/)
    expect((at as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    await view.user.click(within(form).getByLabelText('Read back'))
    return form
  }

  it('CR-14 a critical finding with no communication shows the form and keeps Finalize disabled; no Override is offered for it', async () => {
    giveO1Report()
    checkAnswers([CRITICAL])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)

    const form = within(dialog).getByRole('group', { name: 'Critical result communication' })
    for (const label of [/Recipient/, /Role/, 'Method', /Communicated at/, 'Read back'])
      expect(within(form).getByLabelText(label)).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Record communication' })).toBeDisabled()
    expect(within(dialog).queryByLabelText('Override')).not.toBeInTheDocument()
    expect(confirmOf(dialog)).toBeDisabled()
    expect(apiBackend.requestsTo('listCommunications')).toHaveLength(1)
  })

  it('CR-15 CR-19 recording the communication (201) shows the record and allows signing; the signed report shows it under the signature', async () => {
    giveO1Report()
    checkAnswers([CRITICAL])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)
    const form = await fillCommunication(view, dialog)

    await view.user.click(within(form).getByRole('button', { name: 'Record communication' }))

    expect(
      await within(dialog).findByText(
        /^Critical result communicated to Dr\. Grace Hopper \(Referring physician\) by secure message at .+; read back\.$/,
      ),
    ).toBeInTheDocument()
    const [sent] = apiBackend.requestsTo('recordCommunication')
    expect(sent?.body).toMatchObject({
      recipient: 'Dr. Grace Hopper',
      role: 'Referring physician',
      method: 'secure_message',
      read_back: true,
    })
    expect(
      new Date((sent?.body as { communicated_at: string }).communicated_at).getTime(),
    ).not.toBeNaN()
    expect(
      within(dialog).queryByRole('button', { name: 'Record communication' }),
    ).not.toBeInTheDocument()
    await waitFor(() => {
      expect(confirmOf(dialog)).toBeEnabled()
    })
    await view.user.click(confirmOf(dialog))
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    // CR-19: the signed report shows it under the signature.
    expect(
      await screen.findByRole('group', { name: 'Critical result communications' }),
    ).toHaveTextContent(
      /^Critical result communicated to Dr\. Grace Hopper \(Referring physician\) by secure message at .+; read back\.$/,
    )
  })

  it('CR-20 a signed report on a backend without communications shows the signature alone', async () => {
    const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
    if (!order) throw new Error('the demo data has order O1')
    order.report = buildReport({ sections: SECTIONS, updated_at: FIXED_TIME, is_final: true })
    let asked = false
    server.use(
      http.get(routePattern('listCommunications'), () => {
        asked = true
        return HttpResponse.json({ error: 'not_found' }, { status: 404 })
      }),
    )
    await renderReportEditor()
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    await waitFor(() => {
      expect(asked).toBe(true)
    })
    expect(screen.queryByRole('group', { name: 'Critical result communications' })).toBeNull()
  })

  it('CR-16 a 409 critical_result_not_communicated from finalize (the check could not run) opens the same form and keeps the text', async () => {
    giveO1Report()
    server.use(http.post(routePattern('checkReport'), () => HttpResponse.error()))
    let refuse = true
    server.use(
      http.post(routePattern('finalizeReport'), () => {
        if (!refuse) return undefined
        return HttpResponse.json(
          { error: CRITICAL_NOT_COMMUNICATED_ERROR, message: 'Record who was told.' },
          { status: 409 },
        )
      }),
    )
    const view = await renderReportEditor()
    await view.user.type(view.impression, ' Typed.')
    let dialog = await openFinalize(view)
    await view.user.click(confirmOf(dialog))

    dialog = await screen.findByRole('alertdialog')
    const form = await within(dialog).findByRole('group', { name: 'Critical result communication' })
    expect(view.impression).toHaveValue('Acute pulmonary embolism. Typed.')
    expect(confirmOf(dialog)).toBeDisabled()
    await fillCommunication(view, dialog)
    refuse = false
    await view.user.click(within(form).getByRole('button', { name: 'Record communication' }))
    await waitFor(() => {
      expect(confirmOf(dialog)).toBeEnabled()
    })
    await view.user.click(confirmOf(dialog))
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
  })

  it('CR-17 a communication the server refuses keeps the form filled and says it was not recorded', async () => {
    giveO1Report()
    checkAnswers([CRITICAL])
    server.use(
      http.post(routePattern('recordCommunication'), () =>
        HttpResponse.json(
          { error: 'bad_request', message: 'body.communicated_at: must not be in the future' },
          { status: 400 },
        ),
      ),
    )
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)
    const form = await fillCommunication(view, dialog)
    await view.user.click(within(form).getByRole('button', { name: 'Record communication' }))

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      /The communication was not recorded/,
    )
    expect(within(form).getByLabelText(/Recipient/)).toHaveValue('Dr. Grace Hopper')
    expect(confirmOf(dialog)).toBeDisabled()
  })

  it('CR-18 a communication already recorded is shown and the report may be signed at once', async () => {
    giveO1Report()
    checkAnswers([CRITICAL])
    apiBackend.communications.set('O1', [
      {
        id: 'CR1',
        recipient: 'Dr. Lin',
        role: 'ED attending',
        method: 'in_person',
        communicated_at: FIXED_TIME,
        read_back: false,
        recorded_by: { user_id: 'U1', name: 'Dr Test' },
        recorded_at: FIXED_TIME,
      },
    ])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)

    expect(
      within(dialog).getByText(
        /^Critical result communicated to Dr\. Lin \(ED attending\) in person at .+; not read back\.$/,
      ),
    ).toBeInTheDocument()
    expect(
      within(dialog).queryByRole('button', { name: 'Record communication' }),
    ).not.toBeInTheDocument()
    expect(confirmOf(dialog)).toBeEnabled()
  })
})
