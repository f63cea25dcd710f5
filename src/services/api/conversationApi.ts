/** One study's conversation with the assistant: messages, sending, rating, initialize, clear. */
import { z } from 'zod'
import { apiRequest } from './apiRequest'
import { apiDepsOf, baseApi, LIST_ID } from './baseApi'
import {
  initializeAnswerSchema,
  messageSchema,
  sendMessageAnswerSchema,
  successSchema,
  type Id,
  type InitializeAnswer,
  type Message,
  type Rating,
  type SendMessageAnswer,
  type SendMessageRequest,
} from './contract'
import { listAnswer } from './listAnswer'
import {
  queueRatingCall,
  ratingCallEnded,
  ratingChosen,
  ratingsNewerThan,
  tick,
} from './ratingIntents'

export type SendMessageArgs = { orderId: Id } & SendMessageRequest
export interface RateMessageArgs {
  orderId: Id
  messageId: Id
  /** null removes the rating (CH-5). */
  rating: Rating | null
}

export const conversationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listMessages: build.query<Message[], Id>({
      query: (orderId) => apiRequest('listMessages', { params: { id: orderId } }),
      responseSchema: listAnswer(messageSchema),
      providesTags: (_messages, _error, orderId) => [{ type: 'Message', id: orderId }],
      // A rating chosen while this fetch was under way is newer than what it answers.
      async onQueryStarted(orderId, lifecycle) {
        const { dispatch, queryFulfilled, extra } = lifecycle
        const startedAt = tick()
        try {
          await queryFulfilled
        } catch {
          return
        }
        const newer = ratingsNewerThan(apiDepsOf(extra), orderId, startedAt)
        const cached = conversationApi.endpoints.listMessages.select(orderId)(
          lifecycle.getState(),
        ).data
        const stale = cached?.filter(
          (message) => newer.has(message.id) && newer.get(message.id) !== message.rating,
        )
        if (!stale?.length) return
        dispatch(
          conversationApi.util.updateQueryData('listMessages', orderId, (messages) => {
            for (const message of messages) {
              const rating = newer.get(message.id)
              if (rating !== undefined) message.rating = rating
            }
          }),
        )
      },
    }),
    sendMessage: build.mutation<SendMessageAnswer, SendMessageArgs>({
      query: ({ orderId, ...body }) => apiRequest('sendMessage', { params: { id: orderId }, body }),
      responseSchema: sendMessageAnswerSchema,
      // The messages are refetched even after a failure: the server may have stored the user's
      // message before the assistant failed. A reply that changed the report makes the order stale.
      invalidatesTags: (answer, _error, { orderId }) => [
        { type: 'Message', id: orderId },
        ...(answer?.report_updated
          ? [
              { type: 'Order' as const, id: orderId },
              { type: 'Order' as const, id: LIST_ID },
            ]
          : []),
      ],
    }),
    rateMessage: build.mutation<{ success: true }, RateMessageArgs>({
      // One call at a time per message, in the order of the clicks (ratingIntents.ts).
      queryFn({ orderId, messageId, rating }, api, _extraOptions, baseQuery) {
        return queueRatingCall(apiDepsOf(api.extra), orderId, messageId, async () => {
          const result = await baseQuery(
            apiRequest('rateMessage', { params: { id: orderId, messageId }, body: { rating } }),
          )
          // The answer's shape is checked against `responseSchema` after this function returns.
          return result.error ? result : { ...result, data: result.data as { success: true } }
        })
      },
      responseSchema: successSchema,
      async onQueryStarted({ orderId, messageId, rating }, lifecycle) {
        const { dispatch, queryFulfilled, extra, requestId } = lifecycle
        const owner = apiDepsOf(extra)
        const call = { orderId, messageId, rating, requestId }
        ratingChosen(owner, call)
        const cachedRating = () =>
          conversationApi.endpoints.listMessages
            .select(orderId)(lifecycle.getState())
            .data?.find((message) => message.id === messageId)?.rating
        const before = cachedRating()
        const patch = dispatch(
          conversationApi.util.updateQueryData('listMessages', orderId, (messages) => {
            const message = messages.find((candidate) => candidate.id === messageId)
            if (message) message.rating = rating
          }),
        )
        try {
          await queryFulfilled
          // A reply rated straight from the send's answer was not in the cache yet: fetch it.
          if (ratingCallEnded(owner, call, 'stored') && before === undefined) {
            dispatch(conversationApi.util.invalidateTags([{ type: 'Message', id: orderId }]))
          }
        } catch (failure) {
          // Undone only when no newer click has set the rating since; a refetch shows what the
          // server holds either way.
          if (ratingCallEnded(owner, call, 'failed')) patch.undo()
          dispatch(conversationApi.util.invalidateTags([{ type: 'Message', id: orderId }]))
          apiDepsOf(extra).logger.error('conversation/ratingReverted', {
            orderId,
            messageId,
            rating,
            failure,
          })
        }
      },
    }),
    initializeOrder: build.mutation<InitializeAnswer, Id>({
      query: (orderId) => apiRequest('initializeOrder', { params: { id: orderId } }),
      responseSchema: initializeAnswerSchema,
      // WS-13: an answer with content means the assistant wrote into the conversation.
      invalidatesTags: (answer, _error, orderId) =>
        answer?.content ? [{ type: 'Message', id: orderId }] : [],
    }),
    clearConversation: build.mutation<null, Id>({
      query: (orderId) => apiRequest('clearConversation', { params: { id: orderId } }),
      responseSchema: z.null(),
      // Clearing deletes messages and report and resets the order's status (CL-2).
      invalidatesTags: (_answer, _error, orderId) => [
        { type: 'Message', id: orderId },
        { type: 'Order', id: orderId },
        { type: 'Order', id: LIST_ID },
      ],
    }),
  }),
})

export const {
  useListMessagesQuery,
  useSendMessageMutation,
  useRateMessageMutation,
  useInitializeOrderMutation,
  useClearConversationMutation,
} = conversationApi
