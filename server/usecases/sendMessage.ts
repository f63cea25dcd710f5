/**
 * A message sent in a study's chat: counted against the sender's write limit in the read that
 * gathers what the assistant answers from (SEC-7), answered by the assistant, then stored with the
 * reply and any report change in one write (../repo/exchange.ts). The assistant answers before
 * anything is stored: if it fails, nothing half-done remains and the clinician's text stays in
 * their input to send again. A colleague's message is a consult: answered and kept, but it
 * changes no report (CLM-9).
 */
import type { InputType, SendMessageAnswer } from '../../contract'
import type { Assistant } from '../assistant/types'
import type { WindowCount, WindowSlot } from '../db/windowCounters'
import { NotFound, Unavailable } from '../domain/errors'
import type { Actor } from '../repo/audit'
import { exchangeContext, storeExchange } from '../repo/exchange'
import type { UseCaseContext, UseCaseLog } from './context'

export interface SendMessageDeps extends UseCaseContext {
  assistant: Assistant
  log: UseCaseLog
}

export interface SentMessage {
  orderId: string
  actor: Actor
  content: string
  inputType: InputType
  /** The sender's write, counted by the first statement. */
  slot: WindowSlot
}

/**
 * The reply, or null when `refused` said the count is over the limit (and answered the sender
 * itself) before anything else was done.
 */
export async function sendMessage(
  { db, assistant, now, log }: SendMessageDeps,
  sent: SentMessage,
  refused: (counted: WindowCount) => Promise<boolean>,
): Promise<SendMessageAnswer | null> {
  const { orderId, actor, content, inputType } = sent
  const { counted, context } = await exchangeContext(db, orderId, actor, sent.slot)
  if (await refused(counted)) return null
  if (!context) throw new NotFound('Order')
  const { study, history, basis } = context
  let reply
  try {
    reply = await assistant.reply({ study, text: content, inputType, history, now: now() })
  } catch (err) {
    log.error({ err }, 'assistant failed')
    throw new Unavailable(
      'assistant_unavailable',
      'The assistant could not answer. Your message was not saved; please send it again.',
    )
  }
  return storeExchange(
    db,
    { orderId, actor, content, inputType, reply: reply.content, sections: reply.sections },
    basis,
    now,
  )
}
