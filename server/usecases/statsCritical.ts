/**
 * DEPT-13..DEPT-17: from the first saved text stating a critical finding to its first recorded
 * communication. A signed report counts when its signed text states a critical finding
 * (server/qa decides); the clock starts at the first saved revision whose text already states one
 * of the findings signed (the signature itself when none does), and stops at the earliest
 * communication recorded for the study; one recorded before the clock started is a delay of 0.
 * Per day signed: count, p50, p90 and max; over the window: count and percentiles; and how many
 * were signed with no communication recorded at all.
 */
import type { CriticalCommunicationStats } from '../../contract'
import type { Queryable } from '../db/client'
import { percentiles, type StatsWindow } from '../outcomes/statsWindow'
import { criticalFindings } from '../qa'
import {
  firstCommunications,
  revisionsOf,
  signedTextsMaybeCritical,
  type SavedText,
} from '../repo/statsCritical'

const MINUTE_MS = 60_000

const findingsOf = (text: { findings: string; impression: string }) =>
  criticalFindings({
    history: '',
    technique: '',
    comparison: '',
    findings: text.findings,
    impression: text.impression,
  })

function firstStated(saved: readonly SavedText[], signed: ReadonlySet<string>): number | null {
  for (const revision of saved)
    if (findingsOf(revision).some((finding) => signed.has(finding))) return revision.at_ms
  return null
}

type Delays = Omit<CriticalCommunicationStats, 'from' | 'to' | 'time_zone'>

export async function criticalDelays(db: Queryable, window: StatsWindow): Promise<Delays> {
  const critical = (await signedTextsMaybeCritical(db, window))
    .map((report) => ({ ...report, stated: new Set(findingsOf(report)) }))
    .filter((report) => report.stated.size > 0)
  const ids = critical.map((report) => report.order_id)
  const [revisions, communicated] = await Promise.all([
    revisionsOf(db, ids),
    firstCommunications(db, ids),
  ])
  const savedBy = new Map<string, SavedText[]>()
  for (const revision of revisions)
    savedBy.set(revision.order_id, [...(savedBy.get(revision.order_id) ?? []), revision])
  const byDay = new Map<string, number[]>()
  let uncommunicated = 0
  for (const report of critical) {
    const told = communicated.get(report.order_id)
    if (told === undefined) {
      uncommunicated += 1
      continue
    }
    const start = firstStated(savedBy.get(report.order_id) ?? [], report.stated) ?? report.signed_ms
    const delays = byDay.get(report.day) ?? []
    delays.push(Math.max(0, told - start) / MINUTE_MS)
    byDay.set(report.day, delays)
  }
  const days = [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, delays]) => ({
      day,
      count: delays.length,
      delay: percentiles(delays),
      max: Math.max(...delays),
    }))
  const all = [...byDay.values()].flat()
  return { days, overall: { count: all.length, delay: percentiles(all) }, uncommunicated }
}
