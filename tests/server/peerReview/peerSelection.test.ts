/**
 * PEER-1: which openings ask (server/outcomes/peerSelection.ts): a share of (radiologist, study)
 * pairs, decided by a hash of the pair, so every reload and every instance asks the same.
 */
import { describe, expect, it } from 'vitest'
import { isAskedForPeerReview, peerReviewDraw } from '../../../server/outcomes/peerSelection'

const pairs = Array.from({ length: 4000 }, (_, i) => [
  `user-${String(i % 7)}`,
  `order-${String(i)}`,
])

describe('which openings ask for a peer review', () => {
  it('PEER-1 the same pair always gets the same answer, from the first 32 bits of its sha256', () => {
    // sha256('u:o') starts 0xfbcf53f4, so its draw is that over 2^32.
    expect(peerReviewDraw('u', 'o')).toBeCloseTo(0xfbcf53f4 / 2 ** 32, 6)
    for (const [user, order] of pairs.slice(0, 50))
      expect(isAskedForPeerReview(user!, order!, 0.3)).toBe(
        isAskedForPeerReview(user!, order!, 0.3),
      )
  })

  it('PEER-1 about the configured share of pairs asks; 0 never, 1 always', () => {
    const asked = (share: number) =>
      pairs.filter(([user, order]) => isAskedForPeerReview(user!, order!, share)).length
    expect(asked(0)).toBe(0)
    expect(asked(1)).toBe(pairs.length)
    expect(asked(0.05) / pairs.length).toBeGreaterThan(0.035)
    expect(asked(0.05) / pairs.length).toBeLessThan(0.065)
    expect(asked(0.5) / pairs.length).toBeGreaterThan(0.46)
    expect(asked(0.5) / pairs.length).toBeLessThan(0.54)
  })

  it('PEER-1 a larger share asks every pair a smaller one asked', () => {
    for (const [user, order] of pairs.slice(0, 500))
      if (isAskedForPeerReview(user!, order!, 0.1))
        expect(isAskedForPeerReview(user!, order!, 0.2)).toBe(true)
  })
})
