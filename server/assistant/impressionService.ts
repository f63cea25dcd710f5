/**
 * An impression draft for one study (issue 18): the order must exist (404 otherwise), the
 * configured provider drafts from the Findings sent, and nothing is written. A provider that fails
 * answers 502 `draft_unavailable`; the log says how it failed (timeout, HTTP status...), never
 * what the findings or the model said.
 */
import type { FastifyBaseLogger } from 'fastify'
import {
  DRAFT_UNAVAILABLE_ERROR,
  type DraftImpressionAnswer,
  type ReportSections,
} from '../../contract'
import type { Queryable } from '../db/client'
import { HttpError } from '../http/errors'
import { assertOrderExists } from '../repo/studies'
import { ChatCompletionError } from './chatCompletions'
import type { Assistant } from './types'

export interface ImpressionDraftDeps {
  db: Queryable
  assistant: Assistant
  log: FastifyBaseLogger
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
    throw new HttpError(
      502,
      DRAFT_UNAVAILABLE_ERROR,
      'The model could not draft an impression just now. Try again, or write it yourself.',
    )
  }
}
