/**
 * Who may call each route of the contract (RL-2): the roles any one of which lets a signed-in
 * user through; anyone else gets 403 `forbidden`. A user without a role may still ask who they
 * are. Reading and writing studies is a clinician's (a radiologist's or a trainee's); signing a
 * final report, an addendum and returning a preliminary one are a radiologist's (RV-2, RV-6);
 * sending one for review is a trainee's; accounts and the audit trail are an admin's (ADM-1).
 * Clear All Studies' own rule (RL-6: admins only once there is more than one account) is the use
 * case's, since it depends on the accounts, not on the route.
 */
import type { RouteName, UserRole } from '../../contract'

const CLINICIAN: readonly UserRole[] = ['radiologist', 'trainee']
const RADIOLOGIST: readonly UserRole[] = ['radiologist']
const TRAINEE: readonly UserRole[] = ['trainee']
const ADMIN: readonly UserRole[] = ['admin']
/** Anyone signed in, whatever their roles. */
const ANYONE: readonly UserRole[] | 'anyone' = 'anyone'

export const ROUTE_ROLES: Record<RouteName, readonly UserRole[] | 'anyone'> = {
  listPatients: CLINICIAN,
  listOrders: CLINICIAN,
  getOrder: CLINICIAN,
  listMessages: CLINICIAN,
  sendMessage: CLINICIAN,
  rateMessage: CLINICIAN,
  initializeOrder: CLINICIAN,
  saveReport: CLINICIAN,
  finalizeReport: RADIOLOGIST,
  listReportRevisions: CLINICIAN,
  addReportAddendum: RADIOLOGIST,
  clearConversation: [...CLINICIAN, 'admin'],
  speechToken: CLINICIAN,
  speechPhrases: CLINICIAN,
  speechCleanup: CLINICIAN,
  claimOrder: CLINICIAN,
  releaseClaim: CLINICIAN,
  nextStudy: CLINICIAN,
  listPriors: CLINICIAN,
  checkReport: CLINICIAN,
  draftImpression: CLINICIAN,
  listCommunications: CLINICIAN,
  recordCommunication: CLINICIAN,
  listTemplates: CLINICIAN,
  listMacros: CLINICIAN,
  createMacro: CLINICIAN,
  updateMacro: CLINICIAN,
  deleteMacro: CLINICIAN,
  whoAmI: ANYONE,
  sendForReview: TRAINEE,
  returnToTrainee: RADIOLOGIST,
  listUsers: ADMIN,
  updateUser: ADMIN,
  listAuditEvents: ADMIN,
  exportAuditEvents: ADMIN,
  // Follow-ups are the department's: any clinician reads, completes or declines one (FU-*).
  listFollowUps: CLINICIAN,
  resolveFollowUp: CLINICIAN,
  // Peer review scores a colleague's final report: a radiologist's (PEER-*); rates are an admin's.
  askPeerReview: RADIOLOGIST,
  recordPeerReview: RADIOLOGIST,
  listMyPeerReviews: RADIOLOGIST,
  peerReviewRates: ADMIN,
  // The department's numbers (DEPT-*): for its clinicians and its admins.
  turnaroundStats: [...CLINICIAN, 'admin'],
  volumeStats: [...CLINICIAN, 'admin'],
  criticalCommunicationStats: [...CLINICIAN, 'admin'],
  followUpStats: [...CLINICIAN, 'admin'],
}

/** The routes outside the contract's table that a clinician's screen uses (the live stream). */
export const CLINICIAN_ROLES = CLINICIAN

/** Whether a user holding `roles` may call a route open to `allowed`. */
export function mayCall(
  allowed: readonly UserRole[] | 'anyone',
  roles: readonly UserRole[],
): boolean {
  return allowed === 'anyone' || roles.some((role) => allowed.includes(role))
}
