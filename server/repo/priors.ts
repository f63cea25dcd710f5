/**
 * The patient's other studies, for reading against (PR-1): every other order of the same
 * patient, newest first, with the impression signed for it. Cancelled orders (no images were
 * made) are left out.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { CANCELLED_STATUS, type PriorStudy } from '../../contract'
import type { Queryable } from '../db/client'
import { orders, reports } from '../db/schema'
import { assertOrderExists } from './studies'

const current = alias(orders, 'current')

export async function listPriors(db: Queryable, orderId: string): Promise<{ items: PriorStudy[] }> {
  const rows = await db
    .select({
      id: orders.id,
      orderedAt: orders.orderedAt,
      modality: orders.modality,
      bodyPart: orders.bodyPart,
      studyDescription: orders.studyDescription,
      accessionNumber: orders.accessionNumber,
      status: orders.status,
      impression: sql<string | null>`case when ${reports.isFinal} then ${reports.impression} end`,
      finalizedAt: sql<Date | null>`case when ${reports.isFinal} then ${reports.finalizedAt} end`,
    })
    .from(orders)
    .innerJoin(current, eq(current.patientId, orders.patientId))
    .leftJoin(reports, eq(reports.orderId, orders.id))
    .where(
      and(eq(current.id, orderId), ne(orders.id, orderId), ne(orders.status, CANCELLED_STATUS)),
    )
    .orderBy(desc(orders.orderedAt), desc(orders.seq))
  if (rows.length === 0) await assertOrderExists(db, orderId)
  return {
    items: rows.map((row) => ({
      id: row.id,
      ordered_at: row.orderedAt.toISOString(),
      modality: row.modality,
      body_part: row.bodyPart,
      study_description: row.studyDescription,
      accession_number: row.accessionNumber,
      status: row.status,
      impression: row.impression === null || row.impression.trim() === '' ? null : row.impression,
      finalized_at: row.finalizedAt === null ? null : new Date(row.finalizedAt).toISOString(),
    })),
  }
}
