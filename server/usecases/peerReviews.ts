/**
 * Peer review (PEER-*): whether opening a study asks the radiologist to score a colleague's prior,
 * the score, the scores a radiologist's reports received, and the admin's rates per radiologist.
 */
import type {
  MyPeerReviews,
  PeerReview,
  PeerReviewAsk,
  PeerReviewRate,
  RecordPeerReviewRequest,
} from '../../contract'
import { Invalid } from '../domain/errors'
import { isAskedForPeerReview } from '../outcomes/peerSelection'
import type { Actor } from '../repo/audit'
import { listMyPeerReviews, peerReviewRates as readRates } from '../repo/peerReviewRates'
import { findPriorToReview, recordPeerReview as writeReview } from '../repo/peerReviews'
import { assertOrderExists } from '../repo/studies'
import type { UseCaseContext } from './context'

export interface PeerReviewContext extends UseCaseContext {
  /** PEER_REVIEW_SHARE: the share of (radiologist, study) pairs that ask, 0..1. */
  share: number
  /** DEPARTMENT_TIME_ZONE: the rates' days. */
  timeZone: string
}

/** PEER-1, PEER-2: GET /orders/{id}/peer-review. */
export async function askPeerReview(
  ctx: PeerReviewContext,
  actor: Actor,
  orderId: string,
): Promise<PeerReviewAsk> {
  if (!isAskedForPeerReview(actor.userId, orderId, ctx.share)) {
    // Unasked or not, an order that does not exist is a 404, as on every route about one.
    await assertOrderExists(ctx.db, orderId)
    return { prior: null }
  }
  return { prior: await findPriorToReview(ctx.db, orderId, actor.userId) }
}

/** PEER-3..PEER-7: POST /peer-reviews. */
export function recordPeerReview(
  ctx: PeerReviewContext,
  actor: Actor,
  input: RecordPeerReviewRequest,
): Promise<PeerReview> {
  return writeReview(ctx.db, actor, input, ctx.now())
}

/** PEER-10, PEER-11: GET /peer-reviews/mine. */
export function myPeerReviews(ctx: PeerReviewContext, actor: Actor): Promise<MyPeerReviews> {
  return listMyPeerReviews(ctx.db, actor.userId)
}

/** PEER-12..PEER-14: GET /admin/peer-reviews. */
export function peerReviewRates(
  ctx: PeerReviewContext,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<{ items: PeerReviewRate[] }> {
  if (query.from && query.to && query.from > query.to)
    throw new Invalid('`from` must not be after `to`.')
  return readRates(ctx.db, { from: query.from, to: query.to, timeZone: ctx.timeZone })
}
