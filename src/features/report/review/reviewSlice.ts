/**
 * A trainee's 'Send for review' of each study (RV-13, RV-14): asked first, then sent by the report
 * saga after the draft is saved (src/sagas/report/review.ts), and what went wrong if it did. Only
 * serializable data; gone once the server has the report (its state then says the rest).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Id } from '../../../../contract'
import { teachingApi } from '../../../services/api/teachingApi'

export type ReviewSendStatus = 'confirming' | 'sending' | 'failed'

export interface ReviewSend {
  status: ReviewSendStatus
  /** Why the last send failed (the server's words when it gave some). */
  message: string | null
}

export interface ReviewState {
  send: Record<Id, ReviewSend>
}

const initialState: ReviewState = { send: {} }

type OrderPayload = { orderId: Id }

export const reviewSlice = createSlice({
  name: 'review',
  initialState,
  reducers: {
    /** 'Send for review' (or Ctrl+Shift+F) by a trainee: the question opens. */
    reviewSendRequested(state, action: PayloadAction<OrderPayload>) {
      const current = state.send[action.payload.orderId]
      if (current?.status === 'sending') return
      state.send[action.payload.orderId] = { status: 'confirming', message: null }
    },
    reviewSendCancelled(state, action: PayloadAction<OrderPayload>) {
      if (state.send[action.payload.orderId]?.status !== 'confirming') return
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
      delete state.send[action.payload.orderId]
    },
    /** Confirmed in the question: the report saga saves the draft, then sends. */
    reviewSendConfirmed(state, action: PayloadAction<OrderPayload>) {
      const current = state.send[action.payload.orderId]
      if (current?.status !== 'confirming') return
      current.status = 'sending'
    },
    reviewSendFailed(state, action: PayloadAction<OrderPayload & { message: string }>) {
      state.send[action.payload.orderId] = { status: 'failed', message: action.payload.message }
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(teachingApi.endpoints.sendForReview.matchFulfilled, (state, action) => {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
      delete state.send[action.meta.arg.originalArgs.orderId]
    })
  },
  selectors: {
    selectReviewSend: (state, orderId: Id): ReviewSend | undefined => state.send[orderId],
  },
})

export const { reviewSendRequested, reviewSendCancelled, reviewSendConfirmed, reviewSendFailed } =
  reviewSlice.actions
export const { selectReviewSend } = reviewSlice.selectors
