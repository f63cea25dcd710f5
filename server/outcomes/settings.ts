/**
 * Closing the loop's settings, read with the rest of the environment by ../config.ts;
 * docs/settings.md lists them.
 *
 * DEPARTMENT_TIME_ZONE: the IANA time zone the department's days are counted in (a follow-up's
 * window, overdue from the day after it ends, the Department view's days and hours). UTC by
 * default, so that a server without it says the same on every machine.
 * PEER_REVIEW_SHARE: the share of studies (0 to 1) on whose opening a radiologist is asked to
 * score a colleague's signed prior (PEER-*); 0 switches peer review's asking off.
 */
import { z } from 'zod'

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export interface OutcomesConfig {
  departmentTimeZone: string
  peerReviewShare: number
}

export const outcomesEnv = {
  DEPARTMENT_TIME_ZONE: z
    .string()
    .trim()
    .min(1)
    .refine(isTimeZone, 'must be an IANA time zone, such as Europe/Berlin or UTC')
    .default('UTC'),
  PEER_REVIEW_SHARE: z.coerce.number().min(0).max(1).default(0.05),
}

export function outcomesConfig(e: {
  DEPARTMENT_TIME_ZONE: string
  PEER_REVIEW_SHARE: number
}): OutcomesConfig {
  return { departmentTimeZone: e.DEPARTMENT_TIME_ZONE, peerReviewShare: e.PEER_REVIEW_SHARE }
}
