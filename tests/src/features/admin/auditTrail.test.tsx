/**
 * ADM-16..ADM-20: the Audit trail tab. Its filters go to the server as its query, a page reads
 * newest first with times in the clinician's locale, 'Older' and 'Newer' page through by the
 * server's cursors, and 'Export CSV' saves what GET /admin/audit/export answers with the same
 * filters, fetched with the session's token in its header.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUDIT_PAGE } from '../../../../contract'
import { apiBackend } from '../../../support/msw/server'
import { bodyRows, openAuditTrail, recordEvents, renderAdmin } from './support'

const lastQuery = (route: 'listAuditEvents' | 'exportAuditEvents') =>
  Object.fromEntries(apiBackend.requestsTo(route).at(-1)?.query ?? [])

/** jsdom's Blob has no text(): read it as a page would have before it. */
function textOf(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) {
      reject(new Error('nothing was saved'))
      return
    }
    const reader = new FileReader()
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '')
    }
    reader.onerror = () => {
      reject(reader.error ?? new Error('unreadable'))
    }
    reader.readAsText(blob)
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the Audit trail tab', () => {
  it('ADM-17 lists the events newest first, each time in the locale with its ISO value, detail as key: value', async () => {
    recordEvents(1, {
      kind: 'sign_in',
      user_id: 'U-tess',
      user_name: 'Dr Tess Trainee',
      address: '10.0.0.7',
    })
    recordEvents(1, {
      kind: 'roles_changed',
      user_id: 'U-tess',
      user_name: 'Dr Tess Trainee',
      order_id: 'O1',
      accession_number: 'ACC-1001',
      detail: { target_user_id: 'U3', roles_after: ['trainee', 'radiologist'] },
    })
    const view = await renderAdmin()

    const table = await openAuditTrail(view)

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(headers).toEqual(['Time', 'User', 'Kind', 'Study', 'Address', 'Detail'])
    const [newest, older] = bodyRows(table)
    expect(newest).toHaveTextContent('roles_changed')
    expect(newest).toHaveTextContent('ACC-1001')
    expect(newest).toHaveTextContent('target_user_id: U3; roles_after: trainee, radiologist')
    expect(older).toHaveTextContent('sign_in')
    expect(older).toHaveTextContent('Dr Tess Trainee')
    expect(older).toHaveTextContent('10.0.0.7')
    const time = newest?.querySelector('time')
    expect(time).toHaveAttribute('datetime', '2026-05-03T08:00:00.000Z')
    expect(time?.textContent).toBe(
      new Date('2026-05-03T08:00:00.000Z').toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'medium',
      }),
    )
  })

  it('ADM-16 the filters are the query: user, kind and days at once, the study once typed', async () => {
    recordEvents(2, { kind: 'sign_in', user_id: 'U-tess', user_name: 'Dr Tess Trainee' })
    recordEvents(1, {
      kind: 'report_saved',
      user_id: 'U-tess',
      order_id: 'O1',
      accession_number: 'ACC-1001',
    })
    const view = await renderAdmin()
    const table = await openAuditTrail(view)
    expect(bodyRows(table)).toHaveLength(3)

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'User' }), 'Dr Tess Trainee')
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'report_saved')
    await view.user.type(screen.getByRole('textbox', { name: 'Study' }), 'ACC-1001')

    await waitFor(() => {
      expect(lastQuery('listAuditEvents')).toEqual({
        user: 'U-tess',
        kind: 'report_saved',
        order: 'ACC-1001',
      })
    })
    await waitFor(() => {
      expect(bodyRows(screen.getByRole('table', { name: 'Audit trail' }))).toHaveLength(1)
    })

    await view.user.type(screen.getByLabelText('From'), '2026-05-03')
    await view.user.type(screen.getByLabelText('To'), '2026-05-04')

    await waitFor(() => {
      expect(lastQuery('listAuditEvents')).toMatchObject({
        from: new Date(2026, 4, 3).toISOString(),
        to: new Date(2026, 4, 4, 23, 59, 59, 999).toISOString(),
      })
    })
  })

  it("ADM-16 a kind no event has shows 'No events match these filters.'", async () => {
    recordEvents(1, { kind: 'sign_in' })
    const view = await renderAdmin()
    await openAuditTrail(view)

    await view.user.selectOptions(
      screen.getByRole('combobox', { name: 'Kind' }),
      'account_deactivated',
    )

    expect(await screen.findByText('No events match these filters.')).toBeInTheDocument()
    expect(
      within(screen.getByRole('combobox', { name: 'Kind' })).getByRole('option', {
        name: 'Any kind',
      }),
    ).toBeInTheDocument()
  })

  it("ADM-18 'Older' follows the page's cursor and 'Newer' goes back through the ones followed", async () => {
    const events = recordEvents(AUDIT_PAGE.defaultLimit * 2 + 3, { kind: 'sign_in' })
    const view = await renderAdmin()
    const newer = () => screen.getByRole('button', { name: 'Newer' })
    const older = () => screen.getByRole('button', { name: 'Older' })
    const firstRowTime = () =>
      bodyRows(screen.getByRole('table', { name: 'Audit trail' }))[0]
        ?.querySelector('time')
        ?.getAttribute('datetime')
    await openAuditTrail(view)
    expect(newer()).toBeDisabled()
    await waitFor(() => {
      expect(older()).toBeEnabled()
    })

    await view.user.click(older())
    await waitFor(() => {
      expect(lastQuery('listAuditEvents').cursor).toBe(
        String(events.at(-AUDIT_PAGE.defaultLimit)?.seq),
      )
    })
    await waitFor(() => {
      expect(older()).toBeEnabled()
    })
    await view.user.click(older())
    await waitFor(() => {
      expect(bodyRows(screen.getByRole('table', { name: 'Audit trail' }))).toHaveLength(3)
    })
    expect(older()).toBeDisabled()

    await view.user.click(newer())
    await view.user.click(newer())

    await waitFor(() => {
      expect(newer()).toBeDisabled()
    })
    expect(bodyRows(screen.getByRole('table', { name: 'Audit trail' }))).toHaveLength(
      AUDIT_PAGE.defaultLimit,
    )
    expect(firstRowTime()).toBe(events.at(-1)?.at)
  })

  it("ADM-19 'Export CSV' saves the server's CSV for the same filters as audit-<date>.csv, the token in a header only", async () => {
    recordEvents(2, { kind: 'sign_in', user_id: 'U-tess', user_name: 'Dr Tess Trainee' })
    const saved: { name: string; href: string }[] = []
    const blobs = new Map<string, Blob>()
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const href = `blob:test/${String(blobs.size + 1)}`
      blobs.set(href, blob as Blob)
      return href
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href })
    })
    const view = await renderAdmin()
    await openAuditTrail(view)
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'sign_in')

    await view.user.click(screen.getByRole('button', { name: 'Export CSV' }))

    await waitFor(() => {
      expect(saved).toHaveLength(1)
    })
    const today = new Date()
    const pad = (value: number) => String(value).padStart(2, '0')
    expect(saved[0]?.name).toBe(
      `audit-${String(today.getFullYear())}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`,
    )
    const request = apiBackend.requestsTo('exportAuditEvents')[0]
    expect(lastQuery('exportAuditEvents')).toEqual({ kind: 'sign_in' })
    expect(request?.headers.get('authorization')).toMatch(/^Bearer \S+/)
    expect(request?.path).toBe('/api/v1/admin/audit/export')
    const csv = await textOf(blobs.get(saved[0]?.href ?? ''))
    expect(csv.split(/\r?\n/).filter(Boolean)).toHaveLength(3)
    expect(csv).toContain('Dr Tess Trainee')
  })
})
