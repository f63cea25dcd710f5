/**
 * Peer review (PEER-15..PEER-30) as a backend answers it, read tolerantly at the edge. A prior
 * that cannot be shown (no id, nothing written) reads as no question at all: being asked is an
 * extra, never a failure of the study. A score needs an id and a RADPEER score the product knows;
 * counts a backend leaves out are counted from what it sent, and rates from the counts.
 */
import { RADPEER_SCORES, type RadpeerScore } from '../../../../contract'
import { readList, type Read, type Skipped } from './lists'
import { isRecord, readId, readText, readTimestamp, type Raw } from './values'

/** The prior to score: what it was and what its report says; its author is never read. */
export interface PeerReviewPrior {
  order_id: string
  ordered_at: string | null
  finalized_at: string | null
  study_description: string
  accession_number: string
  modality: string
  body_part: string
  findings: string
  impression: string
}

export interface PeerReviewAsk {
  prior: PeerReviewPrior | null
}

export interface PeerReview {
  id: string
  order_id: string
  accession_number: string
  study_description: string
  score: RadpeerScore
  comment: string
  created_at: string | null
}

export type ScoreCounts = Record<RadpeerScore, number>

export interface MyPeerReviews {
  items: PeerReview[]
  by_score: ScoreCounts
}

export interface PeerReviewRate {
  user_id: string
  name: string
  reviews: number
  by_score: ScoreCounts
  /** 0..1 */
  discrepancy_rate: number
  significant_rate: number
}

type Reading<T> = { ok: true; value: T; skipped?: Skipped | null } | { ok: false; issues: string[] }

const text = (value: unknown): string => readText(value)?.trim() ?? ''
const SCORES: ReadonlySet<string> = new Set(RADPEER_SCORES)

/** '2B', ' 1 ' and the number 1 are scores too. */
export function readScore(value: unknown): RadpeerScore | undefined {
  const code = text(value).toLowerCase()
  return SCORES.has(code) ? (code as RadpeerScore) : undefined
}

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined

const rate = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1
    ? value
    : undefined

export const noScores = (): ScoreCounts => ({ '1': 0, '2a': 0, '2b': 0, '3a': 0, '3b': 0 })

/** The counts a backend sent, each score it left out counted from `fallback`. */
function readCounts(raw: unknown, fallback: ScoreCounts): ScoreCounts {
  const given = isRecord(raw) ? raw : {}
  const counts = noScores()
  for (const score of RADPEER_SCORES) counts[score] = count(given[score]) ?? fallback[score]
  return counts
}

function readPrior(raw: unknown): PeerReviewPrior | null {
  if (!isRecord(raw)) return null
  const orderId = readId(raw.order_id) ?? readId(raw.id)
  const sections: Raw = isRecord(raw.sections) ? raw.sections : raw
  const findings = readText(sections.findings) ?? ''
  const impression = readText(sections.impression) ?? ''
  if (orderId === undefined || (findings.trim() === '' && impression.trim() === '')) return null
  return {
    order_id: orderId,
    ordered_at: readTimestamp(raw.ordered_at) ?? null,
    finalized_at: readTimestamp(raw.finalized_at) ?? null,
    study_description: text(raw.study_description),
    accession_number: text(raw.accession_number),
    modality: text(raw.modality),
    body_part: text(raw.body_part),
    findings,
    impression,
  }
}

export function readPeerReviewAsk(raw: unknown): Reading<PeerReviewAsk> {
  return { ok: true, value: { prior: isRecord(raw) ? readPrior(raw.prior) : null } }
}

function readReview(raw: unknown): Read<PeerReview> {
  if (!isRecord(raw)) return { ok: false, field: 'review' }
  const id = readId(raw.id)
  if (id === undefined) return { ok: false, field: 'id' }
  const score = readScore(raw.score)
  if (score === undefined) return { ok: false, field: 'score' }
  return {
    ok: true,
    value: {
      id,
      order_id: readId(raw.order_id) ?? '',
      accession_number: text(raw.accession_number),
      study_description: text(raw.study_description),
      score,
      comment: readText(raw.comment) ?? '',
      created_at: readTimestamp(raw.created_at) ?? null,
    },
  }
}

export function readPeerReviewAnswer(raw: unknown): Reading<PeerReview> {
  const read = readReview(raw)
  return read.ok ? read : { ok: false, issues: [`${read.field}: cannot be read`] }
}

export function readMyPeerReviews(raw: unknown): Reading<MyPeerReviews> {
  const list = readList(isRecord(raw) && 'items' in raw ? raw.items : raw, readReview)
  if (!list.ok) return list
  const counted = noScores()
  for (const review of list.value) counted[review.score] += 1
  const byScore = readCounts(isRecord(raw) ? raw.by_score : undefined, counted)
  return { ok: true, value: { items: list.value, by_score: byScore }, skipped: list.skipped }
}

function readRate(raw: unknown): Read<PeerReviewRate> {
  if (!isRecord(raw)) return { ok: false, field: 'rate' }
  const userId = readId(raw.user_id) ?? readId(raw.id)
  if (userId === undefined) return { ok: false, field: 'user_id' }
  const byScore = readCounts(raw.by_score, noScores())
  const counted = RADPEER_SCORES.reduce((sum, score) => sum + byScore[score], 0)
  const reviews = count(raw.reviews) ?? counted
  const share = (n: number) => (reviews === 0 ? 0 : Math.min(1, n / reviews))
  return {
    ok: true,
    value: {
      user_id: userId,
      name: text(raw.name) || userId,
      reviews,
      by_score: byScore,
      discrepancy_rate: rate(raw.discrepancy_rate) ?? share(reviews - byScore['1']),
      significant_rate: rate(raw.significant_rate) ?? share(byScore['2b'] + byScore['3b']),
    },
  }
}

export function readPeerReviewRates(raw: unknown): Reading<PeerReviewRate[]> {
  return readList(isRecord(raw) && 'items' in raw ? raw.items : raw, readRate)
}
