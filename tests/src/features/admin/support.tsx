/**
 * Helpers of the Admin page's tests: the whole app at /admin, signed in as the in-memory
 * backend's admin (the identity's session user is that account), with the real store and router.
 */
import { screen, within } from '@testing-library/react'
import type { AuditEventAnswer } from '../../../../contract'
import { recordAudit } from '../../../support/msw/adminBackend'
import { apiBackend, identityBackend } from '../../../support/msw/server'
import { renderApp, type RenderAppResult } from '../../../support/render'

export const ADMIN_EMAIL = 'test@example.org'

/** Signs the admin account of the in-memory backend in (its id becomes the session's user). */
export function rememberAdminSession(roles = apiBackend.admin.users[0]?.roles): void {
  const session = identityBackend.rememberSession(ADMIN_EMAIL)
  const admin = apiBackend.admin.users[0]
  if (!admin || !roles) throw new Error('the in-memory backend has no admin account')
  admin.id = session.user.userId
  admin.roles = roles
}

/** The app at `route` for the signed-in admin, once the Admin page is up. */
export async function renderAdmin(route = '/admin'): Promise<RenderAppResult> {
  rememberAdminSession()
  const view = renderApp({ route })
  await screen.findByRole('heading', { level: 1, name: 'Admin' })
  return view
}

export async function openAuditTrail(view: RenderAppResult): Promise<HTMLElement> {
  await view.user.click(screen.getByRole('tab', { name: 'Audit trail' }))
  return screen.findByRole('table', { name: 'Audit trail' })
}

/** Rows of a table's body (its header row left out). */
export function bodyRows(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('row').slice(1)
}

/** `count` events of `kind`, oldest first, a minute apart from 08:00 UTC on 3 May 2026. */
export function recordEvents(
  count: number,
  event: Partial<AuditEventAnswer> & Pick<AuditEventAnswer, 'kind'>,
): AuditEventAnswer[] {
  return Array.from({ length: count }, (_, index) =>
    recordAudit(apiBackend.admin, {
      at: new Date(Date.UTC(2026, 4, 3, 8, index)).toISOString(),
      ...event,
    }),
  )
}
