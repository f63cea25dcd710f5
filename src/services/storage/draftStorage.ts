/**
 * Report drafts waiting until the server has them, in the tab's session storage (see
 * ownedStorage.ts for what is kept where, checked how, and given back to whom). The report saga is
 * the only writer.
 */
import { LIMITS, REPORT_SECTION_KEYS } from '../../../contract'
import type { ReportSections } from '../api/model'
import {
  fieldsOf,
  ownerOf,
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

/** Every section, as text the server would take (`reportSectionsSchema` in the contract). */
function readSections(value: unknown): ReportSections | null {
  const fields = fieldsOf(value)
  if (!fields) return null
  const sections: Partial<Record<keyof ReportSections, string>> = {}
  for (const key of REPORT_SECTION_KEYS) {
    const text = fields[key]
    if (typeof text !== 'string' || text.length > LIMITS.sectionChars) return null
    sections[key] = text
  }
  return sections as ReportSections
}

function readBase(value: unknown): StoredDraftBase | null {
  const fields = fieldsOf(value)
  const sections = fields && readSections(fields.sections)
  if (!fields || !sections) return null
  const { updatedAt } = fields
  if (updatedAt === null) return { sections, updatedAt }
  if (typeof updatedAt !== 'string' || updatedAt.length === 0 || updatedAt.length > 200) return null
  return { sections, updatedAt }
}

function readDraft(value: unknown): StoredDraft | null {
  const fields = fieldsOf(value)
  const owner = fields && ownerOf(fields)
  const base = fields && readBase(fields.base)
  if (!fields || !owner || !base) return null
  const { report, impression } = fields
  if (typeof report !== 'string' || typeof impression !== 'string') return null
  return { owner, report, impression, base }
}

/** Version 2: v1 drafts had no owner. */
const reportDrafts = ownedStorageOf<StoredDraft>({
  family: 'readout:reportDraft:',
  version: 2,
  read: readDraft,
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
