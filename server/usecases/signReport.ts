/**
 * A clinician signs a study's report: on the version they saw (its preconditions, as a save's),
 * refused while it is empty, holds `[bracketed fields]` (QA-15) or asserts a critical finding
 * nobody has been told of (CR-3; REQUIRE_CRITICAL_COMMUNICATION=0 lifts it, CR-6). The pre-sign
 * check's override is kept with the report (QA-14); the signature ends the study's claim (CLM-12)
 * and, with HL7_SEND_TO, queues the result in its own transaction (INT-13, INT-20), the worker
 * woken once it is committed. The follow-ups it recommends are tracked in its transaction (FU-10,
 * ./followUpsAtSigning.ts).
 */
import type { FollowUpInput, QaOverride, Report } from '../../contract'
import { dayIn } from '../outcomes/matching'
import type { Actor } from '../repo/audit'
import { finalizeReport } from '../repo/reports'
import type { ReportPreconditions } from '../repo/reportVersions'
import type { UseCaseContext } from './context'
import { queueingResults, type ResultsOut } from './deliverResults'
import { assertWindowsReachable, trackingFollowUps } from './followUpsAtSigning'

export interface SignatureDeps extends UseCaseContext {
  /** HL7_SEND_TO: where the signed result is queued; none without it (INT-19). */
  results?: ResultsOut | undefined
  /** REQUIRE_CRITICAL_COMMUNICATION (default on). */
  requireCriticalCommunication: boolean
  /** DEPARTMENT_TIME_ZONE: the day a follow-up's window counts from (UTC when not given). */
  timeZone?: string | undefined
}

export interface Signature {
  orderId: string
  actor: Actor
  preconditions: ReportPreconditions
  qaOverride?: QaOverride | undefined
  /** The follow-ups the signer confirmed (`[]`: none); absent, the server finds them (FU-10). */
  followUps?: FollowUpInput[] | undefined
}

export async function signReport(deps: SignatureDeps, signature: Signature): Promise<Report> {
  const timeZone = deps.timeZone ?? 'UTC'
  assertWindowsReachable(signature.followUps, dayIn(deps.now(), timeZone))
  return queueingResults(deps.results, (queue) =>
    finalizeReport(deps.db, signature.orderId, deps.now, {
      actor: signature.actor,
      preconditions: signature.preconditions,
      results: queue,
      qaOverride: signature.qaOverride,
      requireCriticalCommunication: deps.requireCriticalCommunication,
      signed: trackingFollowUps(signature.actor, signature.followUps, timeZone),
    }),
  )
}
