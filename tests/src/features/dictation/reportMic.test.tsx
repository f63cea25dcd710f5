/**
 * The report editor's microphone ('Dictate report', VC) as the clinician sees it: the open study's
 * report the way the workspace composes it (StudyReport: the report feature's editor with the
 * dictation feature's button put in), with the real store, the in-memory /api/v1 and the fake
 * speech engine.
 */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StudyChat } from '../../../../src/app/StudyChat'
import { StudyReport } from '../../../../src/app/StudyReport'
import { RequireSession } from '../../../../src/features/auth'
import { studySelected } from '../../../../src/features/orders'
import type { ReportSections } from '../../../../contract'
import { buildReport, buildSections, FIXED_TIME } from '../../../support/msw/data'
import { apiBackend, identityBackend } from '../../../support/msw/server'
import { renderApp } from '../../../support/render'
import { giveConversationALayout } from '../conversation/support'

giveConversationALayout()

async function renderStudyReport(
  sections: Partial<ReportSections> = {},
  { final = false, macros = [] as { name: string; text: string }[] } = {},
) {
  apiBackend.orders[0]!.report = buildReport({
    sections: buildSections(sections),
    ...(final ? { is_final: true, finalized_at: FIXED_TIME } : {}),
  })
  apiBackend.macros = macros.map((macro, index) => ({
    id: `MAC-${String(index + 1)}`,
    ...macro,
    created_at: FIXED_TIME,
    updated_at: FIXED_TIME,
  }))
  identityBackend.rememberSession('ada@example.org')
  const view = renderApp({
    routes: [
      {
        element: <RequireSession />,
        children: [
          {
            path: '*',
            element: (
              <>
                <StudyChat orderId="O1" />
                <StudyReport orderId="O1" />
              </>
            ),
          },
        ],
      },
    ],
  })
  const report = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Report' })
  const impression = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Impression' })
  view.store.dispatch(studySelected({ orderId: 'O1' }))
  return { ...view, report, impression, engine: view.deps.speech }
}

const dictateButton = () => screen.getByRole('button', { name: 'Dictate report' })

async function startDictating(view: Awaited<ReturnType<typeof renderStudyReport>>) {
  await waitFor(() => {
    expect(dictateButton()).toBeEnabled()
  })
  await view.user.click(dictateButton())
  // The chat's own button says 'Start dictation' and waits meanwhile.
  await screen.findByRole('button', { name: 'Stop dictation' })
  return view.engine.session
}

describe('the report microphone', () => {
  it('VC-18 stays red past 50 words: dictation into the report is never cleaned up, so it never pulses blue', async () => {
    const view = await renderStudyReport({ findings: 'Lungs clear.' })
    const session = await startDictating(view)
    const stop = screen.getByRole('button', { name: 'Stop dictation' })
    session.say(Array.from({ length: 60 }, (_, index) => `word${String(index)}`).join(' '))
    await waitFor(() => {
      expect(view.report.value).toContain('word59')
    })
    expect(stop).toHaveAttribute('data-state', 'recording')
  })

  it('VC-13 "Dictate report" records into the report, whose areas are dictation’s until "Stop dictation"', async () => {
    const view = await renderStudyReport({ findings: 'Lungs clear.' })
    const session = await startDictating(view)

    expect(screen.getByRole('button', { name: 'Start dictation' })).toBeDisabled()
    expect(view.report).toHaveAttribute('readonly')
    session.say('Small effusion.')
    await waitFor(() => {
      expect(view.report.value).toMatch(/FINDINGS:\nLungs clear\. Small effusion\.$/)
    })

    await view.user.click(screen.getByRole('button', { name: 'Stop dictation' }))
    await waitFor(() => {
      expect(dictateButton()).toBeEnabled()
    })
    expect(view.report).not.toHaveAttribute('readonly')
    expect(view.report.value).toMatch(/Lungs clear\. Small effusion\.$/)
  })

  it('RP-7 VC-1 dictating into a new report keeps its starting HISTORY and TECHNIQUE, and saves them', async () => {
    const view = await renderStudyReport()
    const start = 'HISTORY:\nPersistent cough\n\nTECHNIQUE:\nCT chest with contrast\n\n'
    expect(view.report).toHaveValue(`${start}COMPARISON:\n\n\nFINDINGS:\n`)

    const session = await startDictating(view)
    session.say('Small effusion.')

    await waitFor(() => {
      expect(view.report).toHaveValue(`${start}COMPARISON:\n\n\nFINDINGS:\nSmall effusion.`)
    })
    await view.user.click(screen.getByRole('button', { name: 'Stop dictation' }))
    await waitFor(() => {
      expect(apiBackend.requestsTo('saveReport').at(-1)?.body).toMatchObject({
        sections: {
          history: 'Persistent cough',
          technique: 'CT chest with contrast',
          findings: 'Small effusion.',
        },
      })
    })
  })

  it('VC-1 dictation lands where the clinician’s cursor was when it started', async () => {
    const view = await renderStudyReport({ findings: 'Clear.', impression: 'Normal study.' })
    await view.user.click(view.impression)
    view.impression.setSelectionRange(0, 0)

    const session = await startDictating(view)
    session.say('No change.')

    await waitFor(() => {
      expect(view.impression).toHaveValue('No change. Normal study.')
    })
  })

  it('VC-2 a field chosen by voice is selected in its area, and the next words replace it', async () => {
    const view = await renderStudyReport({ findings: 'Heart [size].', impression: '[impression]' })
    const session = await startDictating(view)

    session.say('Next field.')
    await waitFor(() => {
      expect(view.impression).toHaveFocus()
    })
    expect([view.impression.selectionStart, view.impression.selectionEnd]).toEqual([0, 12])

    session.say('Previous field.')
    const field = view.report.value.indexOf('[size]')
    await waitFor(() => {
      expect([view.report.selectionStart, view.report.selectionEnd]).toEqual([field, field + 6])
    })
    session.say('Enlarged.')
    await waitFor(() => {
      expect(view.report.value).toMatch(/FINDINGS:\nHeart enlarged\.$/)
    })
  })

  it('VC-8 an unknown macro is not typed, and a short note beside the microphone says so', async () => {
    const view = await renderStudyReport(
      { findings: 'Heart normal.' },
      { macros: [{ name: 'nml lungs', text: 'Lungs are clear.' }] },
    )
    const session = await startDictating(view)

    session.say('Insert spine normal.')
    expect(await screen.findByText('No macro is named ‘spine normal’.')).toBeInTheDocument()
    session.say('Insert NML lungs.')

    await waitFor(() => {
      expect(view.report.value).toMatch(/Heart normal\. Lungs are clear\.$/)
    })
    expect(view.report.value).not.toMatch(/spine/)
  })

  it('VC-15 the report areas, the chat input and the addendum box say which dictation target they are', async () => {
    const view = await renderStudyReport({ findings: 'Final text.' }, { final: true })

    expect(view.report).toHaveAttribute('data-dictation-target', 'report')
    expect(view.impression).toHaveAttribute('data-dictation-target', 'report')
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'data-dictation-target',
      'chat',
    )
    expect(await screen.findByRole('textbox', { name: 'Addendum' })).toHaveAttribute(
      'data-dictation-target',
      'addendum',
    )
  })

  it('VC-13 a final report has no report microphone', async () => {
    await renderStudyReport({ findings: 'Final text.' }, { final: true })

    await screen.findByRole('textbox', { name: 'Addendum' })
    expect(screen.queryByRole('button', { name: 'Dictate report' })).not.toBeInTheDocument()
  })
})
