/**
 * A trainee's preliminary report and its review (RV-1, RV-5): sent for review on the version the
 * trainee saw (its preconditions, as a signature's), or returned to them by an attending with a
 * comment. Sending may queue the preliminary result (HL7_SEND_PRELIMINARY with HL7_SEND_TO, RV-7)
 * in its own transaction, the worker woken once it is committed. The co-signature is a signature
 * (./signReport.ts, RV-6).
 */
import type { Report } from '../../contract'
import type { Actor } from '../repo/audit'
import type { ReportPreconditions } from '../repo/reportVersions'
import { returnToTrainee as writeReturn, sendForReview as writeSending } from '../repo/review'
import type { UseCaseContext } from './context'
import { queueingResults } from './deliverResults'
import type { SignatureDeps } from './signReport'

export interface ReviewStep {
  orderId: string
  actor: Actor
  preconditions: ReportPreconditions
}

export function sendForReview(deps: SignatureDeps, step: ReviewStep): Promise<Report> {
  // The preliminary result goes out only when the hospital asked for it (RV-7, RV-9).
  const results = deps.results?.sendsPreliminary ? deps.results : undefined
  return queueingResults(results, (queue) =>
    writeSending(deps.db, step.orderId, deps.now, {
      actor: step.actor,
      preconditions: step.preconditions,
      results: queue,
      requireCriticalCommunication: deps.requireCriticalCommunication,
    }),
  )
}

export function returnToTrainee(
  { db, now }: UseCaseContext,
  step: ReviewStep & { comment: string },
): Promise<Report> {
  return writeReturn(db, step.orderId, step.comment, now, {
    actor: step.actor,
    preconditions: step.preconditions,
  })
}
