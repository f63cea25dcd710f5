/**
 * The Finalize dialog's critical result form (issue 18), with the real store, sagas and MSW: a
 * critical finding is signed only once its communication is recorded; a refusal says why in a
 * sentence and keeps the form; a record made earlier lets signing go on at once.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { CRITICAL_NOT_COMMUNICATED_ERROR } from '../../../../../contract'
import { readEventStream } from '../../../../../src/services/events/eventStream'
import { routePattern } from '../../../../support/msw/apiBackend'
import { buildReport, FIXED_TIME } from '../../../../support/msw/data'
import { serveLiveStream } from '../../../../support/msw/liveStream'
import { apiBackend, server } from '../../../../support/msw/server'
import {
  CRITICAL,
  checkAnswers,
  confirmOf,
  FINALIZED,
  giveO1Report,
  openFinalize,
  SECTIONS,
} from './finalizeSupport'
import { createTestDeps } from '../../../../support/render'
import { renderReportEditor, type EditorView } from '../support'

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

  it('CR-21 a communication a colleague records after the signature reaches the open signed report through the live stream', async () => {
    const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
    if (!order) throw new Error('the demo data has order O1')
    const signed = buildReport({ sections: SECTIONS, updated_at: FIXED_TIME, is_final: true })
    order.report = { ...signed, communications: [] }
    let asked = false
    server.use(
      http.get(routePattern('listCommunications'), () => {
        asked = true
        return HttpResponse.json([])
      }),
    )
    const stream = serveLiveStream()
    await renderReportEditor({ deps: createTestDeps({ liveEvents: readEventStream }) })
    expect(await screen.findByText(FINALIZED)).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Critical result communications' })).toBeNull()
    const told = {
      ...order,
      report: {
        ...signed,
        updated_at: new Date(Date.parse(FIXED_TIME) + 60_000).toISOString(),
        communications: [
          {
            id: 'CR9',
            recipient: 'Dr. Lin',
            role: 'ED attending',
            method: 'phone',
            communicated_at: FIXED_TIME,
            read_back: true,
            recorded_by: { user_id: 'U2', name: 'Dr Colleague' },
            recorded_at: FIXED_TIME,
          },
        ],
      },
    }
    await stream.connected()
    stream.send('8.1', 'report.communication', 'O1', told)

    const under = await screen.findByRole('group', { name: 'Critical result communications' })
    expect(under).toHaveTextContent(
      /^Critical result communicated to Dr\. Lin \(ED attending\) by phone at .+; read back\.$/,
    )
    // The report carries its communications: the list is never asked for.
    expect(asked).toBe(false)
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

  it.each([
    {
      what: 'a 400 naming a field path',
      answer: () =>
        HttpResponse.json(
          { error: 'bad_request', message: 'body.communicated_at: must not be in the future' },
          { status: 400 },
        ),
      says: /did not accept the fields\. Check that the time is not in the future/,
    },
    {
      what: 'a 503',
      answer: () => HttpResponse.json({ error: 'unavailable', message: 'busy' }, { status: 503 }),
      says: /could not be reached or failed\. Your entries are kept/,
    },
    {
      what: 'a network failure',
      answer: () => HttpResponse.error(),
      says: /could not be reached or failed\. Your entries are kept/,
    },
  ])(
    'CR-17 a communication refused ($what) keeps the form filled and says in a sentence why it was not recorded',
    async ({ answer, says }) => {
      giveO1Report()
      checkAnswers([CRITICAL])
      server.use(http.post(routePattern('recordCommunication'), answer))
      const view = await renderReportEditor()
      const dialog = await openFinalize(view)
      const form = await fillCommunication(view, dialog)
      await view.user.click(within(form).getByRole('button', { name: 'Record communication' }))

      const alert = await within(form).findByRole('alert')
      expect(alert).toHaveTextContent(/^The communication was not recorded: /)
      expect(alert).toHaveTextContent(says)
      expect(alert).not.toHaveTextContent(/body\.|API Error/)
      expect(within(form).getByLabelText(/Recipient/)).toHaveValue('Dr. Grace Hopper')
      expect(within(form).getByLabelText(/Role/)).toHaveValue('Referring physician')
      expect(confirmOf(dialog)).toBeDisabled()
    },
  )

  it('CR-17 a time in the future is refused in the form before anything is sent', async () => {
    giveO1Report()
    checkAnswers([CRITICAL])
    const view = await renderReportEditor()
    const dialog = await openFinalize(view)
    const form = await fillCommunication(view, dialog)
    const at = within(form).getByLabelText(/Communicated at/)
    const record = within(form).getByRole('button', { name: 'Record communication' })
    expect(record).toBeEnabled()

    const tomorrow = new Date(Date.now() + 24 * 3_600_000)
    const pad = (n: number) => String(n).padStart(2, '0')
    fireEvent.change(at, {
      target: {
        value: `${String(tomorrow.getFullYear())}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T${pad(tomorrow.getHours())}:${pad(tomorrow.getMinutes())}`,
      },
    })
    expect(
      await within(form).findByText('The time communicated cannot be in the future.'),
    ).toBeVisible()
    expect(record).toBeDisabled()
    await view.user.click(record)
    expect(apiBackend.requestsTo('recordCommunication')).toHaveLength(0)
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
