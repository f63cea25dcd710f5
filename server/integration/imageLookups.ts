/**
 * What opening a study asks the archives in the background (INT-36, INT-97): its Study Instance
 * UID by accession (DICOMWEB_URL) when it has none, then, when the viewer's template names
 * `{orthanc_series}`, the Orthanc id of its first series (ORTHANC_URL). Either may be absent.
 */
import type { Order } from '../../contract'
import type { Database } from '../db/client'
import type { ImagesConfig } from './imagesSettings'
import { createOrthancSeries } from './orthancSeries'
import { createStudyUidFinder, type StudyUidLog } from './studyUids'
import { templateNeedsArchive, type ArchiveIds } from './viewerLinks'

export interface ImageLookups {
  /** What the viewer link reads of the archive, from memory (undefined: nothing to read). */
  archiveIds: ArchiveIds | undefined
  /** A study was opened (`order`: read whole): look up what its link still needs. */
  studyOpened: (orderId: string, order?: Order) => void
  /** Resolves when no lookup is under way (tests; closing). */
  idle(): Promise<void>
  close(): Promise<void>
}

/** The lookups `config` asks for, or null when there is nothing to look up. */
export function createImageLookups(deps: {
  db: Database
  config: ImagesConfig
  log: StudyUidLog
  fetch?: typeof fetch
}): ImageLookups | null {
  const { db, config, log } = deps
  const fetcher = deps.fetch ? { fetch: deps.fetch } : {}
  const template = config.viewerUrlTemplate
  const series =
    config.orthanc && template !== undefined && templateNeedsArchive(template)
      ? createOrthancSeries({ db, config: config.orthanc, log, ...fetcher })
      : undefined
  const uids = config.dicomweb
    ? createStudyUidFinder({
        db,
        config: config.dicomweb,
        log,
        ...fetcher,
        ...(series
          ? {
              found: (orderId: string) => {
                series.requestById(orderId)
              },
            }
          : {}),
      })
    : undefined
  if (!series && !uids) return null
  const both = [uids, series].filter((lookup) => lookup !== undefined)
  return {
    archiveIds: series,
    studyOpened(orderId, order) {
      for (const lookup of both) {
        if (order) lookup.request(order)
        else lookup.requestById(orderId)
      }
    },
    async idle() {
      // A UID found starts its series lookup before the UID's lookup ends: UIDs first.
      await uids?.idle()
      await series?.idle()
    },
    close: async () => {
      await Promise.all(both.map((lookup) => lookup.close()))
    },
  }
}
