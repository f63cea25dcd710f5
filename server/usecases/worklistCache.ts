/**
 * The whole worklist, built once per version of the data and compressed once per encoding: a
 * thousand readers of an unchanged worklist cost one build. Each request asks the database for
 * the version (one indexed row), so a write on any server instance over the same database is seen
 * by the next request on every other one. A signed order leaving the worklist with time is a
 * change too: an answer is kept only until the moment its soonest signed order leaves.
 *
 * Builds are single-flight (requests that miss together wait for one build) and take a slot of
 * the heavy-answer gate (SEC-9). The answer carries a weak ETag naming its version; a matching
 * `If-None-Match` gets 304.
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { orderListSchema } from '../../contract'
import type { Database } from '../db/client'
import type { OrderLinks } from '../domain/studies'
import { buildWorklist, ordersVersion } from '../repo/worklist'

export type Encoding = 'br' | 'gzip'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Brotli at quality 5 compresses the 10k-order worklist nearly as well as 11, in a tenth the time. */
const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => gzip(data, { level: 6 }),
}

/** Smaller answers are sent as they are (as server/http/compression.ts does). */
const COMPRESS_FROM_BYTES = 1024

interface Entry {
  version: number
  /** The answer changes at this time even without a write (a signed order leaves); null: never. */
  changesAt: number | null
  etag: string
  json: Buffer
  encoded: Map<Encoding, Promise<Buffer>>
}

export type WorklistAnswer =
  | { status: 304; etag: string }
  | { status: 200; etag: string; body: Buffer; encoding: Encoding | null }

export interface WorklistCache {
  /** The answer for a client that accepts `encodings` (best first) and holds `ifNoneMatch`. */
  answer(encoding: Encoding | null, ifNoneMatch: string | undefined): Promise<WorklistAnswer>
  /** How many times the worklist was built: for tests and diagnostics. */
  builds(): number
}

/** Whether an `If-None-Match` list names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag))
}

export function createWorklistCache(deps: {
  db: Database
  now: () => Date
  finalDays: number
  /** The heavy-answer gate (SEC-9): a build waits for a slot, or is refused as busy. */
  gate: { acquire(): Promise<() => void> }
  /** Adds each order's `viewer_url` (INT-34); none by default. */
  links?: OrderLinks
}): WorklistCache {
  const { db, now, finalDays, gate, links } = deps
  let current: Entry | undefined
  let building: Promise<Entry> | undefined
  let builds = 0

  const fresh = (entry: Entry | undefined, version: number): boolean =>
    entry !== undefined &&
    entry.version >= version &&
    (entry.changesAt === null || now().getTime() < entry.changesAt)

  async function build(): Promise<Entry> {
    const release = await gate.acquire()
    try {
      builds += 1
      const built = await buildWorklist(db, now(), finalDays)
      // The contract's check, once per version; the answer is what the checked list serializes to.
      const checked = orderListSchema.parse(JSON.parse(built.json))
      const list = links ? checked.map(links) : checked
      const changesAt = built.changesAt?.getTime() ?? null
      return {
        version: built.version,
        changesAt,
        etag: `W/"orders-${String(built.version)}-${changesAt === null ? 'open' : String(changesAt)}"`,
        json: Buffer.from(JSON.stringify(list)),
        encoded: new Map(),
      }
    } finally {
      release()
    }
  }

  /** The newest entry at least as new as `version`: the one at hand, one being built, or a new build. */
  async function entryAt(version: number): Promise<Entry> {
    if (current && fresh(current, version)) return current
    if (building) {
      const pending = await building.catch(() => undefined)
      if (pending && fresh(pending, version)) return pending
    }
    if (!building) {
      building = build().finally(() => {
        building = undefined
      })
    }
    const entry = await building
    if (!current || entry.version >= current.version) current = entry
    return entry
  }

  function encoded(entry: Entry, encoding: Encoding): Promise<Buffer> {
    let body = entry.encoded.get(encoding)
    if (!body) {
      body = compressors[encoding](entry.json)
      // A failed compression is tried again by the next request, not kept.
      body.catch(() => entry.encoded.delete(encoding))
      entry.encoded.set(encoding, body)
    }
    return body
  }

  return {
    builds: () => builds,
    async answer(encoding, ifNoneMatch) {
      const entry = await entryAt(await ordersVersion(db))
      if (matchesETag(ifNoneMatch, entry.etag)) return { status: 304, etag: entry.etag }
      if (encoding && entry.json.length >= COMPRESS_FROM_BYTES) {
        return { status: 200, etag: entry.etag, body: await encoded(entry, encoding), encoding }
      }
      return { status: 200, etag: entry.etag, body: entry.json, encoding: null }
    },
  }
}
