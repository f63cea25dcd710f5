/**
 * FU-28: what a follow-up in the Finalize dialog still lacks before it can go with the signature:
 * a modality, a body part, and a window whose start is not after its end. A checked follow-up
 * with a problem keeps Finalize disabled; an unchecked one is not sent, so it stops nothing.
 */
import type { FollowUpFields } from '../../../services/api/read/followUps'
import type { PreSignCheck } from './signingSlice'

export type FollowUpProblems = Partial<Record<keyof FollowUpFields, string>>

const DAY = /^\d{4}-\d{2}-\d{2}$/

export function followUpProblems(item: FollowUpFields): FollowUpProblems {
  const problems: FollowUpProblems = {}
  if (item.modality.trim() === '') problems.modality = 'Enter the modality.'
  if (item.body_part.trim() === '') problems.body_part = 'Enter the body part.'
  if (!DAY.test(item.due_from)) problems.due_from = 'Enter the first day it is due.'
  if (!DAY.test(item.due_to)) problems.due_to = 'Enter the last day it is due.'
  else if (DAY.test(item.due_from) && item.due_from > item.due_to)
    problems.due_to = 'Due to must not be before Due from.'
  return problems
}

export const hasProblems = (item: FollowUpFields): boolean =>
  Object.keys(followUpProblems(item)).length > 0

/** A checked follow-up that cannot be sent as it is. */
export function followUpsIncomplete(check: PreSignCheck | undefined): boolean {
  return (check?.followUps ?? []).some((item) => item.checked && hasProblems(item))
}

/** How a follow-up reads: 'CT chest, due 2027-02-13 to 2027-04-13' ('New follow-up' while empty). */
export function followUpLabel(item: FollowUpFields): string {
  const exam = `${item.modality.trim()} ${item.body_part.trim()}`.trim()
  if (exam === '') return 'New follow-up'
  const window = item.due_from && item.due_to ? `, due ${item.due_from} to ${item.due_to}` : ''
  return `${exam}${window}`
}
