/**
 * Peer review (PEER-*) as the backend answers it, read at the edge.
 * SCAFFOLD: the peer review helper replaces these readers (they refuse every answer until then).
 */
import type { MyPeerReviews, PeerReview, PeerReviewAsk, PeerReviewRate } from '../../../../contract'

export type { MyPeerReviews, PeerReview, PeerReviewAsk, PeerReviewRate }

const notYet = (_raw: unknown): { ok: false; issues: string[] } => ({
  ok: false,
  issues: ['not read yet'],
})
export const readPeerReviewAsk = notYet
export const readPeerReviewAnswer = notYet
export const readMyPeerReviews = notYet
export const readPeerReviewRates = notYet
