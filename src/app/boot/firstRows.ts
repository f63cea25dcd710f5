/**
 * What the first paint reads of the first page's answer: only our own server's page form
 * (`{items, next_cursor, total}`), with every field of a row in the form the app's reader would
 * show unchanged. Anything else (a whole list from a spec backend, ids as numbers, HL7 codes, a
 * row without a patient) paints nothing: the app reads it tolerantly when it has loaded, and the
 * first paint never shows a row the app would show otherwise.
 */
import type { Priority } from '../../../contract'
import type { FirstRow } from './paintRows'

const PRIORITIES: ReadonlySet<string> = new Set<Priority>(['stat', 'urgent', 'routine'])

type Fields = Record<string, unknown>

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const texts = (value: Fields, names: readonly string[]) =>
  names.every((name) => typeof value[name] === 'string' && value[name] !== '')

function rowOf(item: unknown): FirstRow | null {
  if (!isObject(item) || !isObject(item.patient)) return null
  const { patient, report, claimed_by: claim } = item
  if (!texts(item, ['id', 'modality', 'body_part', 'study_description', 'accession_number']))
    return null
  if (!texts(patient, ['first_name', 'last_name']) || typeof item.status !== 'string') return null
  if (typeof item.priority !== 'string' || !PRIORITIES.has(item.priority)) return null
  if (item.ordered_at !== undefined && typeof item.ordered_at !== 'string') return null
  if (report !== undefined && report !== null && !isObject(report)) return null
  if (
    claim !== undefined &&
    claim !== null &&
    !(isObject(claim) && texts(claim, ['user_id', 'name']))
  )
    return null
  const row: FirstRow = {
    id: item.id as string,
    patient: { first_name: patient.first_name as string, last_name: patient.last_name as string },
    modality: item.modality as string,
    body_part: item.body_part as string,
    study_description: item.study_description as string,
    accession_number: item.accession_number as string,
    priority: item.priority as Priority,
    status: item.status,
    is_final: isObject(report) && report.is_final === true,
    claimed_by: isObject(claim)
      ? { user_id: claim.user_id as string, name: claim.name as string }
      : null,
  }
  if (typeof item.ordered_at === 'string') row.ordered_at = item.ordered_at
  return row
}

/**
 * The first `limit` rows of a page answer and the worklist's count, or null when the answer is
 * not a page or any of those rows is not in the plain form.
 */
export function readFirstRows(
  answer: unknown,
  limit: number,
): { rows: FirstRow[]; count: number; loaded: number } | null {
  if (!isObject(answer) || !Array.isArray(answer.items) || answer.items.length === 0) return null
  const rows: FirstRow[] = []
  for (const item of answer.items.slice(0, limit)) {
    const row = rowOf(item)
    if (row === null) return null
    rows.push(row)
  }
  // The count the app's heading shows (useSidebarLists): the server's total while pages follow.
  const { total } = answer
  const more = typeof answer.next_cursor === 'string' && answer.next_cursor !== ''
  const count = more && typeof total === 'number' ? total : answer.items.length
  return { rows, count, loaded: answer.items.length }
}
