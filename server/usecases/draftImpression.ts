/**
 * An impression draft for one study (IMP-1): the order must exist (not found otherwise), the
 * configured provider drafts from the Findings sent, and nothing is written. A provider that fails
 * is unavailable, `draft_unavailable` (IMP-7); the log says how it failed (timeout, HTTP
 * status...), never what the findings or the model said.
 */
import {
  DRAFT_UNAVAILABLE_ERROR,
  type DraftImpressionAnswer,
  type ReportSections,
} from '../../contract'
import { ChatCompletionError } from '../assistant/chatCompletions'
import type { Assistant } from '../assistant/types'
import type { Queryable } from '../db/client'
import { Unavailable } from '../domain/errors'
import { assertOrderExists } from '../repo/studies'
import type { UseCaseLog } from './context'

export interface ImpressionDraftDeps {
  db: Queryable
  assistant: Assistant
  log: UseCaseLog
}

export async function draftOrderImpression(
  { db, assistant, log }: ImpressionDraftDeps,
  orderId: string,
  sections: ReportSections,
): Promise<DraftImpressionAnswer> {
  await assertOrderExists(db, orderId)
  try {
    return await assistant.draftImpression(sections.findings)
  } catch (error) {
    const failure =
      error instanceof ChatCompletionError
        ? { kind: error.kind, ...(error.status === undefined ? {} : { status: error.status }) }
        : { kind: 'provider' }
    log.warn({ provider: assistant.name, ...failure }, 'impression draft failed')
    throw new Unavailable(
      DRAFT_UNAVAILABLE_ERROR,
      'The model could not draft an impression just now. Try again, or write it yourself.',
    )
  }
}
