/**
 * Which openings of a study ask the radiologist to score a colleague's prior (PEER-1): a share of
 * (radiologist, study) pairs, `PEER_REVIEW_SHARE`. The choice is a hash of the pair, not a dice
 * roll, so a reload, a second tab or a second server instance asks the same question, and a
 * radiologist cannot make the prompt go away (or come back) by opening the study again.
 */
import { createHash } from 'node:crypto'

/** 2^32: the first four bytes of the digest, read as an unsigned number, are below it. */
const SPAN = 0x1_0000_0000

/** Where the pair falls in [0, 1): the first 32 bits of sha256(`userId:orderId`) over 2^32. */
export function peerReviewDraw(userId: string, orderId: string): number {
  return createHash('sha256').update(`${userId}:${orderId}`).digest().readUInt32BE(0) / SPAN
}

/** PEER-1: whether this radiologist, opening this study, is asked (share 0: never; 1: always). */
export function isAskedForPeerReview(userId: string, orderId: string, share: number): boolean {
  if (share <= 0) return false
  if (share >= 1) return true
  return peerReviewDraw(userId, orderId) < share
}

/** Share of reviews a count stands for, 0 with no reviews (a rate of nothing is no rate). */
export const shareOf = (count: number, reviews: number): number =>
  reviews === 0 ? 0 : count / reviews
