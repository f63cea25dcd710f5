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
} from './worklist/worklistSlice'
export {
  claimSlice,
  claimsUnavailable,
  readingElsewhere,
  selectClaimsUnavailable,
  selectHeldClaim,
  selectOpenClaim,
  studyClaimed,
  studyClaimEnded,
  studyClaimUnsettled,
  studyFoundSigned,
  studyHolderChanged,
  studyReadByOther,
  studyTakenOver,
  takeOverChosen,
  takeOverDeclined,
} from './claims/claimSlice'
export type { ClaimState, Holder, OpenClaim, ReadingStatus } from './claims/claimSlice'
export { letGoOfOpenStudy } from './claims/letGo'
export type { WorklistState } from './worklist/worklistSlice'
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
} from './worklist/selectors'
export { PatientHeader } from './worklist/PatientHeader'
export { ReadingElsewhereNotice, TakeOverDialog, useReadByOther } from './claims/TakeOver'
export type { PatientHeaderProps } from './worklist/PatientHeader'
export { Sidebar, SIDEBAR_ID } from './worklist/Sidebar'
