/**
 * The 'Department' view with the real store and the in-memory backend (DEPT-19..DEPT-30): its
 * controls, the four figures with their tables in the accessibility tree, the period asked again
 * when the dates change, the empty period said in words, and the readers' tolerance.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DepartmentPage } from '../../../../src/features/department'
import { readTurnaroundStats, readVolumeStats } from '../../../../src/services/api/read/stats'
import { emptyStatsState, STATS_DEFAULT_WINDOW } from '../../../support/msw/statsBackend'
import { apiBackend } from '../../../support/msw/server'
import { renderWithProviders } from '../../../support/render'

const FIGURES = [
  'Turnaround',
  'Studies per hour',
  'Critical result communication',
  'Follow-up completion',
] as const

async function renderPage() {
  const view = renderWithProviders(<DepartmentPage />)
  await screen.findByRole('heading', { level: 1, name: 'Department' })
  return view
}

const figure = (name: string) => screen.findByRole('figure', { name })
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    )

describe('the Department view', () => {
  it("DEPT-19 'From' and 'To' show the server's period and 'Group by' offers Priority and Modality", async () => {
    await renderPage()
    await waitFor(() => {
      expect(screen.getByLabelText('From')).toHaveValue(STATS_DEFAULT_WINDOW.from)
    })
    expect(screen.getByLabelText('To')).toHaveValue(STATS_DEFAULT_WINDOW.to)
    const groupBy = screen.getByRole('combobox', { name: 'Group by' })
    expect(
      within(groupBy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Priority', 'Modality'])
    expect(screen.getByText('Days and hours in Europe/Berlin')).toBeInTheDocument()
  })

  it('DEPT-20 DEPT-24 four figures, each named by its heading, each with a captioned table', async () => {
    await renderPage()
    for (const name of FIGURES) {
      const shown = await figure(name)
      expect(within(shown).getByRole('heading', { level: 2, name })).toBeInTheDocument()
      expect(within(shown).getByRole('table')).toBeInTheDocument()
    }
  })

  it('DEPT-25 the turnaround table holds the count and every stage’s percentiles', async () => {
    await renderPage()
    const table = within(await figure('Turnaround')).getByRole('table', {
      name: /Turnaround in minutes by priority/,
    })
    expect(cells(table)).toContainEqual(['2 Nov', 'stat', '1', '12', '12', '30', '30', '42', '42'])
    expect(cells(table)).toContainEqual([
      'All days',
      'stat',
      '1',
      '12',
      '12',
      '30',
      '30',
      '42',
      '42',
    ])
  })

  it('DEPT-26 DEPT-27 DEPT-28 hours in the department’s zone, delays with the uncommunicated, the rate', async () => {
    await renderPage()
    const hours = within(await figure('Studies per hour')).getByRole('table')
    // 07:00 UTC is 08:00 in Berlin; the hour without studies is left out of the table.
    expect(cells(hours).slice(1)).toEqual([
      ['Mon 2 Nov, 08:00', '1', '0'],
      ['Mon 2 Nov, 09:00', '0', '1'],
    ])
    const critical = await figure('Critical result communication')
    expect(cells(within(critical).getByRole('table'))).toContainEqual([
      '2 Nov',
      '2',
      '10',
      '18',
      '20',
    ])
    expect(
      within(critical).getByText(
        '1 report stating a critical finding was signed without a recorded communication.',
      ),
    ).toBeInTheDocument()
    const followUps = within(await figure('Follow-up completion')).getByRole('table')
    expect(cells(followUps)).toContainEqual(['Nov 2026', '4', '2', '1', '1', '0', '50%'])
  })

  it("DEPT-24 'Show table' shows a figure's table on screen and says it is expanded", async () => {
    const view = await renderPage()
    const turnaround = await figure('Turnaround')
    const toggle = within(turnaround).getByRole('button', { name: 'Show table' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await view.user.click(toggle)
    expect(within(turnaround).getByRole('button', { name: 'Hide table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    expect(within(turnaround).getByRole('table')).toBeVisible()
  })

  it('DEPT-21 changing the dates or the grouping asks for that period and grouping', async () => {
    const view = await renderPage()
    await figure('Turnaround')
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'Modality')
    await waitFor(() => {
      expect(apiBackend.requestsTo('turnaroundStats').at(-1)?.query?.get('by')).toBe('modality')
    })
    // A date input takes its whole value at once (typing it digit by digit is the browser's).
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } })
    await waitFor(() => {
      const asked = apiBackend.requestsTo('volumeStats').at(-1)?.query
      expect([asked?.get('from'), asked?.get('to')]).toEqual(['2026-11-01', '2026-11-20'])
    })
  })

  it("DEPT-21 a 'From' after 'To' is said and not asked for", async () => {
    await renderPage()
    await figure('Turnaround')
    const asked = apiBackend.requestsTo('volumeStats').length
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } })
    expect(await screen.findByRole('alert')).toHaveTextContent("'From' must be on or before 'To'.")
    expect(apiBackend.requestsTo('volumeStats')).toHaveLength(asked)
  })

  it('DEPT-29 an empty period says so in words for every chart, never an empty axis', async () => {
    apiBackend.stats = emptyStatsState()
    await renderPage()
    for (const [name, text] of [
      ['Turnaround', 'No signed reports in this period.'],
      ['Studies per hour', 'No studies ordered or signed in this period.'],
      ['Critical result communication', 'No communicated critical findings in this period.'],
      ['Follow-up completion', 'No follow-ups due in this period.'],
    ] as const) {
      const shown = await figure(name)
      expect(within(shown).getByText(text)).toBeInTheDocument()
      expect(within(shown).queryByRole('table')).not.toBeInTheDocument()
    }
  })

  it('DEPT-30 the readers keep what they can place and count what they cannot', () => {
    const turnaround = readTurnaroundStats({
      from: '2026-11-01',
      to: '2026-11-02',
      by: 'weekly',
      days: [
        { day: 'soon', group: 'stat' },
        { day: '2026-11-01', group: 'CT', count: -1 },
      ],
      overall: [{ group: 'CT', ordered_to_signed: { p50: 'fast', p90: 9 } }],
    })
    expect(turnaround).toMatchObject({
      ok: true,
      value: {
        by: 'priority',
        time_zone: '',
        days: [{ day: '2026-11-01', group: 'CT', count: 0 }],
        overall: [{ group: 'CT', ordered_to_signed: { p50: null, p90: 9 } }],
      },
      skipped: { count: 1, fields: ['days'] },
    })
    expect(readVolumeStats('no numbers')).toEqual({
      ok: false,
      issues: ['the answer is not an object'],
    })
  })
})
