/**
 * A critical result communicated (CR-1): who was told, how, when, and whether they read it back.
 * Before the signature only the study's reader records one (CR-22); after it anyone may, and the
 * record moves the report's version on and, with HL7_SEND_TO, queues a corrected result (CR-8),
 * the worker woken after the commit. An order's records are listed oldest first.
 */
import type { Communication, CommunicationRequest } from '../../contract'
import type { Database } from '../db/client'
import type { Actor } from '../repo/audit'
import * as communications from '../repo/communications'
import type { UseCaseContext } from './context'
import { queueingResults, type ResultsOut } from './deliverResults'

export interface CommunicationDeps extends UseCaseContext {
  results?: ResultsOut | undefined
}

export function recordCommunication(
  { db, now, results }: CommunicationDeps,
  orderId: string,
  told: CommunicationRequest,
  actor: Actor,
): Promise<Communication> {
  return queueingResults(results, (queue) =>
    communications.recordCommunication(db, orderId, told, now, actor, queue),
  )
}

/** The order's communications, oldest first; not found when there is no such order. */
export function listCommunications(db: Database, orderId: string): Promise<Communication[]> {
  return communications.communicationsOf(db, orderId)
}
