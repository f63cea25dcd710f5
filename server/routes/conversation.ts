/**
 * A study's conversation: its messages, a message sent (the assistant answers before anything is
 * stored), a rating, the first opening's summary, and clearing it.
 */
import { refusedOverLimit, writeSlotOf } from '../http/writeRateLimit'
import { clearConversation, rateMessage } from '../usecases/conversation'
import { listMessages, openConversation } from '../usecases/openStudy'
import { sendMessage } from '../usecases/sendMessage'
import type { ApiApp, ApiDeps } from './apiShared'
import { route } from './route'

export function registerConversationRoutes(app: ApiApp, deps: ApiDeps): void {
  const { db, assistant, now, writeLimit, links, studyOpened } = deps

  route(app, 'listMessages', {}, (request) => listMessages(db, request.params.id))

  // The chat's message is the most frequent write: its first statement counts it (SEC-7).
  route(app, 'sendMessage', { config: { countsOwnWrite: true } }, async (request, reply) => {
    const slot = writeSlotOf(request, writeLimit, now)
    const answer = await sendMessage(
      { db, assistant, now, log: request.log },
      {
        orderId: request.params.id,
        actor: request.actor,
        content: request.body.content,
        inputType: request.body.input_type,
        slot,
      },
      (counted) => refusedOverLimit(db, reply, slot, counted, writeLimit),
    )
    return answer ?? reply
  })

  route(app, 'rateMessage', {}, async (request) => {
    const { id, messageId } = request.params
    await rateMessage({ db, now }, id, messageId, request.body.rating, request.actor)
    return { success: true as const }
  })

  route(app, 'initializeOrder', {}, (request) =>
    openConversation({ db, now, assistant, links, studyOpened }, request.params.id, request.actor),
  )

  route(app, 'clearConversation', {}, (request) =>
    clearConversation(
      { db, now, identity: deps.identity ?? 'local' },
      request.params.id,
      request.actor,
      request.roles,
    ),
  )
}
