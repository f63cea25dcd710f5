/**
 * INT-61: a patient not yet identified (an emergency order without PID-7) has no birth date; the
 * header says so rather than showing nothing or a made-up age.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PatientHeader } from '../../../../../src/features/orders'
import { buildOrder, buildPatient } from '../../../../support/msw/data'
import { renderWithProviders } from '../../../../support/render'
import { seedWorklist } from './worklistHelpers'

describe('a patient without a birth date', () => {
  it("INT-61 the header shows 'Age unknown' beside the name and sex", async () => {
    const unknown = buildPatient({
      id: 'PU',
      first_name: 'TRAUMA',
      last_name: 'UNKNOWN',
      date_of_birth: null,
      sex: 'unknown',
    })
    seedWorklist(
      [unknown],
      [buildOrder({ id: 'OU', patient: unknown, modality: 'CT', accession_number: 'ACC-ER' })],
    )
    renderWithProviders(<PatientHeader orderId="OU" />)
    const header = await screen.findByRole('group', { name: 'Patient' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('TRAUMA UNKNOWN')
    expect(header).toHaveTextContent('Age unknown')
    expect(header).toHaveTextContent('Sex unknown')
    expect(header).not.toHaveTextContent(/\d+ years?/)
  })
})
