/**
 * ED-5..ED-9: a new report starts with HISTORY from the order's indication and TECHNIQUE from its
 * exam description, with the real store, the report saga and the in-memory /api/v1: shown only
 * until the clinician writes, never saved by the editor opening, saved with the first edit.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AUTOSAVE_DELAY_MS } from '../../../../../src/features/report'
import { createPreferenceStorage } from '../../../../../src/services/storage/preferenceStorage'
import { buildOrder, buildReport, buildSections } from '../../../../support/msw/data'
import { apiBackend } from '../../../../support/msw/server'
import { renderReportEditor } from '../support'

function orderO1() {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  return order
}

const STARTING_TEXT =
  'HISTORY:\nPersistent cough\n\nTECHNIQUE:\nCT chest with contrast\n\nCOMPARISON:\n\n\nFINDINGS:\n'

const pause = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms)
  })

describe('a new report’s starting text', () => {
  it('ED-6 opening the editor saves nothing; the first edit saves the starting text with it', async () => {
    const view = await renderReportEditor()
    expect(view.report).toHaveValue(STARTING_TEXT)

    await pause(AUTOSAVE_DELAY_MS + 500)
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
    expect(screen.queryByText('Not saved', { exact: true })).not.toBeInTheDocument()

    await view.user.type(view.report, 'Lungs clear.')

    await waitFor(() => {
      expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    })
    expect(apiBackend.requestsTo('saveReport')[0]?.body).toMatchObject({
      sections: {
        history: 'Persistent cough',
        technique: 'CT chest with contrast',
        comparison: '',
        findings: 'Lungs clear.',
        impression: '',
      },
    })
    expect(screen.getByRole('button', { name: 'Finalize' })).toBeEnabled()
  })

  it('ED-5 an order without an indication (the product spec’s) starts with TECHNIQUE only', async () => {
    // The product spec's orders carry no indication at all.
    Reflect.deleteProperty(orderO1(), 'indication')
    const view = await renderReportEditor()

    expect(view.report).toHaveValue(
      'HISTORY:\n\n\nTECHNIQUE:\nCT chest with contrast\n\nCOMPARISON:\n\n\nFINDINGS:\n',
    )
  })

  it('ED-8 a report the server holds text of is shown as it is, with nothing added', async () => {
    orderO1().report = buildReport({
      sections: buildSections({ findings: 'Lungs clear.', impression: 'Normal.' }),
      updated_at: '2025-03-04T14:00:00.000Z',
    })
    const view = await renderReportEditor()

    expect(view.report).toHaveValue(
      'HISTORY:\n\n\nTECHNIQUE:\n\n\nCOMPARISON:\n\n\nFINDINGS:\nLungs clear.',
    )
  })

  it('ED-9 Use as comparison on a new report keeps its starting text, and saves it', async () => {
    const o1 = orderO1()
    apiBackend.orders.push(
      buildOrder({
        id: 'P-old',
        patient: o1.patient,
        study_description: 'CT chest without contrast',
        accession_number: 'ACC-0900',
        ordered_at: '2026-03-02T10:00:00.000Z',
      }),
    )
    const view = await renderReportEditor()
    const priors = await screen.findByRole('region', { name: 'Priors' })
    const [prior] = await within(priors).findAllByRole('listitem')

    await view.user.click(within(prior!).getByRole('button', { name: 'Use as comparison' }))

    expect(view.report.value).toMatch(/^HISTORY:\nPersistent cough\n\nTECHNIQUE:\nCT chest with/)
    await waitFor(() => {
      expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    })
    expect(apiBackend.requestsTo('saveReport')[0]?.body).toMatchObject({
      sections: { history: 'Persistent cough', technique: 'CT chest with contrast' },
    })
  })

  it('ED-7 starting text the clinician changed is their text: a template asks before replacing it', async () => {
    const view = await renderReportEditor()
    view.report.focus()
    view.report.setSelectionRange(
      STARTING_TEXT.indexOf('CT chest'),
      STARTING_TEXT.indexOf('CT chest'),
    )
    await view.user.type(view.report, 'Helical ', { skipClick: true })

    await view.user.click(screen.getByRole('button', { name: 'Insert template' }))
    const list = await screen.findByRole('list', { name: 'Templates' })
    await view.user.click(within(list).getAllByRole('button')[0]!)

    expect(await screen.findByText(/Technique/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add below' })).toBeInTheDocument()
  })
})

describe('the layout preferences', () => {
  it('ED-4 a stored preference that cannot be read, or storage the browser refuses, is no preference', () => {
    const stored = new Map<string, string>()
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => {
        stored.set(key, value)
      },
    }
    const preferences = createPreferenceStorage(() => storage)
    expect(preferences.read()).toEqual({})
    stored.set('readout:preferences:v1', '{"reportEditorOpen":"yes"}')
    expect(preferences.read()).toEqual({})
    stored.set('readout:preferences:v1', 'not json')
    expect(preferences.read()).toEqual({})
    preferences.write({ reportEditorOpen: false })
    expect(preferences.read()).toEqual({ reportEditorOpen: false })

    const refused = createPreferenceStorage(() => {
      throw new Error('SecurityError')
    })
    expect(refused.read()).toEqual({})
    expect(() => {
      refused.write({ reportEditorOpen: false })
    }).not.toThrow()
  })
})
