/**
 * Why a critical-result communication cannot be recorded yet (CR-24) or was not (CR-17), in a
 * sentence for the clinician.
 * The server's 400 names a field path (`body.communicated_at: …`), written for integrators; the
 * form says what to change instead. The fields stay as typed whatever the refusal.
 */
import { SIGNING_LIMITS } from '../../../../contract'
import { isApiError } from '../../../services/api/baseApi'

/** The time a communication may name: not later than the clock allows (the server's rule). */
export function communicatedAtProblem(when: Date, now: Date): string | null {
  if (Number.isNaN(when.getTime())) return 'Enter the date and time the result was communicated.'
  if (when.getTime() > now.getTime() + SIGNING_LIMITS.futureSkewMs) {
    return 'The time communicated cannot be in the future.'
  }
  return null
}

/**
 * CR-24: what 'Record communication' still waits for, naming the fields by their labels, or null
 * when it can be recorded.
 */
export function missingForRecord(form: {
  recipient: string
  role: string
  timeProblem: string | null
}): string | null {
  const blank = [
    ...(form.recipient.trim() === '' ? ['Recipient'] : []),
    ...(form.role.trim() === '' ? ['Role'] : []),
  ]
  const needs = [
    ...(blank.length > 0 ? [`fill in ${blank.join(' and ')}`] : []),
    ...(form.timeProblem === null ? [] : ['correct the time communicated']),
  ]
  if (needs.length === 0) return null
  const sentence = `${needs.join(' and ')} to record the communication.`
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}

export function communicationRefusal(error: unknown): string {
  const status = isApiError(error) ? error.status : undefined
  if (status === 400 || status === 422) {
    return 'The server did not accept the fields. Check that the time is not in the future and that recipient and role are filled in, then record it again.'
  }
  if (status === 404) return 'This study is no longer on the server.'
  if (status === 403) return 'You are not allowed to record communications for this study.'
  if (typeof status === 'number' && status < 500) {
    return 'The server refused it. Your entries are kept; record it again.'
  }
  if (status === 'SCHEMA_ERROR' || status === 'PARSING_ERROR') {
    return 'The server answered in a form the app cannot read, so it may or may not be recorded. Reopen the dialog to see what is recorded.'
  }
  return 'The server could not be reached or failed. Your entries are kept; record it again.'
}
