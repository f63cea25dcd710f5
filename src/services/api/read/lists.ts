/**
 * List answers (API-6). The product does not show their shape, so a list is a bare array or an
 * object that holds one (`{"orders": [...]}`, `{"data": [...]}`, `{"items": [...], "total": 9}`,
 * or one level deeper, `{"data": {"items": [...]}}`). One entry that cannot be shown never blanks
 * the list: it is left out and counted, with the field that failed, for one log line per answer.
 */
import { isRecord } from './values'

/** One entry, read: its value, or the field that refused it. */
export type Read<T> = { ok: true; value: T } | { ok: false; field: string }

/** The array a list answer carries, or undefined when it carries none, or several. */
function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value)
}

export function unwrapList(value: unknown, depth = 1): readonly unknown[] | undefined {
  if (isList(value)) return value
  if (!isRecord(value)) return undefined
  const members: unknown[] = Object.values(value)
  const arrays = members.filter(isList)
  if (arrays.length === 1) return arrays[0]
  if (arrays.length > 1 || depth === 0) return undefined
  const nested = members.filter(isRecord).map((member) => unwrapList(member, depth - 1))
  const found = nested.filter((list) => list !== undefined)
  return found.length === 1 ? found[0] : undefined
}

/** Entries left out of one answer: how many, and which fields refused them. */
export interface Skipped {
  count: number
  fields: string[]
}

export type ListReading<T> =
  { ok: true; value: T[]; skipped: Skipped | null } | { ok: false; issues: string[] }

export function readList<T>(raw: unknown, readItem: (item: unknown) => Read<T>): ListReading<T> {
  const entries = unwrapList(raw)
  if (!entries) return { ok: false, issues: ['the answer holds no list'] }
  const value: T[] = []
  const fields = new Set<string>()
  let count = 0
  for (const entry of entries) {
    const read = readItem(entry)
    if (read.ok) {
      value.push(read.value)
    } else {
      count += 1
      fields.add(read.field)
    }
  }
  return { ok: true, value, skipped: count === 0 ? null : { count, fields: [...fields].sort() } }
}
