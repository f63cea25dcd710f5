/**
 * Tracked follow-ups as the FHIR server reads them (FU-22, FU-23): ServiceRequests of intent
 * `proposal`, found by the criteria of a ServiceRequest search (the patient, the id, the request
 * status), a page at a time in the order they were made, with how many match. Their status is
 * the item's: `active` while open or overdue (both stored as `open`), `completed`, or `revoked`
 * once declined.
 */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { followUps, patients } from '../db/schema'
import type { AndOr, Page, PageRequest, RequestStatus } from '../domain/fhirSearch'

export interface FollowUpRequestCriteria {
  /** Follow-up ids (the resource id without its prefix). */
  ids?: AndOr<string>
  patientIds?: AndOr<string>
  requestStatuses?: AndOr<RequestStatus>
}

export interface FollowUpRequestRow {
  id: string
  patientId: string
  patientName: string
  sourceOrderId: string
  modality: string
  bodyPart: string
  dueFrom: string
  dueTo: string
  reason: string
  text: string
  status: RequestStatus
  createdAt: Date
  createdByName: string
}

const STATUS_OF: Record<RequestStatus, 'open' | 'completed' | 'declined'> = {
  active: 'open',
  completed: 'completed',
  revoked: 'declined',
}

/** Every group matches (AND); a group matches when one of its values does (OR). */
function allOf<T>(groups: AndOr<T> | undefined, match: (values: T[]) => SQL): SQL[] {
  return (groups ?? []).map((group) => (group.length === 0 ? sql`false` : match(group)))
}

function whereOf(criteria: FollowUpRequestCriteria): SQL | undefined {
  return and(
    ...allOf(criteria.ids, (ids) => inArray(followUps.id, ids)),
    ...allOf(criteria.patientIds, (ids) => inArray(followUps.patientId, ids)),
    ...allOf(criteria.requestStatuses, (statuses) =>
      inArray(
        followUps.status,
        statuses.map((status) => STATUS_OF[status]),
      ),
    ),
  )
}

export async function findFollowUpRequests(
  q: Queryable,
  criteria: FollowUpRequestCriteria,
  page: PageRequest,
): Promise<Page<FollowUpRequestRow>> {
  const where = whereOf(criteria)
  const [total] = await q.select({ n: count() }).from(followUps).where(where)
  if (page.count === 0 || (total?.n ?? 0) <= page.offset) return { rows: [], total: total?.n ?? 0 }
  const rows = await q
    .select({
      row: followUps,
      firstName: patients.firstName,
      lastName: patients.lastName,
    })
    .from(followUps)
    .innerJoin(patients, eq(patients.id, followUps.patientId))
    .where(where)
    .orderBy(asc(followUps.createdAt), asc(followUps.id))
    .offset(page.offset)
    .limit(page.count)
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ row, firstName, lastName }) => ({
      id: row.id,
      patientId: row.patientId,
      patientName: `${lastName}, ${firstName}`,
      sourceOrderId: row.sourceOrderId,
      modality: row.modality,
      bodyPart: row.bodyPart,
      dueFrom: row.dueFrom,
      dueTo: row.dueTo,
      reason: row.reason,
      text: row.text,
      status:
        row.status === 'completed' ? 'completed' : row.status === 'declined' ? 'revoked' : 'active',
      createdAt: row.createdAt,
      createdByName: row.createdByName,
    })),
  }
}
