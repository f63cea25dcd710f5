/** One study's conversation with the assistant: messages, sending, rating, initialize, clear. */
import { QueryStatus } from '@reduxjs/toolkit/query'
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
      query: ({ orderId, messageId, rating }) =>
        apiRequest('rateMessage', { params: { id: orderId, messageId }, body: { rating } }),
      responseSchema: successSchema,
      async onQueryStarted({ orderId, messageId, rating }, lifecycle) {
        const { dispatch, queryFulfilled, extra } = lifecycle
        const conversation = () =>
          conversationApi.endpoints.listMessages.select(orderId)(lifecycle.getState())
        const cachedRating = () =>
          conversation().data?.find((message) => message.id === messageId)?.rating
        const applyRating = () =>
          conversationApi.util.updateQueryData('listMessages', orderId, (messages) => {
            const message = messages.find((candidate) => candidate.id === messageId)
            if (message) message.rating = rating
          })
        const before = cachedRating()
        const patch = dispatch(applyRating())
        try {
          await queryFulfilled
          // A refetch of the conversation that was under way when the rating was sent answers
          // with the rating from before and overwrites the optimistic one: put it back (unless
          // a newer click changed it since). Fetch again when a refetch is still running, or
          // when the reply was not in the cache yet (rated straight from the send's answer).
          if (before !== undefined && before !== rating && cachedRating() === before) {
            dispatch(applyRating())
          }
          if (before === undefined || conversation().status === QueryStatus.pending) {
            dispatch(conversationApi.util.invalidateTags([{ type: 'Message', id: orderId }]))
          }
        } catch (failure) {
          patch.undo()
          // Undo restores what this call changed; a refetch also repairs ratings clicked in
          // quick succession, whose patches may have been undone out of order.
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
