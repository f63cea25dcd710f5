/** The orders feature: worklist, active studies, patient finder, patient header, clear all. */
export {
  clearAllCancelled,
  clearAllConfirmed,
  clearAllDismissed,
  clearAllFinished,
  clearAllListFailed,
  clearAllRequested,
  clearAllRetried,
  clearAllStarted,
  clearAllStudyCleared,
  clearAllStudyFailed,
  clearAllStudySkipped,
  finderQueryChanged,
  finderQuerySettled,
  ordersSlice,
  patientHadNoStudies,
  patientSelected,
  selectClearAll,
  selectIsInitialized,
  selectSelectedOrderId,
  studyClosed,
  studyInitialized,
  studySelected,
  workspaceCleared,
} from './ordersSlice'
export {
  nextStudyExhausted,
  nextStudyFailed,
  nextStudyFound,
  nextStudyRequested,
  nextStudyUnavailable,
  selectNextStudyStatus,
  selectViewerId,
  worklistSlice,
} from './worklistSlice'
export {
  claimSlice,
  claimsUnavailable,
  readingElsewhere,
  selectClaimsUnavailable,
  selectOpenClaim,
  studyClaimed,
  studyClaimUnsettled,
  studyFoundSigned,
  studyHolderChanged,
  studyReadByOther,
  studyTakenOver,
  takeOverChosen,
  takeOverDeclined,
} from './claimSlice'
export type { ClaimState, Holder, OpenClaim, ReadingStatus } from './claimSlice'
export { letGoOfOpenStudy } from './letGo'
export type { WorklistState } from './worklistSlice'
export type { ClearAllFailure, ClearAllState, OrdersState } from './ordersSlice'
export {
  selectActiveStudies,
  selectPatientsById,
  selectSelectedOrder,
  selectStudyForPatient,
  selectWorklist,
  selectWorklistMode,
  selectWorklistOrder,
  type WorklistMode,
  type WorklistOrder,
} from './selectors'
export { PatientHeader } from './PatientHeader'
export { ReadingElsewhereNotice, TakeOverDialog, useReadByOther } from './TakeOver'
export type { PatientHeaderProps } from './PatientHeader'
export { Sidebar, SIDEBAR_ID } from './Sidebar'
