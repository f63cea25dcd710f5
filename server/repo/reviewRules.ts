/**
 * The rules of a trainee's preliminary read that every report write shares (RV-2, RV-6): while it
 * awaits an attending's review only a radiologist changes the report, whose turn it is decides
 * whose claim gives way, and a radiologist's signature over a preliminary read (awaiting review,
 * or returned) co-signs it.
 */
import { eq } from 'drizzle-orm'
import { AWAITING_REVIEW_ERROR, type AuditKind } from '../../contract'
import type { Queryable } from '../db/client'
import { reports } from '../db/schema'
import { Conflict } from '../domain/errors'
import type { Actor } from './audit'
import type { ReportRow } from './mappers'
import { isPreliminaryOut } from './preliminary'

/** RV-2: a radiologist; an actor without roles (a script, a direct call) as before roles. */
export function reviews(actor: Actor): boolean {
  return actor.roles === undefined || actor.roles.includes('radiologist')
}

export const awaitingReview = () =>
  new Conflict(
    "This report awaits an attending's review; it cannot be changed until it is signed or returned.",
    AWAITING_REVIEW_ERROR,
  )

/** 409 `awaiting_review` for a change by anyone but a radiologist while the report awaits one. */
export function assertChangeable(
  current: Pick<ReportRow, 'preliminaryState'> | null | undefined,
  actor: Actor,
): void {
  if (current?.preliminaryState === 'awaiting_review' && !reviews(actor)) throw awaitingReview()
}

/**
 * Whose claim gives way to `actorId` during a review (RV-2, RV-5): the report's turn decides who
 * reads it. While it awaits review the trainee who sent it cannot change it, so their screen
 * holding the study is nobody's reading of it; once returned it is the trainee's again, so the
 * claim of the attending who returned it gives way to them. Null: claims count as always.
 */
export function yieldingHolder(
  current: Pick<ReportRow, 'preliminaryState' | 'preliminaryBy' | 'returnedBy'> | undefined,
  actorId: string,
): string | null {
  if (current?.preliminaryState === 'awaiting_review') return current.preliminaryBy
  if (current?.preliminaryState === 'returned' && current.preliminaryBy === actorId) {
    return current.returnedBy
  }
  return null
}

/** `yieldingHolder` of the order's report as it stands (the caller holds the order row lock). */
export async function yieldingHolderOf(
  q: Queryable,
  orderId: string,
  actorId: string,
): Promise<string | null> {
  const [current] = await q
    .select({
      preliminaryState: reports.preliminaryState,
      preliminaryBy: reports.preliminaryBy,
      returnedBy: reports.returnedBy,
    })
    .from(reports)
    .where(eq(reports.orderId, orderId))
  return yieldingHolder(current, actorId)
}

/**
 * What a signature adds to the report (RV-6): over a preliminary read that went out, its state
 * becomes `signed` (the trainee stays named beside the signer) and the audit trail says
 * `report_cosigned`; otherwise nothing, and `report_finalized`.
 */
export function coSignature(current: Pick<ReportRow, 'preliminaryState'> | undefined): {
  columns: { preliminaryState?: 'signed' }
  audit: Extract<AuditKind, 'report_cosigned' | 'report_finalized'>
} {
  return current && isPreliminaryOut(current.preliminaryState)
    ? { columns: { preliminaryState: 'signed' }, audit: 'report_cosigned' }
    : { columns: {}, audit: 'report_finalized' }
}
