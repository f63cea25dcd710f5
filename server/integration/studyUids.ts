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
import type { ImagesConfig } from '../config'
import type { Database } from '../db/client'
import { recordStudyUid, studyToLookUp } from '../usecases/studyImages'

/** DICOM's UI value representation: digits and dots, at most 64 characters. */
const DICOM_UID = /^[0-9]+(\.[0-9]+)*$/
const STUDY_INSTANCE_UID_TAG = '0020000D'
const ACCESSION_NUMBER_TAG = '00080050'
/** Misses remembered at most; the oldest are forgotten first. */
const MAX_MISSES = 10_000

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

/** Why a request failed, in words that hold no clinical text (no URL: it carries the accession). */
function failureReason(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout'
    const cause = (error as { cause?: { code?: unknown } }).cause
    if (typeof cause?.code === 'string') return `network error ${cause.code}`
    return `network error (${error.name})`
  }
  return 'network error'
}

/**
 * A signal that aborts at `timeoutMs` or when `outer` aborts, and a `done` that lets it go.
 * Not `AbortSignal.any([outer, AbortSignal.timeout(ms)])`: in Node 20 nothing holds that
 * composite strongly, so a garbage collection during a silent archive's wait loses it and the
 * request never ends (seen under load; `node --expose-gc` shows it at once). Here the timer's
 * closure holds the controller until it fires or is cleared.
 */
function deadline(outer: AbortSignal, timeoutMs: number): { signal: AbortSignal; done(): void } {
  const controller = new AbortController()
  const timer = setTimeout(() => {
    controller.abort(new DOMException('the archive did not answer in time', 'TimeoutError'))
  }, timeoutMs)
  const onOuterAbort = () => {
    controller.abort(outer.reason)
  }
  if (outer.aborted) onOuterAbort()
  else outer.addEventListener('abort', onOuterAbort, { once: true })
  return {
    signal: controller.signal,
    done() {
      clearTimeout(timer)
      outer.removeEventListener('abort', onOuterAbort)
    },
  }
}

export async function queryStudyUid(
  config: NonNullable<ImagesConfig['dicomweb']>,
  accession: string,
  fetcher: typeof fetch,
  signal: AbortSignal,
): Promise<Lookup> {
  const bounded = deadline(signal, config.timeoutMs)
  try {
    return await askArchive(config, accession, fetcher, bounded.signal)
  } finally {
    bounded.done()
  }
}

async function askArchive(
  config: NonNullable<ImagesConfig['dicomweb']>,
  accession: string,
  fetcher: typeof fetch,
  signal: AbortSignal,
): Promise<Lookup> {
  const url = `${config.url}/studies?AccessionNumber=${encodeURIComponent(accession)}&includefield=${STUDY_INSTANCE_UID_TAG}&includefield=${ACCESSION_NUMBER_TAG}`
  let response: Response
  try {
    response = await fetcher(url, { headers: { accept: 'application/dicom+json' }, signal })
  } catch (error) {
    return { kind: 'failed', reason: failureReason(error) }
  }
  try {
    if (response.status === 204) return { kind: 'none' }
    if (!response.ok) return { kind: 'failed', reason: `HTTP ${String(response.status)}` }
    const text = await response.text()
    // Some archives answer an empty body for no match.
    const uids = studyUids(text.trim() === '' ? [] : (JSON.parse(text) as unknown), accession)
    if (uids === undefined) return { kind: 'failed', reason: 'not a QIDO-RS study list' }
    if (uids.length === 0) return { kind: 'none' }
    if (uids.length > 1) return { kind: 'several', count: uids.length }
    return { kind: 'found', uid: uids[0] as string }
  } catch (error) {
    return {
      kind: 'failed',
      reason: error instanceof SyntaxError ? 'not JSON' : failureReason(error),
    }
  }
}

export function createStudyUidFinder(deps: {
  db: Database
  config: NonNullable<ImagesConfig['dicomweb']>
  log: StudyUidLog
  now?: () => number
  fetch?: typeof fetch
}): StudyUidFinder {
  const { db, config, log } = deps
  const now = deps.now ?? Date.now
  const fetcher = deps.fetch ?? fetch
  const running = new Map<string, Promise<void>>()
  /** Order id -> when its miss is forgotten. */
  const misses = new Map<string, number>()
  const closing = new AbortController()

  function missedLately(orderId: string): boolean {
    const until = misses.get(orderId)
    if (until === undefined) return false
    if (now() < until) return true
    misses.delete(orderId)
    return false
  }

  function remember(orderId: string): void {
    if (config.missMs <= 0) return
    misses.delete(orderId)
    if (misses.size >= MAX_MISSES) {
      const oldest = misses.keys().next()
      if (!oldest.done) misses.delete(oldest.value)
    }
    misses.set(orderId, now() + config.missMs)
  }

  async function lookUp(orderId: string, accession: string): Promise<void> {
    const found = await queryStudyUid(config, accession, fetcher, closing.signal)
    if (closing.signal.aborted) return
    if (found.kind === 'found') {
      try {
        await recordStudyUid(db, orderId, found.uid)
      } catch (error) {
        remember(orderId)
        log.warn(
          { orderId, reason: error instanceof Error ? error.name : 'error' },
          'study UID lookup: the UID could not be stored',
        )
      }
      return
    }
    remember(orderId)
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

  /** Runs `work` as the order's one lookup, unless one runs or the order missed lately. */
  function start(orderId: string, work: () => Promise<void>): void {
    if (closing.signal.aborted || running.has(orderId) || missedLately(orderId)) return
    const task = work()
      .catch((error: unknown) => {
        remember(orderId)
        log.warn(
          { orderId, reason: error instanceof Error ? error.name : 'error' },
          'study UID lookup failed; no image link',
        )
      })
      .finally(() => {
        running.delete(orderId)
      })
    running.set(orderId, task)
  }

  const wanted = (accession: string, uid: string | null | undefined) =>
    !uid && accession.trim() !== ''

  return {
    request(order) {
      if (!wanted(order.accession_number, order.study_instance_uid)) return
      start(order.id, () => lookUp(order.id, order.accession_number))
    },
    requestById(orderId) {
      start(orderId, async () => {
        const key = await studyToLookUp(db, orderId)
        if (key && wanted(key.accession, key.uid)) await lookUp(orderId, key.accession)
      })
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running.values()])
    },
    async close() {
      closing.abort()
      await Promise.all([...running.values()])
    },
  }
}
