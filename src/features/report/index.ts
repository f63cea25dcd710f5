/** The report feature: the editor of a study's report, its draft slice and the section text format. */
export { ReportEditor, type ReportEditorProps } from './ReportEditor'
export type { ReportDictation } from './ReportTools'
export { comparisonSlice } from './comparisonSlice'
export { FINALIZED_NOTICE } from './ReportNotices'
export { FINALIZE_QUESTION } from './FinalizeDialog'
export {
  allDraftsDiscarded,
  AUTOSAVE_DELAY_MS,
  conflictSectionChosen,
  draftDiscarded,
  draftRestored,
  editorOpened,
  editStarted,
  finalizeCancelled,
  finalizeConfirmed,
  finalizeFailed,
  finalizeRequested,
  finalizeSucceeded,
  reportSlice,
  saveFailed,
  saveHeldForReply,
  saveRefusedAsStale,
  saveNotNeeded,
  saveRequested,
  saveStarted,
  saveSucceeded,
  selectFinalizeState,
  selectReplyPending,
  selectReportDraft,
  selectReportDrafts,
  serverReportOf,
  sectionsRestored,
  textEdited,
  versionOf,
  type FinalizeFailure,
  type FinalizeState,
  type ReportState,
  type SaveTrigger,
  type ServerReport,
} from './reportSlice'
export { startingSections } from './startingText'
export {
  isDraftDirty,
  mustKeepDraft,
  type ReportConflict,
  type ReportDraft,
  type ReportVersion,
  type SaveFailure,
} from './reconcile'
export { parseReport, serializeReport, type ReportText } from './sectionText'
export {
  preSignCheckAnswered,
  preSignCheckFailed,
  preSignCheckStarted,
  signingSlice,
} from './signingSlice'
export {
  clampPoint,
  dictationStart,
  nextFieldFrom,
  previousFieldFrom,
  sectionEnd,
  undoDictated,
  writeDictated,
  writeParagraph,
  type DictatedEdit,
  type ReportPoint,
} from './dictatedText'
export {
  addendumDictated,
  addendumEdited,
  addendumSlice,
  selectAddendumDraft,
} from './addendumSlice'
