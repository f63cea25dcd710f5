/**
 * URL-1..URL-3: the open study is in the address (`?study=ID`), so a reload or a shared link opens
 * it, back and forward move between the studies opened, and the report editor's state
 * (`report=open`) survives a reload.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildOrder, buildPatient } from '../../support/msw/data'
import { apiBackend, identityBackend } from '../../support/msw/server'
import { renderApp } from '../../support/render'
import { seedWorklist } from '../features/orders/worklist/worklistHelpers'

function seed() {
  const ada = buildPatient({ first_name: 'Ada', last_name: 'Lovelace' })
  const alan = buildPatient({ first_name: 'Alan', last_name: 'Turing' })
  const orders = [
    buildOrder({ id: 'O-ADA', patient: ada, accession_number: 'ACC-ADA' }),
    buildOrder({ id: 'O-ALAN', patient: alan, accession_number: 'ACC-ALAN' }),
  ]
  seedWorklist([ada, alan], orders)
}

function signedIn(route = '/') {
  identityBackend.rememberSession('ada@example.org')
  return renderApp({ route })
}

const patientHeader = () => screen.findByRole('group', { name: 'Patient' })

async function openRow(view: ReturnType<typeof renderApp>, accession: string) {
  const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
  await view.user.click(within(worklist).getByRole('option', { name: new RegExp(accession) }))
}

describe('where the clinician was', () => {
  it('URL-1 a study opened in the sidebar is named in the address', async () => {
    seed()
    const view = signedIn()

    await openRow(view, 'ACC-ALAN')

    expect(await patientHeader()).toHaveTextContent('Alan Turing')
    await waitFor(() => {
      expect(view.router.state.location.search).toBe('?study=O-ALAN')
    })
  })

  it('URL-1 an address naming a study (a reload, a shared link) opens it', async () => {
    seed()
    signedIn('/?study=O-ADA')

    expect(await patientHeader()).toHaveTextContent('Ada Lovelace')
    await waitFor(() => {
      expect(apiBackend.requestsTo('initializeOrder')).toHaveLength(1)
    })
  })

  it('URL-2 back and forward move between the studies opened, and back to none', async () => {
    seed()
    const view = signedIn()
    await openRow(view, 'ACC-ADA')
    expect(await patientHeader()).toHaveTextContent('Ada Lovelace')
    await openRow(view, 'ACC-ALAN')
    expect(await patientHeader()).toHaveTextContent('Alan Turing')

    await act(() => view.router.navigate(-1))
    await waitFor(async () => {
      expect(await patientHeader()).toHaveTextContent('Ada Lovelace')
    })
    await act(() => view.router.navigate(1))
    await waitFor(async () => {
      expect(await patientHeader()).toHaveTextContent('Alan Turing')
    })
    await act(() => view.router.navigate(-2))
    expect(await screen.findByText('Select a patient or study to begin')).toBeInTheDocument()
  })

  it('URL-3 ED-2 the report editor closed stays closed after a reload; the address names the study only', async () => {
    seed()
    const view = signedIn('/?study=O-ADA')
    await patientHeader()
    expect(await screen.findByRole('region', { name: 'Report editor' })).toBeInTheDocument()

    await view.user.click(screen.getByRole('button', { name: 'Toggle report editor' }))
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Report editor' })).not.toBeInTheDocument()
    })
    expect(view.router.state.location.search).toBe('?study=O-ADA')
    view.unmount()

    signedIn('/?study=O-ADA')
    await patientHeader()
    expect(screen.getByRole('button', { name: 'Toggle report editor' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(screen.queryByRole('region', { name: 'Report editor' })).not.toBeInTheDocument()
  })

  it("URL-3 an older address's report=open opens a closed editor, and the address is tidied", async () => {
    seed()
    localStorage.setItem('readout:preferences:v1', JSON.stringify({ reportEditorOpen: false }))
    const view = signedIn('/?study=O-ADA&report=open')

    expect(await screen.findByRole('region', { name: 'Report editor' })).toBeInTheDocument()
    await waitFor(() => {
      expect(view.router.state.location.search).toBe('?study=O-ADA')
    })
  })
})

describe('a link opened signed out', () => {
  it('URL-1 RT-2 goes through the login page and opens its study once signed in', async () => {
    seed()
    identityBackend.addUser('ada@example.org', 'analytical engine')
    const { user, router } = renderApp({ route: '/?study=O-ALAN' })

    await user.type(await screen.findByLabelText('Email'), 'ada@example.org')
    await user.type(screen.getByLabelText('Password'), 'analytical engine')
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    expect(await patientHeader()).toHaveTextContent('Alan Turing')
    expect(router.state.location.search).toBe('?study=O-ALAN')
  })
})
