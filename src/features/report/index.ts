/** The report feature: the editor of a study's report, its draft slice and the section text format. */
export { ReportEditor, type ReportEditorProps } from './ReportEditor'
export type { ReportDictation } from './library/ReportTools'
export { comparisonSlice } from './priors/comparisonSlice'
export { FINALIZED_NOTICE } from './editor/ReportNotices'
export { FINALIZE_QUESTION } from './signing/FinalizeDialog'
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
} from './editor/reportSlice'
export { startingSections } from './editor/startingText'
export {
  isDraftDirty,
  mustKeepDraft,
  type ReportConflict,
  type ReportDraft,
  type ReportVersion,
  type SaveFailure,
} from './editor/reconcile'
export { parseReport, serializeReport, type ReportText } from './editor/sectionText'
export {
  confirmedFollowUps,
  preSignCheckAnswered,
  preSignCheckFailed,
  preSignCheckStarted,
  selectPreSignCheck,
  signingSlice,
  type PreSignCheck,
} from './signing/signingSlice'
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
} from './editor/dictatedText'
export {
  addendumDictated,
  addendumEdited,
  addendumSlice,
  selectAddendumDraft,
} from './signing/addendumSlice'
export {
  reviewSendConfirmed,
  reviewSendFailed,
  reviewSlice,
  type ReviewState,
} from './review/reviewSlice'
