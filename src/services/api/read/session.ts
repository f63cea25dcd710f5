/**
 * GET /me (RL-15): who the session's user is to the backend. A backend that answers it with
 * something unreadable is as one without it (the caller falls back to a radiologist who may
 * clear); roles it does not know are left out, never guessed.
 */
import type { SessionAccess } from '../model'
import { readRoles } from './admin'
import { isRecord, readBoolean, readId, readText } from './values'

export function readSessionAccess(
  raw: unknown,
): { ok: true; value: SessionAccess } | { ok: false; issues: string[] } {
  if (!isRecord(raw) || !Array.isArray(raw.roles)) return { ok: false, issues: ['roles: missing'] }
  return {
    ok: true,
    value: {
      user_id: readId(raw.user_id) ?? readId(raw.id) ?? null,
      name: readText(raw.name)?.trim() ?? '',
      roles: readRoles(raw.roles),
      // RL-17: Clear All stays offered unless the backend says otherwise.
      clear_all: readBoolean(raw.clear_all) ?? true,
    },
  }
}
