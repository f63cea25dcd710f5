/**
 * The rules of a trainee's preliminary read that every report write shares (RV-2, RV-6): while it
 * awaits an attending's review only a radiologist changes the report, and a radiologist's
 * signature over a preliminary read (awaiting review, or returned) co-signs it.
 */
import { AWAITING_REVIEW_ERROR, type AuditKind } from '../../contract'
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
