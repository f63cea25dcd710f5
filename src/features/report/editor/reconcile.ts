/**
 * RP-6: what happens to a draft when the server's report changes under it (an assistant reply
 * updated it, another window saved it). A three-way comparison per section, against the server
 * version the draft started from (`base`):
 * - a section only the server changed is taken from the server: the clinician did not touch it,
 *   so nothing of theirs is overwritten;
 * - a section only the clinician changed keeps the clinician's text;
 * - a section both changed, differently, is a conflict: both versions are kept and shown until the
 *   clinician chooses, per section.
 * A draft without unsaved edits simply gives way to the new report.
 */
import { REPORT_SECTION_KEYS, type ReportSectionKey } from '../../../../contract'
import type { ReportSections } from '../../../services/api/model'
import { parseReport, serializeReport } from './sectionText'

/** One version of the report on the server. */
export interface ReportVersion {
  sections: ReportSections
  /** The report's version (`Report.version`); null while the study has no report. */
  updatedAt: string | null
}

export type ConflictChoice = 'mine' | 'theirs'

export interface ReportConflict {
  /** Sections the server changed and the clinician changed too, differently. */
  sections: ReportSectionKey[]
  /** The server's version that caused the conflict. */
  theirs: ReportVersion
  choices: Partial<Record<ReportSectionKey, ConflictChoice>>
}

/** 'waiting': a save was asked for while the assistant's reply (which may change the report) is due. */
export type SaveStatus = 'idle' | 'waiting' | 'saving' | 'failed'

export interface SaveFailure {
  /** An HTTP status, or how the request failed without one. */
  status: number | string
  message: string
  /** The server's code of a 409 the clinician must read (RV-20: `awaiting_review`). */
  code?: string
}

export interface ReportDraft {
  /** The 'Report' text as typed (not reformatted while the clinician types). */
  report: string
  impression: string
  /** The server version this text was written against. */
  base: ReportVersion
  /** The newest server version seen; differs from `base` while a conflict waits for a choice. */
  latest: ReportVersion
  save: SaveStatus
  /** The sections of the save under way, to recognise the server echoing our own save. */
  inFlight: ReportSections | null
  saveError: SaveFailure | null
  conflict: ReportConflict | null
  /** The report was finalized on the server before this draft could be saved. */
  finalizedElsewhere: boolean
  /** Read back from session storage after a reload, and not saved since. */
  restored: boolean
  /**
   * Why the next save writes this text, when it is not simply the clinician's typing: undoing an
   * assistant change (UA-1) or restoring an earlier revision (RH-2). The revision says so.
   */
  cause?: RestoreCause | null
  /**
   * ED-5: the starting text a draft of a new report began from (startingText.ts). A server that
   * writes that text into the report (RP-7) changed nothing the clinician had not seen.
   */
  start?: ReportSections | null
}

/** Why a save brings back earlier text; the server records it on the revision. */
export type RestoreCause = 'undo' | 'restore'

export const EMPTY_SECTIONS: ReportSections = Object.freeze({
  history: '',
  technique: '',
  comparison: '',
  findings: '',
  impression: '',
})

export function sectionsEqual(a: ReportSections, b: ReportSections): boolean {
  return REPORT_SECTION_KEYS.every((key) => a[key] === b[key])
}

export function versionsEqual(a: ReportVersion, b: ReportVersion): boolean {
  return a.updatedAt === b.updatedAt && sectionsEqual(a.sections, b.sections)
}

/** The sections of each draft the store held, read once: a draft in the store never changes. */
const sectionsOfStoredDraft = new WeakMap<object, ReportSections>()

/**
 * The draft's sections. Every keystroke makes a new draft, which the form's summary, the
 * Priors, the impression's drafting and the session-storage mirror all read: a draft the store
 * holds (frozen) is parsed once for all of them. Anything else, such as a draft a reducer is
 * changing, is parsed every time.
 */
export function draftSections(draft: Pick<ReportDraft, 'report' | 'impression'>): ReportSections {
  if (!Object.isFrozen(draft)) return parseReport(draft.report, draft.impression)
  let sections = sectionsOfStoredDraft.get(draft)
  if (!sections) {
    sections = Object.freeze(parseReport(draft.report, draft.impression))
    sectionsOfStoredDraft.set(draft, sections)
  }
  return sections
}

/** Whether the draft holds text the server does not have. */
export function isDraftDirty(draft: ReportDraft): boolean {
  return !sectionsEqual(draftSections(draft), draft.base.sections)
}

/** Whether the draft must outlive a reload: something in it is not on the server yet. */
export function mustKeepDraft(draft: ReportDraft): boolean {
  return (
    draft.conflict !== null ||
    draft.finalizedElsewhere ||
    draft.save === 'saving' ||
    isDraftDirty(draft)
  )
}

export function newDraft(
  text: { report: string; impression: string },
  base: ReportVersion,
  start: ReportSections | null = null,
) {
  const draft: ReportDraft = {
    report: text.report,
    impression: text.impression,
    base,
    latest: base,
    save: 'idle',
    inFlight: null,
    saveError: null,
    conflict: null,
    finalizedElsewhere: false,
    restored: false,
    cause: null,
    start,
  }
  return draft
}

export function writeSections(draft: ReportDraft, sections: ReportSections): void {
  const text = serializeReport(sections)
  draft.report = text.report
  draft.impression = text.impression
}

/** What the caller does with the draft after a server version was seen. */
export type ReconcileOutcome = 'keep' | 'drop'

/**
 * Brings a draft up to date with a server version (mutates it, Immer style). Answers 'drop' when
 * the draft has nothing unsaved and the editor should simply show the server's report.
 */
export function reconcileDraft(
  draft: ReportDraft,
  server: ReportVersion,
  serverIsFinal: boolean,
): ReconcileOutcome {
  if (serverIsFinal) {
    draft.latest = server
    if (draft.conflict === null && !isDraftDirty(draft) && draft.save !== 'saving') return 'drop'
    draft.finalizedElsewhere = true
    draft.conflict = null
    return 'keep'
  }
  if (versionsEqual(server, draft.latest)) return 'keep'
  draft.latest = server

  // The server answering with the save still under way: ours, not someone else's change.
  if (draft.inFlight && sectionsEqual(server.sections, draft.inFlight)) {
    if (draft.conflict === null) draft.base = server
    return 'keep'
  }

  const base = draft.base.sections
  const theirs = server.sections
  const changed = REPORT_SECTION_KEYS.filter((key) => theirs[key] !== base[key])
  if (changed.length === 0) {
    draft.base = server
    draft.conflict = null
    return 'keep'
  }
  if (draft.conflict === null && draft.save !== 'saving' && !isDraftDirty(draft)) return 'drop'

  const mine = draftSections(draft)
  // RP-7: a section the server wrote with the starting text this draft began from (a new report
  // the assistant added to) is the clinician's to keep as they have it, edited or not.
  const start = REPORT_SECTION_KEYS.every((key) => base[key].trim() === '') ? draft.start : null
  const startedSame = (key: ReportSectionKey) => start?.[key] === theirs[key]
  const conflicting = changed.filter(
    (key) => !startedSame(key) && mine[key] !== base[key] && mine[key] !== theirs[key],
  )
  // Sections only the server changed are taken now, even while other sections wait for a choice:
  // the clinician sees the assistant's change at once, and nothing of theirs is replaced.
  const merged = { ...mine }
  const rebased = { ...base }
  for (const key of changed) {
    if (conflicting.includes(key)) continue
    if (!startedSame(key)) merged[key] = theirs[key]
    rebased[key] = theirs[key]
  }
  if (!sectionsEqual(merged, mine)) writeSections(draft, merged)
  if (conflicting.length === 0) {
    draft.base = server
    draft.conflict = null
    return 'keep'
  }
  // Each section's base is the server text it was last reconciled with, so a second change of a
  // section taken here is again the server's alone, not a conflict.
  draft.base = { sections: rebased, updatedAt: draft.base.updatedAt }

  const previous = draft.conflict
  const choices: ReportConflict['choices'] = {}
  for (const key of conflicting) {
    const choice = previous?.choices[key]
    // A choice stands only while the server's text it was made against is still the same.
    if (choice && previous.theirs.sections[key] === theirs[key]) choices[key] = choice
  }
  draft.conflict = { sections: conflicting, theirs: server, choices }
  return 'keep'
}

/** Records a choice; once every conflicting section has one, the merged text replaces the draft. */
export function chooseConflictSection(
  draft: ReportDraft,
  section: ReportSectionKey,
  choice: ConflictChoice,
): void {
  const conflict = draft.conflict
  if (!conflict?.sections.includes(section)) return
  conflict.choices[section] = choice
  if (!conflict.sections.every((key) => conflict.choices[key] !== undefined)) return

  const base = draft.base.sections
  const theirs = conflict.theirs.sections
  const mine = draftSections(draft)
  const merged = { ...mine }
  for (const key of REPORT_SECTION_KEYS) {
    if (theirs[key] === base[key]) continue
    const takeTheirs = conflict.sections.includes(key)
      ? conflict.choices[key] === 'theirs'
      : mine[key] === base[key]
    if (takeTheirs) merged[key] = theirs[key]
  }
  writeSections(draft, merged)
  // The text is now written against the newest server version; what differs gets saved.
  draft.base = draft.latest
  draft.conflict = null
}
