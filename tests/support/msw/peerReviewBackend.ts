/**
 * Peer review's routes of the in-memory /api/v1 (PEER-15..PEER-30): the prior a test sets is
 * asked about on opening any study (`ask`, null: nothing asked); a score is recorded unless the
 * test said it is refused (`refuse`: a 409 in the server's shape), as one per prior; the caller's
 * own scores and the admin's rates are what the test puts there. Bodies are checked against the
 * contract, as the server checks them (400 otherwise).
 */
import { HttpResponse, type HttpHandler } from 'msw'
import {
  recordPeerReviewRequestSchema,
  type MyPeerReviews,
  type PeerReview,
  type PeerReviewPrior,
  type PeerReviewRate,
  type RouteName,
} from '../../../contract'
import { FIXED_TIME } from './data'

export interface PeerReviewState {
  /** The prior every opening asks about (null: none). */
  ask: PeerReviewPrior | null
  /** The scores recorded by the caller, oldest first. */
  recorded: PeerReview[]
  /** A refusal the next scores get: `{status, error, message}`. */
  refuse: { status: number; error: string; message: string } | null
  mine: MyPeerReviews
  rates: PeerReviewRate[]
}

export function buildPrior(overrides: Partial<PeerReviewPrior> = {}): PeerReviewPrior {
  return {
    order_id: 'O-prior',
    ordered_at: '2026-10-01T09:00:00.000Z',
    modality: 'CT',
    body_part: 'Chest',
    study_description: 'CT Chest without contrast',
    accession_number: 'ACC-PRIOR',
    finalized_at: '2026-10-01T12:00:00.000Z',
    sections: {
      history: 'Cough.',
      technique: 'Axial CT of the chest.',
      comparison: 'None.',
      findings: 'A 6 mm nodule in the right upper lobe.',
      impression: 'Right upper lobe nodule, likely benign.',
    },
    ...overrides,
  }
}

export function buildPeerReview(overrides: Partial<PeerReview> = {}): PeerReview {
  return {
    id: 'PR1',
    order_id: 'O-prior',
    accession_number: 'ACC-PRIOR',
    modality: 'CT',
    body_part: 'Chest',
    study_description: 'CT Chest without contrast',
    score: '2b',
    comment: 'The nodule needed a follow-up.',
    created_at: FIXED_TIME,
    ...overrides,
  }
}

export const demoPeerReviewState = (): PeerReviewState => ({
  ask: null,
  recorded: [],
  refuse: null,
  mine: { items: [], by_score: { '1': 0, '2a': 0, '2b': 0, '3a': 0, '3b': 0 } },
  rates: [],
})

type Responder = (input: {
  params: Record<string, string | readonly string[] | undefined>
  body: unknown
  query: URLSearchParams
}) => Response

const refusal = (status: number, error: string, message: string) =>
  HttpResponse.json({ error, message }, { status })

export function peerReviewHandlers(
  backend: { peerReview: PeerReviewState },
  handle: (route: RouteName, respond: Responder) => HttpHandler,
): HttpHandler[] {
  const state = () => backend.peerReview
  return [
    handle('askPeerReview', () => HttpResponse.json({ prior: state().ask })),
    handle('recordPeerReview', ({ body }) => {
      const parsed = recordPeerReviewRequestSchema.safeParse(body)
      if (!parsed.success) return refusal(400, 'bad_request', 'invalid score')
      const refused = state().refuse
      if (refused) return refusal(refused.status, refused.error, refused.message)
      const { order_id, score, comment } = parsed.data
      if (state().recorded.some((review) => review.order_id === order_id))
        return refusal(409, 'peer_review_exists', 'You have already scored this report.')
      const review = buildPeerReview({
        id: `PR${String(state().recorded.length + 1)}`,
        order_id,
        score,
        comment,
      })
      state().recorded.push(review)
      return HttpResponse.json(review, { status: 201 })
    }),
    handle('listMyPeerReviews', () => HttpResponse.json(state().mine)),
    handle('peerReviewRates', () => HttpResponse.json({ items: state().rates })),
  ]
}
