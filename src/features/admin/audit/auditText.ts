/**
 * How an audit event reads in the table (ADM-17): the time in the clinician's locale (the ISO
 * value goes in the cell's <time>), the detail as compact `key: value` text, and the day filters
 * as instants of the clinician's own day (a 'From' of 3 May starts at their midnight, not UTC's).
 */

/** The local date and time to the second, or '' for an unreadable time. */
export function formatAuditTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
}

function detailValue(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.map(detailValue).join(', ')
  return JSON.stringify(value)
}

/** `key: value; key: value`, in the order the server wrote them; '' for none. */
export function formatDetail(detail: Readonly<Record<string, unknown>> | null): string {
  if (!detail) return ''
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${detailValue(value)}`)
    .join('; ')
}

/**
 * A date input's value (YYYY-MM-DD) as the instant its local day starts, or ends (`end`), in ISO
 * 8601; undefined for an empty or unreadable value.
 */
export function localDayBound(value: string, end: boolean): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return undefined
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const date = end
    ? new Date(year, month - 1, day, 23, 59, 59, 999)
    : new Date(year, month - 1, day, 0, 0, 0, 0)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** The export's file name: audit-YYYY-MM-DD.csv, the clinician's date. */
export function exportFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `audit-${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`
}
