/**
 * Peer review's calls (PEER-15..PEER-30). The question asked on opening a study is kept for the
 * session (never read again while the tab lives): once answered, by a score or by 'Not now', the
 * kept answer is emptied, so reopening the study does not ask again, nor about an older prior the
 * server would offer next. The lists a score changes (the author's, the admin's rates) are read
 * afresh whenever their view opens.
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type { Id, RadpeerScore } from '../../../contract'
import type { MyPeerReviews, PeerReview, PeerReviewAsk, PeerReviewRate } from './read/peerReview'

export type {
  MyPeerReviews,
  PeerReview,
  PeerReviewAsk,
  PeerReviewPrior,
  PeerReviewRate,
  ScoreCounts,
} from './read/peerReview'

export interface PeerReviewScore {
  /** The prior scored. */
  order_id: Id
  /** The study open when the question was asked (PEER-30). */
  asked_on_order_id?: Id
  score: RadpeerScore
  comment: string
}

/** Days (YYYY-MM-DD), inclusive; an empty one is not sent. */
export interface RatesWindow {
  from?: string
  to?: string
}

export const peerReviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    askPeerReview: build.query<PeerReviewAsk, Id>({
      query: (orderId) => apiRequest('askPeerReview', { params: { id: orderId } }),
      keepUnusedDataFor: Infinity,
    }),
    recordPeerReview: build.mutation<PeerReview, PeerReviewScore>({
      query: (body) => apiRequest('recordPeerReview', { body }),
    }),
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    listMyPeerReviews: build.query<MyPeerReviews, void>({
      query: () => apiRequest('listMyPeerReviews', {}),
      keepUnusedDataFor: 0,
    }),
    peerReviewRates: build.query<PeerReviewRate[], RatesWindow>({
      query: ({ from, to }) =>
        apiRequest('peerReviewRates', {
          query: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
        }),
      keepUnusedDataFor: 0,
    }),
  }),
})

/** The question on opening `orderId` is answered (scored, or 'Not now'): it is not asked again. */
export const peerReviewAnswered = (orderId: Id) =>
  peerReviewApi.util.updateQueryData('askPeerReview', orderId, (asked) => {
    asked.prior = null
  })

export const {
  useAskPeerReviewQuery,
  useRecordPeerReviewMutation,
  useListMyPeerReviewsQuery,
  usePeerReviewRatesQuery,
} = peerReviewApi
