/**
 * The audit trail as CSV (ADM-7): RFC 4180 (CRLF line ends; a cell holding a comma, a quote or a
 * line break is quoted, its quotes doubled), and a cell a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) is prefixed with a single quote, as OWASP's
 * CSV injection advice says.
 */
import type { AuditEventAnswer } from '../../contract'

export const AUDIT_CSV_HEADER = [
  'time',
  'user_id',
  'user_name',
  'kind',
  'order_id',
  'accession_number',
  'address',
  'detail',
] as const

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: string | null): string {
  if (value === null) return ''
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

const csvLine = (cells: readonly (string | null)[]) => `${cells.map(csvCell).join(',')}\r\n`

export const auditCsvHeader = (): string => csvLine(AUDIT_CSV_HEADER)

/** The lines of a page of events, as one chunk of the export. */
export function auditCsvLines(events: readonly AuditEventAnswer[]): string {
  return events
    .map((event) =>
      csvLine([
        event.at,
        event.user_id,
        event.user_name,
        event.kind,
        event.order_id,
        event.accession_number,
        event.address,
        event.detail === null ? null : JSON.stringify(event.detail),
      ]),
    )
    .join('')
}
