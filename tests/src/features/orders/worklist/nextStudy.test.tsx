/**
 * NX-3..NX-6: 'Next study' (and Alt+N) asks the server for the most urgent study nobody reads and
 * opens it as a click in the sidebar would; none left is said calmly; a backend without the route
 * loses the button; the header names whoever else reads the open study (WL-10).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { routePattern } from '../../../../support/msw/apiBackend'
import { buildOrder, buildPatient, buildReport, FIXED_TIME } from '../../../../support/msw/data'
import { apiBackend, identityBackend, server } from '../../../../support/msw/server'
import { renderApp } from '../../../../support/render'
import { readWithoutTakingOver } from '../../../../support/takeOver'
import { seedWorklist } from './worklistHelpers'

function seed() {
  const ada = buildPatient({ first_name: 'Ada', last_name: 'Lovelace' })
  const alan = buildPatient({ first_name: 'Alan', last_name: 'Turing' })
  const grace = buildPatient({ first_name: 'Grace', last_name: 'Hopper' })
  const orders = [
    buildOrder({ patient: ada, accession_number: 'ACC-ROUTINE', priority: 'routine' }),
    buildOrder({ patient: alan, accession_number: 'ACC-STAT', priority: 'stat' }),
    buildOrder({
      patient: grace,
      accession_number: 'ACC-TAKEN',
      priority: 'stat',
      claimed_by: { user_id: 'U-other', name: 'Dr Other', since: FIXED_TIME },
    }),
  ]
  seedWorklist([ada, alan, grace], orders)
  apiBackend.paging = true
  return orders
}

function signedIn() {
  identityBackend.rememberSession('ada@example.org')
  return renderApp({ route: '/' })
}

const patientHeader = () => screen.findByRole('group', { name: 'Patient' })

describe("'Next study'", () => {
  it('NX-3 opens the most urgent unclaimed study the server claims, as a click in the sidebar does', async () => {
    seed()
    const { user, router } = signedIn()

    await user.click(await screen.findByRole('button', { name: 'Next study' }))

    expect(await patientHeader()).toHaveTextContent('Alan Turing')
    const worklist = screen.getByRole('listbox', { name: 'Worklist' })
    expect(within(worklist).getByRole('option', { selected: true })).toHaveTextContent('ACC-STAT')
    expect(apiBackend.requestsTo('nextStudy')).toHaveLength(1)
    // The study was initialized as a chosen one is (WS-13), and its address names it (URL-1).
    await waitFor(() => {
      expect(apiBackend.requestsTo('initializeOrder')).toHaveLength(1)
    })
    expect(router.state.location.search).toMatch(/study=/)
  })

  it('NX-3 Alt+N does the same from anywhere; a text field where Alt+N types a character keeps it', async () => {
    seed()
    signedIn()
    await screen.findByRole('button', { name: 'Next study' })
    const finder = screen.getByLabelText('Find patient')

    // macOS: Option+N composes a tilde in a text field; the key is the field's.
    fireEvent.keyDown(finder, { key: 'Dead', code: 'KeyN', altKey: true })
    expect(apiBackend.requestsTo('nextStudy')).toHaveLength(0)

    fireEvent.keyDown(document.body, { key: 'n', code: 'KeyN', altKey: true })
    expect(await patientHeader()).toHaveTextContent('Alan Turing')
    expect(apiBackend.requestsTo('nextStudy')).toHaveLength(1)
  })

  it("NX-4 when nothing is left it says 'No unclaimed studies left', and opens nothing", async () => {
    const orders = seed()
    for (const order of orders) order.report = buildReport({ is_final: true })
    const { user } = signedIn()

    await user.click(await screen.findByRole('button', { name: 'Next study' }))

    expect(await screen.findByText('No unclaimed studies left')).toBeInTheDocument()
    expect(screen.getByText('Select a patient or study to begin')).toBeInTheDocument()
  })

  it('NX-5 a backend without the route (404) loses the button for the session, and logs no error', async () => {
    seed()
    let asked = 0
    server.use(
      http.post(routePattern('nextStudy'), () => {
        asked += 1
        return HttpResponse.json({ error: 'not_found' }, { status: 404 })
      }),
    )
    const { user, deps } = signedIn()

    await user.click(await screen.findByRole('button', { name: 'Next study' }))

    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Next study' })).not.toBeInTheDocument()
    })
    expect(deps.logger.events('error')).toEqual([])
    expect(deps.logger.events('info')).toContain('api/routeAbsent')
    fireEvent.keyDown(document.body, { key: 'n', code: 'KeyN', altKey: true })
    expect(asked).toBe(1)
  })

  it("WL-10 the header of a study someone else reads says 'Being read by NAME'", async () => {
    seed()
    const { user } = signedIn()
    const worklist = await screen.findByRole('listbox', { name: 'Worklist' })

    await user.click(within(worklist).getByRole('option', { name: /ACC-TAKEN/ }))
    await readWithoutTakingOver(user, 'Dr Other')

    expect(await patientHeader()).toHaveTextContent('Being read by Dr Other')
  })
})
