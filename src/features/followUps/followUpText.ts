/**
 * How the Follow-ups view words a follow-up (FU-30, FU-33): the patient ('Lovelace, Ada' and
 * the MRN when known), the exam ('CT chest'), the window ('2027-02-13 to 2027-04-13'), the status
 * badge, and how a closed one was closed ('Completed by a matching order ACC456', 'Declined by
 * Dr X: reason').
 */
import type { FollowUpStatus } from '../../../contract'
import { matchingAccession, type FollowUp } from '../../services/api/read/followUps'

export function patientText(item: FollowUp): string {
  const { first_name, last_name } = item.patient
  const name = [last_name, first_name].filter(Boolean).join(', ')
  return name || item.patient_id
}

export const examText = (item: FollowUp): string => `${item.modality} ${item.body_part}`
export const dueText = (item: FollowUp): string => `${item.due_from} to ${item.due_to}`

export const STATUS_BADGES: Record<FollowUpStatus, { label: string; palette: string }> = {
  overdue: { label: 'Overdue', palette: 'red' },
  open: { label: 'Open', palette: 'blue' },
  completed: { label: 'Completed', palette: 'green' },
  declined: { label: 'Declined', palette: 'gray' },
}

/** How it was closed, or null while it is open or overdue. */
export function closedText(item: FollowUp): string | null {
  const closed = item.resolution
  if (!closed) return null
  const verb = closed.status === 'completed' ? 'Completed' : 'Declined'
  if (closed.by === null) {
    const accession = matchingAccession(closed)
    if (accession) return `${verb} by a matching order ${accession}`
    return closed.reason
      ? `${verb} by a matching order: ${closed.reason}`
      : `${verb} by a matching order`
  }
  return closed.reason
    ? `${verb} by ${closed.by.name}: ${closed.reason}`
    : `${verb} by ${closed.by.name}`
}

/** The Status filter's choices, the first the default (FU-31). */
export const STATUS_CHOICES: readonly { label: string; statuses: readonly FollowUpStatus[] }[] = [
  { label: 'Open and overdue', statuses: ['open', 'overdue'] },
  { label: 'Overdue', statuses: ['overdue'] },
  { label: 'Open', statuses: ['open'] },
  { label: 'Completed', statuses: ['completed'] },
  { label: 'Declined', statuses: ['declined'] },
  { label: 'All', statuses: [] },
]
