/**
 * The audit trail for an admin (ADM-4..ADM-7): GET /admin/audit a page at a time, and
 * GET /admin/audit/export every matching event as CSV, produced page by page as it is sent.
 */
import { AUDIT_PAGE, type AuditKind, type AuditPage } from '../../contract'
import type { Queryable } from '../db/client'
import {
  auditConditions,
  auditPage,
  decodeAuditCursor,
  encodeAuditCursor,
  type AuditTrailFilter,
} from '../repo/auditTrail'
import { auditCsvHeader, auditCsvLines } from './auditCsv'

/** The query of both routes, as the contract validated it. */
export interface AuditTrailQuery {
  user?: string | undefined
  order?: string | undefined
  kind?: AuditKind | undefined
  from?: string | undefined
  to?: string | undefined
  cursor?: string | undefined
  limit?: number | undefined
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 86_400_000

/** A date means its whole UTC day (ADM-5): `from` its start, `to` up to the next day's start. */
function filterOf(query: AuditTrailQuery): AuditTrailFilter {
  const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`)
  const toIsDate = query.to !== undefined && DATE_ONLY.test(query.to)
  return {
    userId: query.user,
    order: query.order,
    kind: query.kind,
    from:
      query.from === undefined
        ? undefined
        : DATE_ONLY.test(query.from)
          ? dayStart(query.from)
          : new Date(query.from),
    to:
      query.to === undefined
        ? undefined
        : toIsDate
          ? new Date(dayStart(query.to).getTime() + DAY_MS)
          : new Date(query.to),
    toExclusive: toIsDate,
  }
}

/** ADM-4: one page, newest first, with the cursor of the next (null on the last). */
export async function listAuditTrail(db: Queryable, query: AuditTrailQuery): Promise<AuditPage> {
  const before = query.cursor === undefined ? undefined : decodeAuditCursor(query.cursor)
  const limit = query.limit ?? AUDIT_PAGE.defaultLimit
  const where = await auditConditions(db, filterOf(query))
  // One more than asked: whether another page follows, without a count.
  const rows = await auditPage(db, where, limit + 1, before)
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return {
    items,
    next_cursor: rows.length > limit && last ? encodeAuditCursor(last.seq) : null,
  }
}

/** How many events the export reads at once. */
export const EXPORT_PAGE = 1000

/**
 * ADM-7: the header, then every matching event (newest first), a page of lines at a time. The
 * query's cursor and limit are ignored: an export is every match. Events recorded while it runs
 * are newer than its first page and are not in it.
 */
export async function* exportAuditTrail(
  db: Queryable,
  query: AuditTrailQuery,
): AsyncGenerator<string> {
  const where = await auditConditions(db, filterOf(query))
  yield auditCsvHeader()
  let before: number | undefined
  for (;;) {
    const page = await auditPage(db, where, EXPORT_PAGE, before)
    if (page.length > 0) yield auditCsvLines(page)
    const last = page.at(-1)
    if (page.length < EXPORT_PAGE || !last) return
    before = last.seq
  }
}

/** `audit-YYYY-MM-DD.csv`, the day of the export (UTC). */
export const auditExportFileName = (at: Date): string =>
  `audit-${at.toISOString().slice(0, 10)}.csv`
