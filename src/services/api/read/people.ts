/** A person as a record names them (a signer, an author, a trainee who sent a report). */
import type { UserRef } from '../model'
import { isRecord, readId, readText } from './values'

export function readUserRef(raw: unknown): UserRef | null {
  if (!isRecord(raw)) return null
  const name = readText(raw.name)?.trim()
  const userId = readId(raw.user_id) ?? readId(raw.id) ?? null
  if (!name && userId === null) return null
  return { user_id: userId, name: name || (userId ?? '') }
}
