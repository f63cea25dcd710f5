/**
 * What the report form shows of a study's draft besides its text: whether the server holds it, a
 * save under way or failed, a conflict, a report finalized elsewhere, and whether there is any
 * text at all (Finalize). The text changes at every keystroke; these change a few times in a
 * session of typing, so the form around the text areas (SectionArea.tsx) renders only then.
 */
import { createSelector } from '@reduxjs/toolkit'
import { draftSections, sectionsEqual, type ReportDraft } from './reconcile'
import { selectReportDraft } from './reportSlice'

export interface DraftSummary extends Pick<
  ReportDraft,
  'save' | 'saveError' | 'conflict' | 'finalizedElsewhere' | 'restored'
> {
  cause: ReportDraft['cause']
  /** The version of the server's report the draft is based on (`base.updatedAt`). */
  basedOn: string | null
  /** Whether the draft holds text the server does not have (`isDraftDirty`). */
  dirty: boolean
  /** Whether every section of the draft is blank. */
  blank: boolean
}

/** Whether the text areas show the clinician's draft rather than the server's report. */
export function showsDraft(
  draft: Pick<ReportDraft, 'finalizedElsewhere'> | undefined,
  isFinal: boolean,
): draft is NonNullable<typeof draft> {
  return draft !== undefined && !draft.finalizedElsewhere && !isFinal
}

function summaryOf(draft: ReportDraft): DraftSummary {
  const sections = draftSections(draft)
  return {
    save: draft.save,
    saveError: draft.saveError,
    conflict: draft.conflict,
    finalizedElsewhere: draft.finalizedElsewhere,
    restored: draft.restored,
    cause: draft.cause ?? null,
    basedOn: draft.base.updatedAt,
    dirty: !sectionsEqual(sections, draft.base.sections),
    blank: Object.values(sections).every((section) => section.trim() === ''),
  }
}

/**
 * The summary of the study's draft (undefined: none), the same object for the same draft; select
 * it with `shallowEqual`, since each keystroke makes a new draft with, mostly, the same summary.
 */
export const selectDraftSummary = createSelector(
  [selectReportDraft],
  (draft): DraftSummary | undefined => (draft ? summaryOf(draft) : undefined),
)
