/**
 * A study's conversation: its messages, a message sent (the assistant answers before anything is
 * stored), a rating, the first opening's summary, and clearing it.
 */
import { z } from 'zod'
import { routes } from '../../contract'
import { errorSchema } from '../../contract'
import { HttpError, notFound } from '../http/errors'
import { refusedOverLimit, writeSlotOf } from '../http/writeRateLimit'
import * as conversation from '../repo/conversation'
import * as exchange from '../repo/exchange'
import * as studies from '../repo/studies'
import { errors, type ApiApp, type ApiDeps } from './apiShared'

export function registerConversationRoutes(app: ApiApp, deps: ApiDeps): void {
  const { db, assistant, now, writeLimit } = deps
  app.get(
    routes.listMessages.path,
    {
      schema: {
        params: routes.listMessages.params,
        response: { 200: routes.listMessages.answer, ...errors },
      },
    },
    async (request) => {
      await studies.assertOrderExists(db, request.params.id)
      return studies.listMessages(db, request.params.id)
    },
  )

  app.post(
    routes.sendMessage.path,
    {
      schema: {
        params: routes.sendMessage.params,
        body: routes.sendMessage.body,
        response: { 200: routes.sendMessage.answer, 429: errorSchema, ...errors },
      },
      // The chat's message is the most frequent write: its first statement counts it (SEC-7).
      config: { countsOwnWrite: true },
    },
    async (request, answer) => {
      const orderId = request.params.id
      const slot = writeSlotOf(request, writeLimit, now)
      const { counted, context } = await exchange.exchangeContext(db, orderId, request.actor, slot)
      if (await refusedOverLimit(db, answer, slot, counted, writeLimit)) return answer
      if (!context) throw notFound('Order')
      const { study, history, basis } = context
      // The assistant answers before anything is stored: if it fails, nothing half-done remains
      // and the clinician's text stays in their input to send again.
      let reply
      try {
        reply = await assistant.reply({
          study,
          text: request.body.content,
          inputType: request.body.input_type,
          history,
          now: now(),
        })
      } catch (err) {
        request.log.error({ err }, 'assistant failed')
        throw new HttpError(
          502,
          'assistant_unavailable',
          'The assistant could not answer. Your message was not saved; please send it again.',
        )
      }
      return exchange.storeExchange(
        db,
        {
          orderId,
          actor: request.actor,
          content: request.body.content,
          inputType: request.body.input_type,
          reply: reply.content,
          sections: reply.sections,
        },
        basis,
        now,
      )
    },
  )

  app.patch(
    routes.rateMessage.path,
    {
      schema: {
        params: routes.rateMessage.params,
        body: routes.rateMessage.body,
        response: { 200: routes.rateMessage.answer, ...errors },
      },
    },
    async (request) => {
      await conversation.rateMessage(
        db,
        request.params.id,
        request.params.messageId,
        request.body.rating,
        request.actor,
        now,
      )
      return { success: true as const }
    },
  )

  app.post(
    routes.initializeOrder.path,
    {
      schema: {
        params: routes.initializeOrder.params,
        response: { 200: routes.initializeOrder.answer, ...errors },
      },
    },
    async (request) => {
      const answer = await conversation.initializeConversation(
        db,
        request.params.id,
        request.actor,
        async (study) => JSON.stringify(await assistant.summarize(study, now())),
        now,
      )
      deps.studyOpened?.(request.params.id)
      return answer
    },
  )

  app.delete(
    routes.clearConversation.path,
    { schema: { params: routes.clearConversation.params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await conversation.clearConversation(db, request.params.id, request.actor, now)
      return reply.status(204).send(null)
    },
  )
}
