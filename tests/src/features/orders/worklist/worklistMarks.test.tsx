/**
 * WL-8..WL-10, WL-13: what a row says of the department: how long the study has waited (every
 * minute, without the list rendering again), a stat or urgent study past its target (never a
 * signed one), and who else reads it.
 */
import { act, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Sidebar } from '../../../../../src/features/orders'
import { loadConfig } from '../../../../../src/shared/config'
import { sessionStarted } from '../../../../../src/shared/events'
import { TEST_CLINICIAN } from '../../../../support/msw/apiBackend'
import { buildOrder, buildPatient, buildReport, FIXED_TIME } from '../../../../support/msw/data'
import { renderWithProviders, useFakeClock } from '../../../../support/render'
import { seedWorklist } from './worklistHelpers'
import { worklist } from './worklistHelpers.pages'

const at = (minutesAfterOrder: number) =>
  new Date(Date.parse(FIXED_TIME) + minutesAfterOrder * 60_000 + 5_000)

async function rowOf(accession: string) {
  return within(await worklist()).getByRole('option', { name: new RegExp(accession) })
}

function seedOne(overrides: Parameters<typeof buildOrder>[0]) {
  const patient = buildPatient()
  seedWorklist([patient], [buildOrder({ patient, accession_number: 'ACC-1', ...overrides })])
}

describe('the waiting clock', () => {
  it('WL-8 shows how long the study has waited and moves on each minute', async () => {
    const clock = useFakeClock()
    vi.setSystemTime(at(125))
    seedOne({ priority: 'routine' })
    renderWithProviders(<Sidebar open />, clock)

    const row = await rowOf('ACC-1')
    expect(row).toHaveTextContent('Waiting 2 h 5 min')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000)
    })
    expect(row).toHaveTextContent('Waiting 2 h 6 min')
    expect(row).not.toHaveTextContent('past the stat target')
  })

  it('WL-9 a stat study waiting past the target (30 min by default) is marked, in words too', async () => {
    const clock = useFakeClock()
    vi.setSystemTime(at(31))
    seedOne({ priority: 'stat' })
    renderWithProviders(<Sidebar open />, clock)

    const row = await rowOf('ACC-1')
    expect(row).toHaveTextContent('⚠ Waiting 31 min, past the stat target of 30 min')
    expect(within(row).getByTitle('Past the stat target of 30 min')).toHaveAttribute('data-overdue')
  })

  it('WL-9 the target is VITE_STAT_TARGET_MINUTES; under it, and other priorities, are not marked', async () => {
    const clock = useFakeClock()
    vi.setSystemTime(at(45))
    const patient = buildPatient()
    seedWorklist(
      [patient],
      [
        buildOrder({ patient, accession_number: 'ACC-S', priority: 'stat' }),
        buildOrder({ patient, accession_number: 'ACC-U', priority: 'urgent' }),
      ],
    )
    const config = loadConfig({ DEV: false, VITE_STAT_TARGET_MINUTES: '60' })
    renderWithProviders(<Sidebar open />, { ...clock, config })

    expect(await rowOf('ACC-S')).toHaveTextContent('Waiting 45 min')
    expect(await rowOf('ACC-S')).not.toHaveTextContent('past the stat target')
    expect(() => loadConfig({ VITE_STAT_TARGET_MINUTES: 'soon' })).toThrow(
      /VITE_STAT_TARGET_MINUTES/,
    )
  })

  it('WL-13 EV-11 an urgent study waiting past its target (60 min by default) is marked, in words too; a signed one is not', async () => {
    const clock = useFakeClock()
    vi.setSystemTime(at(61))
    const patient = buildPatient()
    seedWorklist(
      [patient],
      [
        buildOrder({ patient, accession_number: 'ACC-U', priority: 'urgent' }),
        buildOrder({
          patient,
          accession_number: 'ACC-SIGNED',
          priority: 'stat',
          report: buildReport({ is_final: true }),
        }),
      ],
    )
    renderWithProviders(<Sidebar open />, clock)

    const row = await rowOf('ACC-U')
    expect(row).toHaveTextContent('⚠ Waiting 1 h 1 min, past the urgent target of 60 min')
    expect(within(row).getByTitle('Past the urgent target of 60 min')).toHaveAttribute(
      'data-overdue',
    )
    // A signed study is read: its clock runs on, unmarked.
    const signed = await rowOf('ACC-SIGNED')
    expect(signed).toHaveTextContent('Waiting 1 h 1 min')
    expect(signed).not.toHaveTextContent('past the')
    expect(within(signed).queryByTitle(/^Past the/)).toBeNull()
  })

  it('WL-13 the urgent target is VITE_URGENT_TARGET_MINUTES; under it the study is not marked', async () => {
    const clock = useFakeClock()
    vi.setSystemTime(at(61))
    seedOne({ priority: 'urgent' })
    const config = loadConfig({ DEV: false, VITE_URGENT_TARGET_MINUTES: '90' })
    renderWithProviders(<Sidebar open />, { ...clock, config })

    expect(await rowOf('ACC-1')).toHaveTextContent('Waiting 1 h 1 min')
    expect(await rowOf('ACC-1')).not.toHaveTextContent('past the urgent target')
    expect(loadConfig({}).waitTargets).toEqual({ stat: 30, urgent: 60 })
    expect(() => loadConfig({ VITE_URGENT_TARGET_MINUTES: 'soon' })).toThrow(
      /VITE_URGENT_TARGET_MINUTES/,
    )
  })

  it('WL-8 a study without an order time shows no clock', async () => {
    const patient = buildPatient()
    const order = buildOrder({ patient, accession_number: 'ACC-1' })
    seedWorklist([patient], [{ ...order, ordered_at: 'whenever' }])
    renderWithProviders(<Sidebar open />)
    expect(await rowOf('ACC-1')).not.toHaveTextContent('Waiting')
  })
})

describe('claims in the worklist', () => {
  it("WL-10 a study someone else reads says 'Being read by NAME'; the clinician's own says nothing", async () => {
    const patient = buildPatient()
    seedWorklist(
      [patient],
      [
        buildOrder({
          patient,
          accession_number: 'ACC-THEIRS',
          claimed_by: { user_id: 'U-other', name: 'Dr Other', since: FIXED_TIME },
        }),
        buildOrder({
          patient,
          accession_number: 'ACC-MINE',
          claimed_by: { ...TEST_CLINICIAN, since: FIXED_TIME },
        }),
        buildOrder({ patient, accession_number: 'ACC-FREE', claimed_by: null }),
      ],
    )
    const { store } = renderWithProviders(<Sidebar open />)
    store.dispatch(sessionStarted({ userId: TEST_CLINICIAN.user_id }))

    expect(await rowOf('ACC-THEIRS')).toHaveTextContent('Being read by Dr Other')
    expect(await rowOf('ACC-MINE')).not.toHaveTextContent('Being read by')
    expect(await rowOf('ACC-FREE')).not.toHaveTextContent('Being read by')
    expect(screen.getAllByText(/^Being read by/)).toHaveLength(1)
  })
})
