/**
 * The admin's accounts and audit trail (ADM-10..ADM-22) as a backend answers them, read
 * tolerantly at the edge: a user needs an id and something to call them by, an audit event a
 * time and a kind; roles a backend does not know are left out, never guessed.
 */
import { ROLES, type UserRole } from '../../../../contract'
import { readList, type Read, type Skipped } from './lists'
import { isRecord, readBoolean, readId, readText, readTimestamp } from './values'

export interface AdminUser {
  id: string
  email: string
  /** The name, or the email when the account has none. */
  name: string
  roles: UserRole[]
  active: boolean
  created_at: string | null
}

export interface AuditEvent {
  seq: number
  at: string
  kind: string
  user_id: string | null
  user_name: string | null
  order_id: string | null
  accession_number: string | null
  address: string | null
  /** Plain JSON data of the event (never clinical text: the server writes ids and codes only). */
  detail: Readonly<Record<string, unknown>> | null
}

export interface AuditPage {
  items: AuditEvent[]
  /** Where the next, older page starts; null on the last page. */
  next_cursor: string | null
}

const KNOWN_ROLES: ReadonlySet<string> = new Set(ROLES)

function isRole(value: unknown): value is UserRole {
  return typeof value === 'string' && KNOWN_ROLES.has(value)
}

/** Each known role once, in the contract's order. */
export function readRoles(value: unknown): UserRole[] {
  const given = Array.isArray(value) ? value : []
  return ROLES.filter((role) => given.some((entry) => isRole(entry) && entry === role))
}

export function readAdminUser(raw: unknown): Read<AdminUser> {
  if (!isRecord(raw)) return { ok: false, field: 'user' }
  const id = readId(raw.id) ?? readId(raw.user_id)
  if (id === undefined) return { ok: false, field: 'id' }
  const email = readText(raw.email)?.trim() ?? ''
  const name = readText(raw.name)?.trim() || email
  if (!name) return { ok: false, field: 'name' }
  return {
    ok: true,
    value: {
      id,
      email,
      name,
      roles: readRoles(raw.roles),
      // An account is active unless the backend says it is not.
      active: readBoolean(raw.active) ?? true,
      created_at: readTimestamp(raw.created_at) ?? null,
    },
  }
}

const optionalText = (value: unknown): string | null => {
  const text = readText(value)?.trim()
  return text ? text : null
}

export function readAuditEvent(raw: unknown): Read<AuditEvent> {
  if (!isRecord(raw)) return { ok: false, field: 'event' }
  const at = readTimestamp(raw.at)
  if (at === undefined) return { ok: false, field: 'at' }
  const kind = optionalText(raw.kind)
  if (kind === null) return { ok: false, field: 'kind' }
  const seq = typeof raw.seq === 'number' && Number.isSafeInteger(raw.seq) ? raw.seq : 0
  return {
    ok: true,
    value: {
      seq,
      at,
      kind,
      user_id: readId(raw.user_id) ?? null,
      user_name: optionalText(raw.user_name),
      order_id: readId(raw.order_id) ?? null,
      accession_number: optionalText(raw.accession_number),
      address: optionalText(raw.address),
      detail: isRecord(raw.detail) ? raw.detail : null,
    },
  }
}

/** A page of events: its list as any list answer, and the cursor of the next (null: none). */
export function readAuditPage(
  raw: unknown,
): { ok: true; value: AuditPage; skipped: Skipped | null } | { ok: false; issues: string[] } {
  const list = readList(isRecord(raw) && 'items' in raw ? raw.items : raw, readAuditEvent)
  if (!list.ok) return list
  const cursor = isRecord(raw) ? optionalText(raw.next_cursor) : null
  return { ok: true, value: { items: list.value, next_cursor: cursor }, skipped: list.skipped }
}

/** The CSV export: text as the server wrote it (an empty export still has its header line). */
export function readAuditCsv(
  raw: unknown,
): { ok: true; value: string } | { ok: false; issues: string[] } {
  return typeof raw === 'string'
    ? { ok: true, value: raw }
    : { ok: false, issues: ['the answer is not CSV text'] }
}
