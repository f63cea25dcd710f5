/**
 * What the critical communication numbers are made of (DEPT-13..DEPT-17): the signed reports of
 * the window that may state a critical finding, the saved revisions of those that do, and each
 * one's first recorded communication. Whether a text states a critical finding is server/qa's
 * call (criticalFindings), made by the use case; the database only narrows the reports down to
 * those naming a first word of one of CRITICAL_FINDINGS' phrases, so the checker reads few texts.
 */
import { sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { CRITICAL_FINDINGS } from '../qa'
import type { StatsWindow } from '../outcomes/statsWindow'
import { dayOf, rowsOf, signedIn } from './stats'

/**
 * A whole word that starts some critical phrase, in the words server/qa reads (letters and digits,
 * joined by an apostrophe or hyphen): a superset of the reports the checker finds critical.
 */
export const CRITICAL_PREFILTER = (() => {
  const firstWords = new Set(
    Object.values(CRITICAL_FINDINGS).flatMap((words) =>
      words.map((phrase) => phrase.toLowerCase().split(/\s+/)[0] ?? ''),
    ),
  )
  const escaped = [...firstWords].filter(Boolean).map((w) => w.replace(/[^a-z0-9]/g, '\\$&'))
  return `(^|[^[:alnum:]])(${escaped.join('|')})($|[^[:alnum:]])`
})()

export interface SignedText {
  order_id: string
  day: string
  signed_ms: number
  findings: string
  impression: string
}

/** The signed reports of the window whose Findings or Impression may state a critical finding. */
export async function signedTextsMaybeCritical(
  q: Queryable,
  w: StatsWindow,
): Promise<SignedText[]> {
  const rows = await rowsOf<Omit<SignedText, 'signed_ms'> & { signed_ms: number | string }>(
    q,
    // The window's orders first (by the signed index), so only their texts meet the pattern.
    sql`with signed as materialized (
      select o.id, o.finalized_at from orders o where ${signedIn(w)}
    )
    select s.id as order_id, ${dayOf(sql`s.finalized_at`, w)} as day,
      (extract(epoch from s.finalized_at) * 1000)::float8 as signed_ms,
      r.findings, r.impression
    from signed s join reports r on r.order_id = s.id
    where (r.findings || ' ' || r.impression) ~* ${CRITICAL_PREFILTER}`,
  )
  return rows.map((row) => ({ ...row, signed_ms: Number(row.signed_ms) }))
}

/** The ids as one JSON parameter: any number of them, one placeholder. */
const idsIn = (ids: readonly string[]) =>
  sql`(select value from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`

export interface SavedText {
  order_id: string
  at_ms: number
  findings: string
  impression: string
}

/** Every saved revision of these orders, oldest first per order. */
export async function revisionsOf(q: Queryable, ids: readonly string[]): Promise<SavedText[]> {
  if (ids.length === 0) return []
  const rows = await rowsOf<Omit<SavedText, 'at_ms'> & { at_ms: number | string }>(
    q,
    sql`select order_id, (extract(epoch from created_at) * 1000)::float8 as at_ms,
      findings, impression
    from report_revisions where order_id in ${idsIn(ids)} order by order_id, seq`,
  )
  return rows.map((row) => ({ ...row, at_ms: Number(row.at_ms) }))
}

/** The first recorded communication of each of these orders that has one (epoch ms). */
export async function firstCommunications(
  q: Queryable,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await rowsOf<{ order_id: string; first_ms: number | string }>(
    q,
    sql`select order_id, (extract(epoch from min(communicated_at)) * 1000)::float8 as first_ms
    from critical_communications where order_id in ${idsIn(ids)} group by order_id`,
  )
  return new Map(rows.map((row) => [row.order_id, Number(row.first_ms)]))
}
