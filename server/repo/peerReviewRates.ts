/**
 * What peer review's scores add up to (PEER-10..PEER-14): the scores a radiologist's own reports
 * received (their reviewers never named), and, for an admin, the rates per radiologist over a
 * window of days counted in the department's time zone. Names come from the records (who signed,
 * as they were called then), so a renamed or removed account keeps its history.
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import {
  RADPEER_SCORES,
  type MyPeerReviews,
  type PeerReviewRate,
  type RadpeerScore,
} from '../../contract'
import type { Queryable } from '../db/client'
import { orders, peerReviews } from '../db/schema'
import { shareOf } from '../outcomes/peerSelection'

/** Newest scores one answer holds: years of a radiologist's reviews, a page nobody scrolls past. */
export const MY_REVIEWS_LIMIT = 1000

type ScoreCounts = Record<RadpeerScore, number>
const noScores = (): ScoreCounts => ({ '1': 0, '2a': 0, '2b': 0, '3a': 0, '3b': 0 })
const isScore = (value: string): value is RadpeerScore =>
  (RADPEER_SCORES as readonly string[]).includes(value)

/** PEER-10, PEER-11: GET /peer-reviews/mine. */
export async function listMyPeerReviews(q: Queryable, authorId: string): Promise<MyPeerReviews> {
  const [rows, counts] = await Promise.all([
    q
      .select({
        id: peerReviews.id,
        orderId: peerReviews.orderId,
        accessionNumber: orders.accessionNumber,
        modality: orders.modality,
        bodyPart: orders.bodyPart,
        studyDescription: orders.studyDescription,
        score: peerReviews.score,
        comment: peerReviews.comment,
        createdAt: peerReviews.createdAt,
      })
      .from(peerReviews)
      .innerJoin(orders, eq(orders.id, peerReviews.orderId))
      .where(eq(peerReviews.authorId, authorId))
      .orderBy(desc(peerReviews.createdAt), desc(peerReviews.id))
      .limit(MY_REVIEWS_LIMIT),
    q
      .select({ score: peerReviews.score, n: count() })
      .from(peerReviews)
      .where(eq(peerReviews.authorId, authorId))
      .groupBy(peerReviews.score),
  ])
  const byScore = noScores()
  for (const { score, n } of counts) if (isScore(score)) byScore[score] = n
  return {
    items: rows.map((row) => ({
      id: row.id,
      order_id: row.orderId,
      accession_number: row.accessionNumber,
      modality: row.modality,
      body_part: row.bodyPart,
      study_description: row.studyDescription,
      score: row.score,
      comment: row.comment,
      created_at: row.createdAt.toISOString(),
    })),
    by_score: byScore,
  }
}

export interface RatesWindow {
  /** Inclusive days (YYYY-MM-DD); absent: no bound on that side. */
  from?: string | undefined
  to?: string | undefined
  /** The department's IANA time zone the days are counted in. */
  timeZone: string
}

/** The first instant of `day` in `timeZone`. */
const startOf = (day: string, timeZone: string) =>
  sql`((${day}::date)::timestamp at time zone ${timeZone})`
/** The first instant of the day after `day` in `timeZone`. */
const endOf = (day: string, timeZone: string) =>
  sql`(((${day}::date) + 1)::timestamp at time zone ${timeZone})`

const scoreCount = (score: RadpeerScore) =>
  sql<number>`count(*) filter (where ${peerReviews.score} = ${score})`.mapWith(Number)

/** PEER-12..PEER-14: GET /admin/peer-reviews, one row per radiologist scored, by name. */
export async function peerReviewRates(
  q: Queryable,
  window: RatesWindow,
): Promise<{ items: PeerReviewRate[] }> {
  const where: SQL[] = []
  if (window.from) where.push(gte(peerReviews.createdAt, startOf(window.from, window.timeZone)))
  if (window.to) where.push(lt(peerReviews.createdAt, endOf(window.to, window.timeZone)))
  // The name the newest score recorded: the radiologist as they were last called.
  const name = sql<string>`(array_agg(${peerReviews.authorName} order by ${peerReviews.createdAt} desc, ${peerReviews.id} desc))[1]`
  const rows = await q
    .select({
      userId: peerReviews.authorId,
      name,
      reviews: count(),
      s1: scoreCount('1'),
      s2a: scoreCount('2a'),
      s2b: scoreCount('2b'),
      s3a: scoreCount('3a'),
      s3b: scoreCount('3b'),
    })
    .from(peerReviews)
    .where(and(...where))
    .groupBy(peerReviews.authorId)
    .orderBy(asc(name), asc(peerReviews.authorId))
  return {
    items: rows.map((row) => {
      const reviews = row.reviews
      const byScore = { '1': row.s1, '2a': row.s2a, '2b': row.s2b, '3a': row.s3a, '3b': row.s3b }
      return {
        user_id: row.userId,
        name: row.name,
        reviews,
        by_score: byScore,
        // PEER-13: any score but 1 is a discrepancy; 2b and 3b are likely clinically significant.
        discrepancy_rate: shareOf(reviews - row.s1, reviews),
        significant_rate: shareOf(row.s2b + row.s3b, reviews),
      }
    }),
  }
}
