/**
 * An addendum to a signed report: refused while the report is not signed (or there is none); it
 * moves the report's version on and, with HL7_SEND_TO, queues a corrected result carrying the
 * whole report and every addendum so far (INT-14), the worker woken after the commit.
 */
import type { Addendum } from '../../contract'
import type { Actor } from '../repo/audit'
import { addAddendum as appendAddendum } from '../repo/reports'
import type { UseCaseContext } from './context'
import { queueingResults, type ResultsOut } from './deliverResults'

export interface AddendumDeps extends UseCaseContext {
  results?: ResultsOut | undefined
}

export function addAddendum(
  { db, now, results }: AddendumDeps,
  orderId: string,
  text: string,
  actor: Actor,
): Promise<Addendum> {
  return queueingResults(results, (queue) => appendAddendum(db, orderId, text, now, actor, queue))
}
