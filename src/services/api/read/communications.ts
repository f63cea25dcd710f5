/**
 * Critical result communications (issue 18) as a backend answers them, read tolerantly: a record
 * needs an id and a recipient to be shown; anything else it leaves out takes a default.
 */
import type { Communication } from '../model'
import { readUserRef } from './entities'
import type { Read } from './lists'
import { isRecord, readBoolean, readId, readText, readTimestamp } from './values'

export function readCommunication(raw: unknown): Read<Communication> {
  if (!isRecord(raw)) return { ok: false, field: 'communication' }
  const id = readId(raw.id)
  if (id === undefined) return { ok: false, field: 'id' }
  const recipient = readText(raw.recipient)?.trim()
  if (!recipient) return { ok: false, field: 'recipient' }
  return {
    ok: true,
    value: {
      id,
      recipient,
      role: readText(raw.role)?.trim() ?? '',
      method: readText(raw.method) ?? '',
      communicated_at: readTimestamp(raw.communicated_at) ?? null,
      read_back: readBoolean(raw.read_back) ?? false,
      recorded_by: readUserRef(raw.recorded_by),
    },
  }
}
