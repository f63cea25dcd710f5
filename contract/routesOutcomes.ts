/**
 * Closing the loop's routes of the route table (contract/index.ts spreads them into `routes`):
 * follow-up recommendations, peer review and the department's numbers (contract/outcomes.ts).
 */
import { routePaths } from './constants'
import { orderParamsSchema } from './answers'
import {
  criticalCommunicationStatsSchema,
  followUpPageSchema,
  followUpParamsSchema,
  followUpSchema,
  followUpStatsSchema,
  listFollowUpsQuerySchema,
  myPeerReviewsSchema,
  peerReviewAskSchema,
  peerReviewRatesQuerySchema,
  peerReviewRatesSchema,
  peerReviewSchema,
  recordPeerReviewRequestSchema,
  resolveFollowUpRequestSchema,
  statsQuerySchema,
  turnaroundQuerySchema,
  turnaroundStatsSchema,
  volumeStatsSchema,
} from './outcomes'

export const outcomeRoutes = {
  /** Overdue first (contract/outcomes.ts). */
  listFollowUps: {
    ...routePaths.listFollowUps,
    query: listFollowUpsQuerySchema,
    answer: followUpPageSchema,
  },
  /** 409 `FOLLOW_UP_CLOSED_ERROR` when already completed or declined. */
  resolveFollowUp: {
    ...routePaths.resolveFollowUp,
    params: followUpParamsSchema,
    body: resolveFollowUpRequestSchema,
    answer: followUpSchema,
  },
  askPeerReview: {
    ...routePaths.askPeerReview,
    params: orderParamsSchema,
    answer: peerReviewAskSchema,
  },
  /** 201 with the review; 409 `PEER_REVIEW_EXISTS_ERROR` or `NOT_REVIEWABLE_ERROR`. */
  recordPeerReview: {
    ...routePaths.recordPeerReview,
    body: recordPeerReviewRequestSchema,
    answer: peerReviewSchema,
  },
  listMyPeerReviews: { ...routePaths.listMyPeerReviews, answer: myPeerReviewsSchema },
  peerReviewRates: {
    ...routePaths.peerReviewRates,
    query: peerReviewRatesQuerySchema,
    answer: peerReviewRatesSchema,
  },
  turnaroundStats: {
    ...routePaths.turnaroundStats,
    query: turnaroundQuerySchema,
    answer: turnaroundStatsSchema,
  },
  volumeStats: { ...routePaths.volumeStats, query: statsQuerySchema, answer: volumeStatsSchema },
  criticalCommunicationStats: {
    ...routePaths.criticalCommunicationStats,
    query: statsQuerySchema,
    answer: criticalCommunicationStatsSchema,
  },
  followUpStats: {
    ...routePaths.followUpStats,
    query: statsQuerySchema,
    answer: followUpStatsSchema,
  },
} as const
