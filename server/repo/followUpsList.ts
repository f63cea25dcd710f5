/**
 * Tracked follow-ups as GET /follow-ups reads them (FU-13, FU-14): `overdue` is an open item whose
 * window ended before today in the department's time zone, worked out by the query from the
 * clock it is given (never stored, so every instance says the same). Order: overdue (soonest
 * ended first), open (soonest due first), then completed and declined (latest closed first); one
 * sort key `(rank, key, id)`, so a page's opaque cursor is the last row's key and pages never
 * skip or repeat an item that keeps its state.
 */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FollowUp, FollowUpStatus } from '../../contract'
import type { Queryable } from '../db/client'
import { followUps, orders, patients, reports } from '../db/schema'
import { Invalid } from '../domain/errors'
import { patientColumns, toPatient } from './mappers'

/** The order that completed a follow-up, named by its accession number (FU-41). */
const completing = alias(orders, 'completing')

export interface FollowUpFilter {
  statuses?: readonly FollowUpStatus[] | undefined
  patientId?: string | undefined
  sourceOrderId?: string | undefined
  modalities?: readonly string[] | undefined
  /** Windows ending on or after this day. */
  dueAfter?: string | undefined
  /** Windows starting on or before this day. */
  dueBefore?: string | undefined
  id?: string | undefined
}

/** What "today" is read against: the clock's instant and the department's zone. */
export interface Today {
  now: Date
  timeZone: string
}

export interface FollowUpCursor {
  rank: number
  key: string
  id: string
}

const CURSOR = /^f([0-2]):(-?\d{1,15}(?:\.\d{1,9})?):([A-Za-z0-9-]{1,64})$/

export const encodeFollowUpCursor = (c: FollowUpCursor): string =>
  Buffer.from(`f${c.rank}:${c.key}:${c.id}`).toString('base64url')

/** The cursor's position; 400 for anything this server did not hand out. */
export function decodeFollowUpCursor(cursor: string): FollowUpCursor {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('latin1'))
  const [, rank, key, id] = match ?? []
  if (rank === undefined || key === undefined || id === undefined) {
    throw new Invalid('The follow-up cursor is not one this server handed out.', 'bad_cursor')
  }
  const decoded = { rank: Number(rank), key, id }
  if (encodeFollowUpCursor(decoded) !== cursor) {
    throw new Invalid('The follow-up cursor is not one this server handed out.', 'bad_cursor')
  }
  return decoded
}

/** The parts of the query that depend on today. */
function todayTerms(today: Today) {
  const day = sql`((${today.now.toISOString()}::timestamptz at time zone ${today.timeZone})::date)`
  const overdue = sql`(${followUps.status} = 'open' and ${followUps.dueTo} < ${day})`
  const status = sql<FollowUpStatus>`(case when ${overdue} then 'overdue' else ${followUps.status} end)`
  const rank = sql<number>`(case when ${overdue} then 0 when ${followUps.status} = 'open' then 1 else 2 end)`
  const key = sql`(case when ${overdue} then (${followUps.dueTo} - date '1970-01-01')::numeric
    when ${followUps.status} = 'open' then (${followUps.dueFrom} - date '1970-01-01')::numeric
    else -extract(epoch from ${followUps.resolvedAt}) end)`
  return { status, rank, key }
}

function conditions(filter: FollowUpFilter, status: SQL<FollowUpStatus>): SQL[] {
  const where: SQL[] = []
  if (filter.id !== undefined) where.push(eq(followUps.id, filter.id))
  if (filter.statuses?.length) where.push(inArray(status, [...filter.statuses]))
  if (filter.patientId !== undefined) where.push(eq(followUps.patientId, filter.patientId))
  if (filter.sourceOrderId !== undefined) {
    where.push(eq(followUps.sourceOrderId, filter.sourceOrderId))
  }
  if (filter.modalities?.length) {
    const wanted = filter.modalities.map((modality) => modality.trim().toUpperCase())
    where.push(inArray(sql`upper(${followUps.modality})`, wanted))
  }
  if (filter.dueAfter !== undefined) where.push(sql`${followUps.dueTo} >= ${filter.dueAfter}`)
  if (filter.dueBefore !== undefined) where.push(sql`${followUps.dueFrom} <= ${filter.dueBefore}`)
  return where
}

/** One page in the list's order, after `after`; `limit` rows at most, with each row's cursor. */
export async function followUpPage(
  q: Queryable,
  filter: FollowUpFilter,
  today: Today,
  limit: number,
  after?: FollowUpCursor,
): Promise<{ item: FollowUp; cursor: FollowUpCursor }[]> {
  const { status, rank, key } = todayTerms(today)
  const where = conditions(filter, status)
  if (after) {
    where.push(
      sql`(${rank}, ${key}, ${followUps.id}) > (${after.rank}::int, ${after.key}::numeric, ${after.id})`,
    )
  }
  const rows = await q
    .select({
      row: followUps,
      status,
      rank,
      key: sql<string>`(${key})::text`,
      patient: patientColumns,
      accessionNumber: orders.accessionNumber,
      studyDescription: orders.studyDescription,
      finalizedAt: reports.finalizedAt,
      completingAccession: completing.accessionNumber,
    })
    .from(followUps)
    .innerJoin(patients, eq(patients.id, followUps.patientId))
    .innerJoin(orders, eq(orders.id, followUps.sourceOrderId))
    .leftJoin(reports, eq(reports.orderId, followUps.sourceOrderId))
    .leftJoin(completing, eq(completing.id, followUps.resolvedOrderId))
    .where(and(...where))
    .orderBy(asc(rank), asc(key), asc(followUps.id))
    .limit(limit)
  return rows.map((r) => ({
    item: toFollowUp(r.row, r.status, {
      patient: toPatient(r.patient),
      accessionNumber: r.accessionNumber,
      studyDescription: r.studyDescription,
      finalizedAt: r.finalizedAt,
      completingAccession: r.completingAccession,
    }),
    cursor: { rank: r.rank, key: r.key, id: r.row.id },
  }))
}

/** How many follow-ups match (every page says it). */
export async function followUpCount(
  q: Queryable,
  filter: FollowUpFilter,
  today: Today,
): Promise<number> {
  const where = conditions(filter, todayTerms(today).status)
  const [row] = await q
    .select({ n: count() })
    .from(followUps)
    .where(and(...where))
  return row?.n ?? 0
}

type FollowUpRow = typeof followUps.$inferSelect

function toFollowUp(
  row: FollowUpRow,
  status: FollowUpStatus,
  joined: {
    patient: FollowUp['patient']
    accessionNumber: string
    studyDescription: string
    finalizedAt: Date | null
    completingAccession: string | null
  },
): FollowUp {
  return {
    id: row.id,
    patient_id: row.patientId,
    source_order_id: row.sourceOrderId,
    modality: row.modality,
    body_part: row.bodyPart,
    due_from: row.dueFrom,
    due_to: row.dueTo,
    reason: row.reason,
    status,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    created_by: { user_id: row.createdBy, name: row.createdByName },
    patient: joined.patient,
    source: {
      accession_number: joined.accessionNumber,
      study_description: joined.studyDescription,
      finalized_at: joined.finalizedAt?.toISOString() ?? null,
    },
    resolution:
      row.status !== 'open' && row.resolvedAt
        ? {
            status: row.status,
            by:
              row.resolvedBy === null
                ? null
                : { user_id: row.resolvedBy, name: row.resolvedByName ?? row.resolvedBy },
            at: row.resolvedAt.toISOString(),
            reason: row.resolutionReason ?? '',
            order_id: row.resolvedOrderId,
            accession_number: row.resolvedOrderId === null ? null : joined.completingAccession,
          }
        : null,
  }
}
