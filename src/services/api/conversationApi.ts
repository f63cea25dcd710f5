/** One study's conversation with the assistant: messages, sending, rating, initialize, clear. */
import { QueryStatus } from '@reduxjs/toolkit/query'
import { apiRequest } from './apiRequest'
import { apiDepsOf, baseApi } from './baseApi'
import { IN_PROGRESS, type Id, type Rating, type SendMessageRequest } from '../../../contract'
import type { InitializeAnswer, Message, SendMessageAnswer } from './model'
import { cachedCopiesOf, refreshOrder } from './orderCache'
import { changeOrder } from './orderChanges'
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
      // The messages are refetched even after a failure: the server may have stored the user's
      // message before the assistant failed.
      // A reply that changed the report wrote a revision of it (UA-1) too.
      invalidatesTags: (answer, _error, { orderId }) => [
        { type: 'Message', id: orderId },
        ...(answer?.report_updated ? [{ type: 'Revision' as const, id: orderId }] : []),
      ],
      // CH-11: the first message moves the study to in_progress, which the caches take as they
      // are. A reply that changed the report (RP-6) makes that one order stale: it is read again
      // and its worklist entry takes the answer; the worklist itself is not refetched.
      async onQueryStarted({ orderId }, lifecycle) {
        let answer: SendMessageAnswer
        try {
          answer = (await lifecycle.queryFulfilled).data
        } catch {
          return
        }
        lifecycle.dispatch(
          changeOrder({ orderId, source: 'message', fields: { status: IN_PROGRESS } }),
        )
        if (answer.report_updated) await refreshOrder(lifecycle, orderId)
      },
    }),
    rateMessage: build.mutation<{ success: true }, RateMessageArgs>({
      // One call at a time per message, in the order of the clicks (ratingIntents.ts).
      queryFn({ orderId, messageId, rating }, api, _extraOptions, baseQuery) {
        return queueRatingCall(apiDepsOf(api.extra), orderId, messageId, async () => {
          const result = await baseQuery(
            apiRequest('rateMessage', { params: { id: orderId, messageId }, body: { rating } }),
          )
          // The base query read the answer as this route's (any success is `{success: true}`).
          return result.error ? result : { ...result, data: { success: true as const } }
        })
      },
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
        /** Whether a read of the conversation is on its way, which may hold the rating before. */
        const reading = () =>
          conversationApi.endpoints.listMessages.select(orderId)(lifecycle.getState()).status ===
          QueryStatus.pending

        const patch = dispatch(
          conversationApi.util.updateQueryData('listMessages', orderId, (messages) => {
            const message = messages.find((candidate) => candidate.id === messageId)
            if (message) message.rating = rating
          }),
        )
        try {
          await queryFulfilled
          // A reply rated straight from the send's answer was not in the cache yet, or a read of
          // the conversation on its way may have left the server before the rating reached it
          // and would answer the old rating: read it again once that read has landed.
          if (ratingCallEnded(owner, call, 'stored') && (before === undefined || reading())) {
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
      // WS-13: an answer with content means the assistant wrote into the conversation.
      invalidatesTags: (answer, _error, orderId) =>
        answer?.content ? [{ type: 'Message', id: orderId }] : [],
    }),
    clearConversation: build.mutation<null, Id>({
      query: (orderId) => apiRequest('clearConversation', { params: { id: orderId } }),
      // Clearing deletes the messages and an unsigned draft with its revisions, and resets the
      // order's status (CL-2); a signed report stays (CL-3).
      invalidatesTags: (_answer, _error, orderId) => [
        { type: 'Message', id: orderId },
        { type: 'Revision', id: orderId },
      ],
      // An unsigned draft is gone, which the caches take as it is; a signed report stays (CL-3).
      // What else the order now is, only the server knows, so the order is read again (its
      // worklist entry takes the answer) when a cache shows it in progress (its original status
      // comes back, or final when signed) or someone's claim (a clear another reader's claim
      // would have refused went through, so that claim is gone: no stale 'Being read by'; CL-5).
      // Any other study keeps its status: a signed one's moves to final, which no row shows, and
      // reading each would cost Clear All a read per study signed in the last days. The worklist
      // itself is not refetched: 'Clear All' clears every study of a hospital's list.
      async onQueryStarted(orderId, lifecycle) {
        try {
          await lifecycle.queryFulfilled
        } catch {
          return
        }
        const copies = cachedCopiesOf(lifecycle.getState(), orderId)
        const signed = copies.some((copy) => copy.report?.is_final === true)
        const readAgain = copies.some(
          (copy) => copy.status === IN_PROGRESS || (copy.claimed_by ?? null) !== null,
        )
        if (!signed) {
          lifecycle.dispatch(changeOrder({ orderId, source: 'clear', fields: { report: null } }))
        }
        if (readAgain) await refreshOrder(lifecycle, orderId)
      },
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
