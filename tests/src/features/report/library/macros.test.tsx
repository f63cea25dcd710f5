/**
 * Macros in the report editor (issue 18), with the real store and the in-memory /api/v1: the
 * 'Macros' menu inserts a macro's text at the cursor (MAC-5), a macro is added and removed from
 * the editor (MAC-6), and a macro's name typed then Tab becomes its text (MAC-7).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FIXED_TIME } from '../../../../support/msw/data'
import { apiBackend } from '../../../../support/msw/server'
import { renderReportEditor } from '../support'

function givenMacros(...macros: { name: string; text: string }[]) {
  apiBackend.macros = macros.map((macro, index) => ({
    id: `MAC-${String(index + 1)}`,
    ...macro,
    created_at: FIXED_TIME,
    updated_at: FIXED_TIME,
  }))
}

describe('macros', () => {
  it('MAC-5 the Macros menu lists the clinician’s macros and inserts one at the cursor', async () => {
    givenMacros({ name: 'nml lungs', text: 'Lungs are clear.' })
    const view = await renderReportEditor()
    await view.user.click(view.impression)
    await view.user.keyboard('Impression start. ')

    await view.user.click(screen.getByRole('button', { name: 'Macros' }))
    await view.user.click(await screen.findByRole('menuitem', { name: /nml lungs/ }))

    await waitFor(() => {
      expect(view.impression).toHaveValue('Impression start. Lungs are clear.')
    })
  })

  it('MAC-6 a macro is added (sent to the server) and removed from the editor', async () => {
    const view = await renderReportEditor()
    await view.user.click(screen.getByRole('button', { name: 'Macros' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByText('No macros yet')).toBeInTheDocument()
    await view.user.keyboard('{ArrowDown}{Enter}')

    // The menu closes (and lets the page be read again) as the dialog opens.
    await waitFor(() => {
      expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    })
    const dialog = await screen.findByRole('dialog', { name: 'Macros' }, { timeout: 5000 })
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'bad;name')
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'No effusion.')
    await view.user.click(within(dialog).getByRole('button', { name: 'Add macro' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A name is up to 40 letters, digits, spaces and dashes.',
    )
    expect(apiBackend.requestsTo('createMacro')).toHaveLength(0)

    const name = within(dialog).getByRole('textbox', { name: 'Name' })
    await view.user.clear(name)
    await view.user.type(name, 'no eff')
    await view.user.click(within(dialog).getByRole('button', { name: 'Add macro' }))

    const list = within(dialog).getByRole('list', { name: 'Your macros' })
    expect(await within(list).findByText('no eff')).toBeInTheDocument()
    expect(apiBackend.requestsTo('createMacro')[0]?.body).toEqual({
      name: 'no eff',
      text: 'No effusion.',
    })

    await view.user.click(within(dialog).getByRole('button', { name: 'Remove macro no eff' }))
    await waitFor(() => {
      expect(within(list).queryByText('no eff')).not.toBeInTheDocument()
    })
    expect(apiBackend.macros).toEqual([])
  })

  it('MAC-7 a macro’s name typed then Tab becomes its text; a name inside a word does not', async () => {
    givenMacros(
      { name: 'cxr', text: 'No acute cardiopulmonary process.' },
      { name: 'normal cxr', text: 'Heart and lungs normal.' },
    )
    const view = await renderReportEditor()
    await waitFor(() => {
      expect(apiBackend.requestsTo('listMacros')).toHaveLength(1)
    })
    await view.user.click(view.impression)

    await view.user.keyboard('Normal CXR')
    await view.user.keyboard('{Tab}')
    expect(view.impression).toHaveValue('Heart and lungs normal.')
    expect(view.impression).toHaveFocus()

    await view.user.keyboard(' see mycxr')
    await view.user.keyboard('{Tab}')
    expect(view.impression).toHaveValue('Heart and lungs normal. see mycxr')
    expect(view.impression).not.toHaveFocus()
  })
})
