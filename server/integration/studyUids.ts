/**
 * Study UIDs from the archive (DICOMWEB_URL): an order without a DICOM Study Instance UID asks
 * the archive for it by accession number (QIDO-RS `GET {DICOMWEB_URL}/studies?AccessionNumber=`,
 * `application/dicom+json`, tag 0020000D) and keeps the answer in `orders.study_instance_uid`.
 *
 * A lookup runs in the background when a study is opened (its conversation initialized, or the
 * single order read), never on a list read and never awaited: the answer goes out at once without a link, and the UID's write
 * reaches the screen as the live worklist's `order.updated` (migration 0007's trigger). One
 * lookup per order at a time, each bounded by DICOMWEB_TIMEOUT_MS. A miss (no study, several
 * studies, an archive down, slow or answering nonsense) is remembered for DICOMWEB_MISS_SECONDS,
 * so it is asked and logged once in that time; the log names the order id, never the accession.
 */
import type { Database } from '../db/client'
import { recordStudyUid, studyToLookUp } from '../usecases/studyImages'
import { askArchive } from './archiveRequest'
import { createLookups } from './lookups'
import type { ArchiveConfig } from './imagesSettings'

/** DICOM's UI value representation: digits and dots, at most 64 characters. */
export const DICOM_UID = /^[0-9]+(\.[0-9]+)*$/
const STUDY_INSTANCE_UID_TAG = '0020000D'
const ACCESSION_NUMBER_TAG = '00080050'

export interface StudyUidLog {
  info(fields: Record<string, unknown>, message: string): void
  warn(fields: Record<string, unknown>, message: string): void
}

export interface StudyUidFinder {
  /** Looks the order's UID up in the background unless it has one, a lookup runs, or it missed lately. */
  request(order: { id: string; accession_number: string; study_instance_uid?: string | null }): void
  /** The same for an order known by its id only (read in the background first). */
  requestById(orderId: string): void
  /** Resolves when no lookup is under way (tests; closing). */
  idle(): Promise<void>
  close(): Promise<void>
}

type Lookup =
  | { kind: 'found'; uid: string }
  | { kind: 'none' }
  | { kind: 'several'; count: number }
  | { kind: 'failed'; reason: string }

/** The first value of a DICOM JSON element, when there is one. */
function firstValue(entry: Record<string, unknown>, tag: string): unknown {
  const element = entry[tag]
  const values =
    typeof element === 'object' && element !== null
      ? (element as { Value?: unknown }).Value
      : undefined
  return Array.isArray(values) ? (values[0] as unknown) : undefined
}

/**
 * The distinct study UIDs of a QIDO-RS answer for `accession`; undefined when the answer is not
 * one. A study whose own accession number (0008,0050) is another one is not ours: QIDO-RS reads
 * `*` and `?` in a query as wildcards, so an accession holding them may match other studies.
 */
function studyUids(body: unknown, accession: string): string[] | undefined {
  if (!Array.isArray(body)) return undefined
  const uids = new Set<string>()
  for (const entry of body) {
    if (typeof entry !== 'object' || entry === null) return undefined
    const record = entry as Record<string, unknown>
    const uid = firstValue(record, STUDY_INSTANCE_UID_TAG)
    if (typeof uid !== 'string' || uid.length > 64 || !DICOM_UID.test(uid)) return undefined
    const own = firstValue(record, ACCESSION_NUMBER_TAG)
    if (typeof own === 'string' && own.trim() !== accession.trim()) continue
    uids.add(uid)
  }
  return [...uids]
}

/** The archive's study UID for `accession` (QIDO-RS), asked without following redirects. */
export async function queryStudyUid(
  config: ArchiveConfig,
  accession: string,
  fetcher: typeof fetch,
  signal: AbortSignal,
): Promise<Lookup> {
  const url = `${config.url}/studies?AccessionNumber=${encodeURIComponent(accession)}&includefield=${STUDY_INSTANCE_UID_TAG}&includefield=${ACCESSION_NUMBER_TAG}`
  const answer = await askArchive(
    url,
    { headers: { accept: 'application/dicom+json' } },
    fetcher,
    signal,
    config.timeoutMs,
  )
  if (!answer.ok) return { kind: 'failed', reason: answer.reason }
  if (answer.status === 204) return { kind: 'none' }
  if (answer.status < 200 || answer.status >= 300) {
    return { kind: 'failed', reason: `HTTP ${String(answer.status)}` }
  }
  let body: unknown
  try {
    // Some archives answer an empty body for no match.
    body = answer.body.trim() === '' ? [] : (JSON.parse(answer.body) as unknown)
  } catch {
    return { kind: 'failed', reason: 'not JSON' }
  }
  const uids = studyUids(body, accession)
  if (uids === undefined) return { kind: 'failed', reason: 'not a QIDO-RS study list' }
  if (uids.length === 0) return { kind: 'none' }
  if (uids.length > 1) return { kind: 'several', count: uids.length }
  return { kind: 'found', uid: uids[0] as string }
}

export function createStudyUidFinder(deps: {
  db: Database
  config: ArchiveConfig
  log: StudyUidLog
  now?: () => number
  fetch?: typeof fetch
  /** The order's UID was stored (so what else the viewer needs may be looked up). */
  found?: (orderId: string) => void
}): StudyUidFinder {
  const { db, config, log } = deps
  const fetcher = deps.fetch ?? fetch
  const lookups = createLookups(config.missMs, deps.now ?? Date.now)

  async function lookUp(orderId: string, accession: string): Promise<void> {
    const found = await queryStudyUid(config, accession, fetcher, lookups.signal)
    if (lookups.signal.aborted) return
    if (found.kind === 'found') {
      try {
        await recordStudyUid(db, orderId, found.uid)
      } catch (error) {
        lookups.remember(orderId)
        log.warn(
          { orderId, reason: error instanceof Error ? error.name : 'error' },
          'study UID lookup: the UID could not be stored',
        )
        return
      }
      deps.found?.(orderId)
      return
    }
    lookups.remember(orderId)
    if (found.kind === 'failed') {
      log.warn({ orderId, reason: found.reason }, 'study UID lookup failed; no image link')
    } else if (found.kind === 'several') {
      log.info(
        { orderId, studies: found.count },
        'study UID lookup: several studies; no image link',
      )
    } else {
      log.info({ orderId }, 'study UID lookup: no study in the archive yet; no image link')
    }
  }

  const failed = (orderId: string) => (error: unknown) => {
    log.warn(
      { orderId, reason: error instanceof Error ? error.name : 'error' },
      'study UID lookup failed; no image link',
    )
  }

  const wanted = (accession: string, uid: string | null | undefined) =>
    !uid && accession.trim() !== ''

  return {
    request(order) {
      if (!wanted(order.accession_number, order.study_instance_uid)) return
      lookups.start(order.id, () => lookUp(order.id, order.accession_number), failed(order.id))
    },
    requestById(orderId) {
      lookups.start(
        orderId,
        async () => {
          const key = await studyToLookUp(db, orderId)
          if (key && wanted(key.accession, key.uid)) await lookUp(orderId, key.accession)
        },
        failed(orderId),
      )
    },
    idle: () => lookups.idle(),
    close: () => lookups.close(),
  }
}
