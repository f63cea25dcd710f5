/**
 * The plain values of closing the loop (follow-up recommendations, peer review, the department's
 * numbers): free of zod like ./constants.ts, and a module of their own for the reason
 * ./teachingConstants.ts is: only lazily loaded screens and the server use them.
 */

/**
 * A tracked follow-up recommendation's status (FU-*). `overdue` is an open item whose window has
 * ended (its `due_to` is before today, in the department's time zone): computed when read, never
 * stored, so every instance says the same. `completed` by a matching order or by hand; `declined`
 * by hand, with a reason.
 */
export const FOLLOW_UP_STATUSES = ['open', 'completed', 'overdue', 'declined'] as const
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number]
/** The statuses a clinician may set by hand (PATCH /follow-ups/{id}). */
export const FOLLOW_UP_RESOLUTIONS = ['completed', 'declined'] as const
export type FollowUpResolution = (typeof FOLLOW_UP_RESOLUTIONS)[number]
export const FOLLOW_UP_LIMITS = {
  /** Follow-ups one signature may create. */
  perReport: 10,
  modalityChars: 16,
  bodyPartChars: 64,
  reasonChars: 500,
  /** The recommendation's sentence as signed. */
  textChars: 1000,
  /** How far ahead a window may end, in days (ten years). */
  maxDaysAhead: 3660,
} as const
export const FOLLOW_UP_PAGE = { defaultLimit: 50, maxLimit: 200 } as const
/** 409: the follow-up is already completed or declined. */
export const FOLLOW_UP_CLOSED_ERROR = 'follow_up_closed'

/**
 * RADPEER (American College of Radiology), revised 2009: 1 concur with the interpretation;
 * 2 a discrepancy in interpretation not ordinarily expected to be made (an understandable miss);
 * 3 a discrepancy that should be made most of the time; `a` unlikely, `b` likely clinically
 * significant.
 */
export const RADPEER_SCORES = ['1', '2a', '2b', '3a', '3b'] as const
export type RadpeerScore = (typeof RADPEER_SCORES)[number]
export const PEER_REVIEW_LIMITS = { commentChars: 2000 } as const
/** 409: the reviewer has already scored that prior. */
export const PEER_REVIEW_EXISTS_ERROR = 'peer_review_exists'
/** 409: that study cannot be peer reviewed by the caller (not signed, or their own report). */
export const NOT_REVIEWABLE_ERROR = 'not_reviewable'

/** The department's numbers: the longest window one call may ask for, in days. */
export const STATS_LIMITS = { maxDays: 366, defaultDays: 30 } as const
/** GET /stats/turnaround groups its rows by one of these. */
export const TURNAROUND_GROUPS = ['priority', 'modality'] as const
export type TurnaroundGroup = (typeof TURNAROUND_GROUPS)[number]
