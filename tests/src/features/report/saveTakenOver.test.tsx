/**
 * CLM-8 with RP-8: a save sends its PUT without reading the order first, so a study taken over
 * with no word of it reaching the browser (no live worklist) is told by the refused save. The
 * editor then turns read-only under 'NAME took over this study.' as the news would have made it,
 * every word typed stays, and nothing says the report was finalized.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildOrder, buildPatient, FIXED_TIME } from '../../../support/msw/data'
import { apiBackend, identityBackend } from '../../../support/msw/server'
import { createTestDeps, renderApp } from '../../../support/render'

const OTHER = { user_id: 'U-other', name: 'Dr Other', since: FIXED_TIME }

describe('a save refused because someone else took the study over', () => {
  it('CLM-8 RP-8 the refused save turns the editor read-only, keeps the text and says who reads it', async () => {
    const ada = buildPatient({ first_name: 'Ada', last_name: 'Lovelace' })
    const study = buildOrder({ patient: ada, accession_number: 'ACC-FREE', priority: 'stat' })
    apiBackend.patients = [ada]
    apiBackend.orders = [study]
    identityBackend.rememberSession('ada@example.org')
    const { user } = renderApp({ route: '/', deps: createTestDeps() })

    const worklist = await screen.findByRole('listbox', { name: 'Worklist' })
    await user.click(within(worklist).getByRole('option', { name: /ACC-FREE/ }))
    await waitFor(() => {
      expect(study.claimed_by?.name).toBe('Dr Test')
    })
    const editor = await screen.findByRole('region', { name: 'Report editor' })
    const impression = await within(editor).findByRole('textbox', { name: 'Impression' })
    await user.click(impression)
    await user.paste('Unsaved words of mine.')
    // Dr Other takes the study over; nothing tells this browser.
    study.claimed_by = OTHER

    await user.click(within(editor).getByRole('button', { name: 'Save' }))

    expect(await within(editor).findByText('Dr Other took over this study.')).toBeInTheDocument()
    expect(impression).toHaveAttribute('readonly')
    expect(impression).toHaveValue('Unsaved words of mine.')
    expect(within(editor).queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByText(/finalized elsewhere/)).not.toBeInTheDocument()
    expect(screen.queryByText('Your changes are not saved yet.')).not.toBeInTheDocument()
    expect(study.report).toBeNull()
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
  })
})
