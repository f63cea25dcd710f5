/**
 * Report drafts waiting until the server has them, in the tab's session storage (see
 * ownedStorage.ts for what is kept where, checked how, and given back to whom). The report saga is
 * the only writer.
 */
import { z } from 'zod'
import { reportSectionsSchema } from '../../../contract'
import type { ReportSections } from '../api/model'
import {
  ownedEntrySchema,
  ownedStorageOf,
  type KeyValueStorage,
  type OwnedStorage,
} from './ownedStorage'

/** The server version of the report a draft started from, to detect changes made meanwhile. */
export interface StoredDraftBase {
  sections: ReportSections
  /** That report's version (`Report.version`); null when the study had no report yet. */
  updatedAt: string | null
}

export interface StoredDraft {
  /** The user id of the session it was typed in (`sessionStarted`). */
  owner: string
  /** The 'Report' text as typed. */
  report: string
  /** The 'Impression' text as typed. */
  impression: string
  base: StoredDraftBase
}

export type DraftStorage = OwnedStorage<StoredDraft>

const storedDraftSchema = ownedEntrySchema.extend({
  report: z.string(),
  impression: z.string(),
  base: z.object({
    sections: reportSectionsSchema,
    updatedAt: z.string().min(1).max(200).nullable(),
  }),
})

/** Version 2: v1 drafts had no owner. */
const reportDrafts = ownedStorageOf<StoredDraft>({
  family: 'readout:reportDraft:',
  version: 2,
  schema: storedDraftSchema,
})

export function createDraftStorage(storage: KeyValueStorage): DraftStorage {
  return reportDrafts.create(storage)
}

export function createMemoryDraftStorage(): DraftStorage {
  return reportDrafts.inMemory()
}

/** The tab's session storage, or memory where the browser refuses it. */
export function createSessionDraftStorage(): DraftStorage {
  return reportDrafts.inTabSession()
}
