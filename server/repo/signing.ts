/**
 * What a report must be to take a signature on our server (QA-15, CR-3), checked under the order
 * row lock in the signing transaction: no `[bracketed field]` of a template left (409
 * `unfilled_fields` with their count), and a critical finding it asserts communicated to someone
 * first (409 `critical_result_not_communicated`; REQUIRE_CRITICAL_COMMUNICATION=0 lifts it).
 * A communication recorded in parallel takes the same lock, so it lands before or after the
 * signature's check, never in between.
 */
import { eq } from 'drizzle-orm'
import {
  CRITICAL_NOT_COMMUNICATED_ERROR,
  REPORT_SECTION_KEYS,
  templateFields,
  UNFILLED_FIELDS_ERROR,
  type ReportSections,
} from '../../contract'
import type { Tx } from '../db/client'
import { criticalCommunications } from '../db/schema'
import { Conflict } from '../domain/errors'
import { criticalFindings } from '../qa'

/** How many `[bracketed fields]` the sections hold. */
export function unfilledFieldCount(sections: ReportSections): number {
  return REPORT_SECTION_KEYS.reduce((n, key) => n + templateFields(sections[key]).length, 0)
}

export async function assertSignable(
  tx: Tx,
  orderId: string,
  sections: ReportSections,
  requireCriticalCommunication: boolean,
): Promise<void> {
  const count = unfilledFieldCount(sections)
  if (count > 0) {
    const fields = count === 1 ? 'a [bracketed field]' : `${String(count)} [bracketed fields]`
    throw new Conflict(
      `The report holds ${fields} of its template still to fill in; it was not finalized.`,
      UNFILLED_FIELDS_ERROR,
      { count },
    )
  }
  if (!requireCriticalCommunication || criticalFindings(sections).length === 0) return
  const [told] = await tx
    .select({ id: criticalCommunications.id })
    .from(criticalCommunications)
    .where(eq(criticalCommunications.orderId, orderId))
    .limit(1)
  if (told) return
  throw new Conflict(
    'The report states a critical finding: record who was told of it before finalizing.',
    CRITICAL_NOT_COMMUNICATED_ERROR,
  )
}
