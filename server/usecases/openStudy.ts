/**
 * A clinician opens a study and reads it: the order (with its viewer link, INT-34), the chat's
 * first opening with its patient summary (once per conversation), the messages, the report's
 * revisions and the patient's priors (PR-1). Opening a study (the order read, or its conversation
 * initialized) may start the look-up of its study UID in the archive (INT-36), never awaited.
 */
import type { Message, Order, PriorStudy, ReportRevision } from '../../contract'
import type { Assistant } from '../assistant/types'
import type { Database } from '../db/client'
import type { OrderLinks } from '../domain/studies'
import type { Actor } from '../repo/audit'
import { initializeConversation } from '../repo/conversation'
import { listPriors } from '../repo/priors'
import * as studies from '../repo/studies'
import type { UseCaseContext } from './context'

export interface OpenStudyDeps extends UseCaseContext {
  links: OrderLinks
  /** A study was opened (`order`: read whole), so its study UID may be looked up (DICOMWEB_URL). */
  studyOpened?: ((orderId: string, order?: Order) => void) | undefined
}

/** The order as the API answers it: with its patient, report, addenda and viewer link. */
export async function readOrder(deps: OpenStudyDeps, orderId: string): Promise<Order> {
  const order = await studies.getOrder(deps.db, orderId)
  deps.studyOpened?.(order.id, order)
  return deps.links(order)
}

/**
 * The chat's first opening: the structured patient summary is written once per conversation (two
 * first openings at once make one), and the opening is audited (`study_opened`).
 */
export async function openConversation(
  deps: OpenStudyDeps & { assistant: Assistant },
  orderId: string,
  actor: Actor,
): Promise<{ content?: string }> {
  const { db, assistant, now } = deps
  const answer = await initializeConversation(
    db,
    orderId,
    actor,
    async (study) => JSON.stringify(await assistant.summarize(study, now())),
    now,
  )
  deps.studyOpened?.(orderId)
  return answer
}

/** The study's messages, oldest first; not found when there is no such order. */
export async function listMessages(db: Database, orderId: string): Promise<Message[]> {
  await studies.assertOrderExists(db, orderId)
  return studies.listMessages(db, orderId)
}

/** Every revision of the report, newest first (what the assistant changed, and the history). */
export function listReportRevisions(db: Database, orderId: string): Promise<ReportRevision[]> {
  return studies.listReportRevisions(db, orderId)
}

/** The patient's other studies, newest first (PR-1). */
export function listStudyPriors(db: Database, orderId: string): Promise<{ items: PriorStudy[] }> {
  return listPriors(db, orderId)
}
