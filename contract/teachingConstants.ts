/**
 * The plain values of a teaching hospital's reading room (roles, the review's states and filter,
 * the audit trail's kinds and pages): free of zod like ./constants.ts, but a module of their own,
 * since only the workspace's lazily loaded screens and the server use them: a constant of
 * ./constants.ts is in the login screen's first bundle whoever imports it.
 */

/**
 * The worklist's review filter (RV-4): `awaiting_mine` is every preliminary report awaiting an
 * attending's review that the asking radiologist did not send themselves.
 */
export const REVIEW_FILTERS = ['awaiting_mine'] as const
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]

/**
 * Roles of a teaching hospital's reading room (RL-1): any combination. A `radiologist` signs
 * final reports and reviews a trainee's; a `trainee` drafts and sends a preliminary report for
 * review but signs nothing final; an `admin` manages accounts and reads the audit trail.
 */
export const ROLES = ['radiologist', 'trainee', 'admin'] as const
export type UserRole = (typeof ROLES)[number]
/** How each role reads beside a name (the header, the Admin page). */
export const ROLE_LABELS: Record<UserRole, string> = {
  radiologist: 'Radiologist',
  trainee: 'Trainee',
  admin: 'Admin',
}
/** 403: the signed-in user's roles do not allow the call. */
export const FORBIDDEN_ERROR = 'forbidden'
/** 409: the report waits for an attending's review; its trainee may not change it. */
export const AWAITING_REVIEW_ERROR = 'awaiting_review'
/** The states of a preliminary report (RV-1..RV-6). */
export const PRELIMINARY_STATES = ['awaiting_review', 'returned', 'signed'] as const
export type PreliminaryState = (typeof PRELIMINARY_STATES)[number]
/** How many audit events one page of GET /admin/audit holds at most, and by default. */
export const AUDIT_PAGE = { defaultLimit: 50, maxLimit: 200 } as const
/** Everything the audit trail records, by kind (ADM-3: every step of the review flow too). */
export const AUDIT_KINDS = [
  'sign_up',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'study_opened',
  'message_sent',
  'report_saved',
  'assistant_update',
  'report_finalized',
  'addendum_added',
  'message_rated',
  'conversation_cleared',
  'claim_taken_over',
  // CR-11: a critical result told to someone (who: never named here; how, read back).
  'critical_result_communicated',
  // HL7 results (INT-15): queued with the signature or addendum, each failed attempt, the AA.
  'hl7_result_queued',
  'hl7_result_failed',
  'hl7_result_acknowledged',
  // The teaching flow (RV-*) and account administration (RL-*).
  'report_sent_for_review',
  'report_returned',
  'report_cosigned',
  'roles_changed',
  'account_deactivated',
  'account_reactivated',
  // Closing the loop: follow-ups (FU-*) and peer review (PEER-*).
  'follow_up_created',
  'follow_up_completed',
  'follow_up_declined',
  'peer_review_recorded',
] as const
export type AuditKind = (typeof AUDIT_KINDS)[number]
