/**
 * Results out (INT-13..INT-22): a signed report's ORU^R01 is queued in the transaction of the
 * signature, addendum or later communication that caused it, then the HL7 edge's worker leases
 * each due result, sends it, and records what the receiver answered. The message's text is the
 * edge's to build (`BuildResultMessage`); the outbox only keeps it.
 */
import type { Database } from '../db/client'
import type { BuildResultMessage } from '../domain/hl7'
import {
  leaseDueResult,
  markResultAcknowledged,
  markResultFailed,
  releaseResult,
  resultsQueue,
  type LeasedResult,
  type ResultAck,
  type ResultsQueue,
} from '../repo/outbox'

export type { LeasedResult, ResultAck, ResultsQueue }

/** What became of one attempt: taken (AA, or CA alone), or failed with a code (INT-70). */
export type DeliveryOutcome = { ok: true; ack: ResultAck } | { ok: false; error: string }

/** The report writes' results: queued in their transaction, the worker woken after the commit. */
export interface ResultsOut {
  queue: ResultsQueue
  wake(): void
  /** HL7_SEND_PRELIMINARY: a report sent for review goes out as a preliminary result (RV-7). */
  sendsPreliminary?: boolean
}

/**
 * Runs a report write that may queue a result in its own transaction (`queue`: none without
 * HL7_SEND_TO, INT-19), then wakes the worker once the write has committed.
 */
export async function queueingResults<T>(
  results: ResultsOut | undefined,
  write: (queue: ResultsQueue | undefined) => Promise<T>,
): Promise<T> {
  const written = await write(results?.queue)
  results?.wake()
  return written
}

/**
 * The queue the report writes take when HL7_SEND_TO is set, its messages built by `build`, each
 * row bound to `destination` (host:port), whichever instance later delivers it (INT-67).
 */
export function queueResults(build: BuildResultMessage, destination: string): ResultsQueue {
  return resultsQueue(build, destination)
}

/** The oldest due result, leased to this worker until `leaseUntil`; null when none is due. */
export function takeDueResult(
  db: Database,
  now: Date,
  leaseUntil: Date,
): Promise<LeasedResult | null> {
  return leaseDueResult(db, now, leaseUntil)
}

/**
 * What the receiver answered: acknowledged (never sent again, INT-15), or failed with a code,
 * never content (INT-25), and tried again at `retryAt` (INT-16..INT-18).
 */
export function recordDelivery(
  db: Database,
  result: LeasedResult,
  outcome: DeliveryOutcome,
  at: Date,
  retryAt: () => Date,
): Promise<void> {
  return outcome.ok
    ? markResultAcknowledged(db, result, outcome.ack, at)
    : markResultFailed(db, result, outcome.error, at, retryAt())
}

/** A delivery abandoned at shutdown: due again at once, for whichever instance runs next. */
export function giveBackResult(db: Database, result: LeasedResult, at: Date): Promise<void> {
  return releaseResult(db, result, at)
}
