/**
 * Orthanc's own ids of a study (ORTHANC_URL, INT-97): Orthanc's Web Viewer opens a series by the
 * id Orthanc gave it, not by a DICOM UID, so a VIEWER_URL_TEMPLATE naming `{orthanc_series}` needs
 * the archive's answer. When a study with a UID is opened, its first series (the lowest series
 * number) is looked up in the background over Orthanc's REST API (`POST /tools/lookup` with the
 * Study Instance UID, then `GET /studies/{id}/series`) and kept in memory; the order's
 * `order.updated` then carries the link to every open worklist of this instance. Orthanc's ids
 * are fixed by the UIDs, so a found id never goes stale while the study is in the archive.
 *
 * Like the UID lookup (INT-36..INT-38): never on a list read, never awaited, bounded by
 * DICOMWEB_TIMEOUT_MS, a miss remembered for DICOMWEB_MISS_SECONDS and logged once with the
 * order id, redirects refused (INT-98).
 */
import type { Database } from '../db/client'
import { studyToLookUp, viewerLinkResolved } from '../usecases/studyImages'
import { askArchive } from './archiveRequest'
import type { ArchiveConfig } from './imagesSettings'
import { createLookups } from './lookups'
import { DICOM_UID, type StudyUidLog } from './studyUids'
import type { ArchiveIds } from './viewerLinks'

/** An Orthanc id: the SHA-1 of the DICOM identifiers, as five dash-separated groups. */
const ORTHANC_ID = /^[0-9a-f]{8}(-[0-9a-f]{8}){4}$/
/** Series ids kept at most; the oldest are forgotten first (and looked up again when opened). */
const MAX_KEPT = 20_000

export interface OrthancSeries extends ArchiveIds {
  /** Looks the series of the order's study up in the background, unless known, running or missed lately. */
  request(order: { id: string; study_instance_uid?: string | null }): void
  /** The same for an order known by its id only (read in the background first). */
  requestById(orderId: string): void
  idle(): Promise<void>
  close(): Promise<void>
}

type Found =
  { kind: 'found'; series: string } | { kind: 'none' } | { kind: 'failed'; reason: string }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function parsed(body: string): unknown {
  try {
    return JSON.parse(body) as unknown
  } catch {
    return undefined
  }
}

/** The study's Orthanc id from `/tools/lookup`'s answer; null: none; undefined: not an answer. */
function studyIdOf(body: unknown): string | null | undefined {
  if (!Array.isArray(body)) return undefined
  const study = body.find((entry) => isRecord(entry) && entry.Type === 'Study') as unknown
  if (study === undefined) return null
  const id = isRecord(study) ? study.ID : undefined
  return typeof id === 'string' && ORTHANC_ID.test(id) ? id : undefined
}

/** The first series (lowest SeriesNumber, then id) of `/studies/{id}/series`' answer. */
function firstSeriesOf(body: unknown): string | null | undefined {
  if (!Array.isArray(body)) return undefined
  const series: { id: string; number: number }[] = []
  for (const entry of body) {
    if (!isRecord(entry) || typeof entry.ID !== 'string' || !ORTHANC_ID.test(entry.ID)) {
      return undefined
    }
    const tags = isRecord(entry.MainDicomTags) ? entry.MainDicomTags : {}
    const number = Number(tags.SeriesNumber)
    series.push({ id: entry.ID, number: Number.isFinite(number) ? number : Infinity })
  }
  series.sort((a, b) => a.number - b.number || a.id.localeCompare(b.id))
  return series[0]?.id ?? null
}

/** The Orthanc id of the first series of the study `uid`, asked without following redirects. */
export async function queryOrthancSeries(
  config: ArchiveConfig,
  uid: string,
  fetcher: typeof fetch,
  signal: AbortSignal,
): Promise<Found> {
  const json = { accept: 'application/json' }
  const lookup = await askArchive(
    `${config.url}/tools/lookup`,
    { method: 'POST', headers: { ...json, 'content-type': 'text/plain' }, body: uid },
    fetcher,
    signal,
    config.timeoutMs,
  )
  if (!lookup.ok) return { kind: 'failed', reason: lookup.reason }
  if (lookup.status !== 200) return { kind: 'failed', reason: `HTTP ${String(lookup.status)}` }
  const study = studyIdOf(parsed(lookup.body))
  if (study === undefined) return { kind: 'failed', reason: 'not an Orthanc lookup answer' }
  if (study === null) return { kind: 'none' }
  const listed = await askArchive(
    `${config.url}/studies/${study}/series`,
    { headers: json },
    fetcher,
    signal,
    config.timeoutMs,
  )
  if (!listed.ok) return { kind: 'failed', reason: listed.reason }
  if (listed.status === 404) return { kind: 'none' }
  if (listed.status !== 200) return { kind: 'failed', reason: `HTTP ${String(listed.status)}` }
  const series = firstSeriesOf(parsed(listed.body))
  if (series === undefined) return { kind: 'failed', reason: 'not an Orthanc series list' }
  return series === null ? { kind: 'none' } : { kind: 'found', series }
}

export function createOrthancSeries(deps: {
  db: Database
  config: ArchiveConfig
  log: StudyUidLog
  now?: () => number
  fetch?: typeof fetch
}): OrthancSeries {
  const { db, config, log } = deps
  const fetcher = deps.fetch ?? fetch
  const lookups = createLookups(config.missMs, deps.now ?? Date.now)
  /** Study UID -> Orthanc id of its first series. */
  const known = new Map<string, string>()

  function keep(uid: string, series: string): void {
    if (known.size >= MAX_KEPT) {
      const oldest = known.keys().next()
      if (!oldest.done) known.delete(oldest.value)
    }
    known.set(uid, series)
  }

  async function lookUp(orderId: string, uid: string): Promise<void> {
    const found = await queryOrthancSeries(config, uid, fetcher, lookups.signal)
    if (lookups.signal.aborted) return
    if (found.kind === 'found') {
      keep(uid, found.series)
      await viewerLinkResolved(db, orderId)
      return
    }
    lookups.remember(orderId)
    if (found.kind === 'failed') {
      log.warn({ orderId, reason: found.reason }, 'viewer series lookup failed; no image link')
    } else {
      log.info({ orderId }, 'viewer series lookup: no such study in Orthanc yet; no image link')
    }
  }

  const failed = (orderId: string) => (error: unknown) => {
    log.warn(
      { orderId, reason: error instanceof Error ? error.name : 'error' },
      'viewer series lookup failed; no image link',
    )
  }
  const wanted = (uid: string | null | undefined): uid is string =>
    typeof uid === 'string' && uid.length <= 64 && DICOM_UID.test(uid) && !known.has(uid)

  return {
    orthancSeries: (uid) => known.get(uid),
    request(order) {
      const uid = order.study_instance_uid
      if (!wanted(uid)) return
      lookups.start(order.id, () => lookUp(order.id, uid), failed(order.id))
    },
    requestById(orderId) {
      lookups.start(
        orderId,
        async () => {
          const uid = (await studyToLookUp(db, orderId))?.uid
          if (wanted(uid)) await lookUp(orderId, uid)
        },
        failed(orderId),
      )
    },
    idle: () => lookups.idle(),
    close: () => lookups.close(),
  }
}
