/**
 * PEER-28: peer review's answers read tolerantly at the edge: a prior that cannot be shown is no
 * question, a score the product does not know leaves its entry out, and counts and rates a
 * backend leaves out are counted from what it sent.
 */
import { describe, expect, it } from 'vitest'
import {
  readMyPeerReviews,
  readPeerReviewAsk,
  readPeerReviewRates,
} from '../../../../src/services/api/read/peerReview'

describe("peer review's readers", () => {
  it('PEER-28 a prior without an id or any words is no question; an author sent along is not read', () => {
    expect(readPeerReviewAsk({ prior: null })).toEqual({ ok: true, value: { prior: null } })
    expect(readPeerReviewAsk({ prior: { id: 7, sections: {} } })).toEqual({
      ok: true,
      value: { prior: null },
    })
    const read = readPeerReviewAsk({
      prior: { id: 7, findings: 'Clear.', finalized_by: { name: 'Dr Ada' } },
    })
    expect(read.ok && read.value.prior).toMatchObject({ order_id: '7', findings: 'Clear.' })
    expect(JSON.stringify(read)).not.toContain('Ada')
  })

  it('PEER-28 scores are read in any letter case; an unknown one leaves its entry out; counts follow', () => {
    const read = readMyPeerReviews([
      { id: 1, score: '2B', comment: 'Missed.' },
      { id: 2, score: 4 },
      { id: 3, score: 1 },
    ])
    expect(read.ok && read.value.items.map((item) => item.score)).toEqual(['2b', '1'])
    expect(read.ok && read.value.by_score).toEqual({ '1': 1, '2a': 0, '2b': 1, '3a': 0, '3b': 0 })
    expect(read.ok && read.skipped).toEqual({ count: 1, fields: ['score'] })
  })

  it('PEER-28 rates a backend leaves out are worked out from its counts', () => {
    const read = readPeerReviewRates({
      items: [{ user_id: 'U1', name: 'Dr A', by_score: { '1': 1, '3b': 1 } }],
    })
    expect(read.ok && read.value).toEqual([
      {
        user_id: 'U1',
        name: 'Dr A',
        reviews: 2,
        by_score: { '1': 1, '2a': 0, '2b': 0, '3a': 0, '3b': 1 },
        discrepancy_rate: 0.5,
        significant_rate: 0.5,
      },
    ])
  })
})
