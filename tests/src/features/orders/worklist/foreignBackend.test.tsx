/**
 * A hospital's own backend answers the worklist in its own way; the clinician sees the same
 * worklist and header. Each case feeds the real API layer (MSW) one variant and asserts the
 * screen.
 */
import { screen, within } from '@testing-library/react'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { describe, expect, it } from 'vitest'
import { PatientHeader, Sidebar } from '../../../../../src/features/orders'
import { routePattern } from '../../../../support/msw/apiBackend'
import { server } from '../../../../support/msw/server'
import { createTestDeps, renderWithProviders } from '../../../../support/render'

const patients = [
  { id: 1, first_name: 'Ada', last_name: 'Okafor', date_of_birth: '19600517', sex: 'F' },
  { id: 2, first_name: 'Ben', last_name: 'Marsh', date_of_birth: '1971-02-03', sex: 'M' },
  { id: 3, first_name: 'Cam', last_name: 'Reyes', sex: 'intersex' },
]

/** Only the fields the product names; priorities in several spellings; one entry unreadable. */
const orders = [
  {
    id: 10,
    patient_id: 2,
    status: 'scheduled',
    modality: 'US',
    body_part: 'Abdomen',
    study_description: 'US abdomen',
    priority: 'R',
    accession_number: 5001,
  },
  {
    id: 11,
    patient_id: 1,
    status: 'scheduled',
    modality: 'CT',
    body_part: 'Head',
    study_description: 'CT head',
    priority: 'STAT',
    accession_number: 5002,
  },
  {
    id: 12,
    patient_id: 3,
    status: 'in_progress',
    modality: 'MR',
    body_part: 'Knee',
    study_description: 'MR knee',
    priority: 'urgent',
    accession_number: 5003,
  },
  {
    id: 13,
    patient_id: 1,
    status: 'scheduled',
    modality: 'XR',
    body_part: 'Chest',
    study_description: 'XR chest',
    priority: 'asap',
    accession_number: 5004,
  },
]

function answerAs(wrap: (list: JsonBodyType[]) => JsonBodyType) {
  server.use(
    http.get(routePattern('listPatients'), () => HttpResponse.json(wrap(patients))),
    http.get(routePattern('listOrders'), () => HttpResponse.json(wrap(orders))),
  )
}

function accessions(listbox: HTMLElement): string[] {
  return within(listbox)
    .queryAllByRole('option')
    .map((option) => within(option).getByText(/^500\d$/).textContent)
}

describe('API-6 the worklist of a backend we did not write', () => {
  it.each([
    ['bare arrays', (list: JsonBodyType[]) => list],
    ['{"data": [...]}', (list: JsonBodyType[]) => ({ data: list })],
    [
      '{"items": [...], "total": n}',
      (list: JsonBodyType[]) => ({ items: list, total: list.length }),
    ],
  ])(
    'WS-6 API-6 integer ids in %s: rows in priority order, the unreadable one left out and logged',
    async (_shape, wrap) => {
      answerAs(wrap)
      const deps = createTestDeps({ sessionToken: 't' })
      renderWithProviders(<Sidebar open />, { deps })

      const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
      expect(accessions(worklist)).toEqual(['5002', '5003', '5001'])
      expect(within(worklist).getByText('Okafor, Ada')).toBeInTheDocument()
      expect(deps.logger.entries.filter((entry) => entry.event === 'api/entriesSkipped')).toEqual([
        expect.objectContaining({
          detail: { route: 'listOrders', count: 1, fields: ['priority'] },
        }),
      ])
      const active = screen.getByRole('listbox', { name: 'Active Studies' })
      expect(accessions(active)).toEqual(['5003'])
    },
  )

  function answerOrders() {
    answerAs((list) => list)
    server.use(
      http.get(routePattern('getOrder'), ({ params }) =>
        HttpResponse.json(orders.find((order) => String(order.id) === params.id)),
      ),
    )
  }

  it('WS-8 API-6 the header names an HL7 sex code and ages an HL7 date of birth', async () => {
    answerOrders()
    renderWithProviders(<PatientHeader orderId="11" now={new Date(2025, 4, 17, 12)} />, {
      deps: createTestDeps({ sessionToken: 't' }),
    })

    const header = await screen.findByRole('group', { name: 'Patient' })
    expect(header).toHaveTextContent('Ada Okafor')
    expect(header).toHaveTextContent('65 years')
    expect(header).toHaveTextContent('Female')
  })

  it('WS-8 API-6 a sex the SPA does not know is shown as it came; no date of birth, no age', async () => {
    answerOrders()
    renderWithProviders(<PatientHeader orderId="12" />, {
      deps: createTestDeps({ sessionToken: 't' }),
    })

    const header = await screen.findByRole('group', { name: 'Patient' })
    expect(header).toHaveTextContent('Cam Reyes')
    expect(header).toHaveTextContent('intersex')
    expect(header).not.toHaveTextContent('years')
  })
})
