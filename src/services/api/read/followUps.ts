/**
 * Follow-up recommendations (FU-*) as the backend answers them, read at the edge.
 * SCAFFOLD: the follow-ups helper replaces these readers (they refuse every answer until then).
 */
import type { FollowUp, FollowUpPage } from '../../../../contract'

export type { FollowUp, FollowUpPage }

export function readFollowUpPage(_raw: unknown): { ok: false; issues: string[] } {
  return { ok: false, issues: ['not read yet'] }
}
export function readFollowUpAnswer(_raw: unknown): { ok: false; issues: string[] } {
  return { ok: false, issues: ['not read yet'] }
}
