/**
 * WS-8: the header names the open study's patient with their age in whole years and their sex.
 * The age is tested with the app's clock pinned, on, before and after a birthday and for a
 * 29 February birthday.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ageInYears } from '../../../../../src/features/orders/worklist/age'
import { PatientHeader } from '../../../../../src/features/orders'
import { buildOrder, buildPatient } from '../../../../support/msw/data'
import { renderWithProviders } from '../../../../support/render'
import { seedWorklist } from './worklistHelpers'

/** Noon on a calendar day of the clinician's clock. */
const day = (year: number, month: number, date: number) => new Date(year, month - 1, date, 12)

describe('WS-8 age in whole years', () => {
  it.each([
    ['the day before the birthday', day(2025, 5, 16), 64],
    ['on the birthday', day(2025, 5, 17), 65],
    ['the day after the birthday', day(2025, 5, 18), 65],
    ['earlier in the year', day(2025, 1, 1), 64],
    ['late in the year', day(2025, 12, 31), 65],
  ])('WS-8 born 1960-05-17, %s', (_when, today, age) => {
    expect(ageInYears('1960-05-17', today)).toBe(age)
  })

  it.each([
    ['28 February of a common year', day(2023, 2, 28), 22],
    ['1 March of a common year', day(2023, 3, 1), 23],
    ['28 February of a leap year', day(2024, 2, 28), 23],
    ['29 February of a leap year', day(2024, 2, 29), 24],
  ])('WS-8 born 2000-02-29, on %s', (_when, today, age) => {
    expect(ageInYears('2000-02-29', today)).toBe(age)
  })

  it('WS-8 late in the evening still counts the local calendar day', () => {
    expect(ageInYears('1960-05-17', new Date(2025, 4, 16, 23, 59))).toBe(64)
    expect(ageInYears('1960-05-17', new Date(2025, 4, 17, 0, 1))).toBe(65)
  })

  it('WS-8 a newborn is 0; an unreadable or future date gives no age', () => {
    expect(ageInYears('2025-05-01', day(2025, 5, 17))).toBe(0)
    expect(ageInYears('17/05/1960', day(2025, 5, 17))).toBeNull()
    expect(ageInYears('2026-01-01', day(2025, 5, 17))).toBeNull()
  })
})

describe('the patient header', () => {
  function seedGrace() {
    const grace = buildPatient({
      id: 'PG',
      first_name: 'Grace',
      last_name: 'Hopper',
      date_of_birth: '1906-12-09',
      sex: 'female',
    })
    seedWorklist(
      [grace],
      [
        buildOrder({
          id: 'OG',
          patient: grace,
          modality: 'XR',
          body_part: 'Chest',
          study_description: 'Chest X-ray PA',
          accession_number: 'ACC-42',
        }),
      ],
    )
  }

  it('WS-8 shows the full name, the age on the given day and the sex', async () => {
    seedGrace()
    renderWithProviders(<PatientHeader orderId="OG" now={day(1992, 12, 8)} />)

    const header = await screen.findByRole('group', { name: 'Patient' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Grace Hopper')
    expect(header).toHaveTextContent('85 years')
    expect(header).toHaveTextContent('Female')
    expect(header).toHaveTextContent('XR Chest · Chest X-ray PA · ACC-42')
  })

  it('WS-8 the age goes up on the birthday itself', async () => {
    seedGrace()
    renderWithProviders(<PatientHeader orderId="OG" now={day(1992, 12, 9)} />)

    expect(await screen.findByText('86 years')).toBeInTheDocument()
  })

  it('WS-8 shows no patient when no study is open, and asks for nothing', () => {
    const { container } = renderWithProviders(<PatientHeader orderId={null} />)

    expect(container).toBeEmptyDOMElement()
    expect(screen.queryByRole('heading')).not.toBeInTheDocument()
  })
})
