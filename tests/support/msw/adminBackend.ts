/**
 * The admin's routes of the in-memory /api/v1 (ADM-10..ADM-22): the accounts and the audit trail,
 * refusing as the real server refuses (400 on a bad body or query, 404 on an unknown account, 409
 * `last_admin` when a change would leave no active admin, 409 `managed_by_identity_provider` in
 * an identity provider's mode). A change is recorded in the trail, as on the server. Paging is by
 * an opaque cursor (the `seq` to continue below), newest first.
 */
import { HttpResponse, type HttpHandler } from 'msw'
import {
  AUDIT_PAGE,
  auditQuerySchema,
  updateUserRequestSchema,
  type AdminUser,
  type AuditEventAnswer,
  type RouteName,
} from '../../../contract'
import { FIXED_TIME } from './data'
import { CALLER_ID } from './orderPages'

export interface AdminState {
  users: AdminUser[]
  /** Oldest first, as recorded. */
  audit: AuditEventAnswer[]
  /** An identity provider's accounts: the admin routes of the users answer 409. */
  managedByIdentityProvider: boolean
}

export const LAST_ADMIN_MESSAGE = 'At least one active admin must remain.'
export const MANAGED_MESSAGE =
  'Accounts are managed by the identity provider: change roles and access there.'

export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'U9',
    email: 'someone@example.org',
    name: 'Someone',
    roles: ['radiologist'],
    active: true,
    created_at: FIXED_TIME,
    ...overrides,
  }
}

/** The signed-in admin of the web tests (CALLER_ID) and one colleague. */
export function demoAdminState(): AdminState {
  return {
    users: [
      buildAdminUser({
        id: CALLER_ID,
        email: 'test@example.org',
        name: 'Dr Test',
        roles: ['radiologist', 'admin'],
      }),
      buildAdminUser({ id: 'U-tess', email: 'tess@example.org', name: 'Dr Tess Trainee' }),
    ],
    audit: [],
    managedByIdentityProvider: false,
  }
}

let nextSeq = 1

/** Appends an event to the trail (seq: one more than any before). */
export function recordAudit(
  state: AdminState,
  event: Partial<AuditEventAnswer> & Pick<AuditEventAnswer, 'kind'>,
): AuditEventAnswer {
  const seq = Math.max(nextSeq, ...state.audit.map((recorded) => recorded.seq + 1))
  nextSeq = seq + 1
  const recorded: AuditEventAnswer = {
    seq,
    at: FIXED_TIME,
    user_id: null,
    user_name: null,
    order_id: null,
    accession_number: null,
    address: '127.0.0.1',
    detail: null,
    ...event,
  }
  state.audit.push(recorded)
  return recorded
}

type Responder = (input: {
  params: Record<string, string | readonly string[] | undefined>
  body: unknown
  query: URLSearchParams
}) => Response

const refusal = (status: number, error: string, message: string) =>
  HttpResponse.json({ error, message }, { status })

const isActiveAdmin = (user: AdminUser) => user.active && user.roles.includes('admin')

function matching(state: AdminState, query: URLSearchParams) {
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(query))
  if (!parsed.success) return null
  const { user, order, kind, from, to } = parsed.data
  const instant = (value: string, end: boolean) =>
    value.length === 10 ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : value
  const events = state.audit.filter(
    (event) =>
      (user === undefined || event.user_id === user) &&
      (order === undefined || event.order_id === order || event.accession_number === order) &&
      (kind === undefined || event.kind === kind) &&
      (from === undefined || Date.parse(event.at) >= Date.parse(instant(from, false))) &&
      (to === undefined || Date.parse(event.at) <= Date.parse(instant(to, true))),
  )
  return { events: events.sort((a, b) => b.seq - a.seq), query: parsed.data }
}

const csvCell = (text: string | null) => {
  if (text === null) return ''
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** As the server writes it (server/usecases/auditCsv.ts), `time` being the event's `at`. */
const CSV_COLUMNS = [
  'at',
  'user_id',
  'user_name',
  'kind',
  'order_id',
  'accession_number',
  'address',
] as const

export function adminHandlers(
  backend: { admin: AdminState },
  handle: (route: RouteName, respond: Responder) => HttpHandler,
) {
  const managed = () =>
    backend.admin.managedByIdentityProvider
      ? refusal(409, 'managed_by_identity_provider', MANAGED_MESSAGE)
      : null
  return [
    handle('listUsers', () => managed() ?? HttpResponse.json({ items: backend.admin.users })),
    handle('updateUser', ({ params, body }) => {
      const refused = managed()
      if (refused) return refused
      const user = backend.admin.users.find((candidate) => candidate.id === params.id)
      if (!user) return refusal(404, 'not_found', 'user not found')
      const parsed = updateUserRequestSchema.safeParse(body)
      if (!parsed.success) return refusal(400, 'bad_request', 'invalid change')
      const changed = { ...user, ...parsed.data }
      const others = backend.admin.users.filter((other) => other.id !== user.id)
      if (!others.some(isActiveAdmin) && isActiveAdmin(user) && !isActiveAdmin(changed))
        return refusal(409, 'last_admin', LAST_ADMIN_MESSAGE)
      const about = { user_id: CALLER_ID, user_name: 'Dr Test' }
      if (parsed.data.roles)
        recordAudit(backend.admin, {
          ...about,
          kind: 'roles_changed',
          detail: {
            target_user_id: user.id,
            roles_before: user.roles,
            roles_after: parsed.data.roles,
          },
        })
      if (parsed.data.active !== undefined && parsed.data.active !== user.active)
        recordAudit(backend.admin, {
          ...about,
          kind: parsed.data.active ? 'account_reactivated' : 'account_deactivated',
          detail: { target_user_id: user.id },
        })
      Object.assign(user, parsed.data)
      return HttpResponse.json(user)
    }),
    handle('listAuditEvents', ({ query }) => {
      const found = matching(backend.admin, query)
      if (!found) return refusal(400, 'bad_request', 'invalid audit query')
      const below = found.query.cursor === undefined ? Infinity : Number(found.query.cursor)
      const limit = found.query.limit ?? AUDIT_PAGE.defaultLimit
      const rest = found.events.filter((event) => event.seq < below)
      const items = rest.slice(0, limit)
      const more = rest.length > limit
      return HttpResponse.json({
        items,
        next_cursor: more ? String(items.at(-1)?.seq ?? '') : null,
      })
    }),
    handle('exportAuditEvents', ({ query }) => {
      const found = matching(backend.admin, query)
      if (!found) return refusal(400, 'bad_request', 'invalid audit query')
      const lines = [
        ['time', ...CSV_COLUMNS.slice(1), 'detail'].join(','),
        ...found.events.map((event) =>
          [
            ...CSV_COLUMNS.map((key) => csvCell(event[key])),
            csvCell(event.detail === null ? null : JSON.stringify(event.detail)),
          ].join(','),
        ),
      ]
      return new HttpResponse(`${lines.join('\r\n')}\r\n`, {
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      })
    }),
  ]
}
