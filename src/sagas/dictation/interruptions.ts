/**
 * What ends dictation's work from outside: the clinician opens another study, logs out, or the
 * session ends. A preparation, a recording and a cleanup all stop for these, and hand the action
 * back to the coordinator, which handles it next.
 */
import { logoutRequested, sessionEnded } from '../../features/auth'
import { studySelected } from '../../features/orders'
import type { Id } from '../../../contract'

/**
 * 'Log out' (the microphone stops at once, not a round trip later when the session has ended) or
 * the end of the session.
 */
export function endsSession(action: unknown): boolean {
  return logoutRequested.match(action) || sessionEnded.match(action)
}

/** Another study opens, or the session ends: the work for `orderId` is over. */
export function leavesStudy(orderId: Id) {
  return (action: unknown): boolean =>
    (studySelected.match(action) && action.payload.orderId !== orderId) || endsSession(action)
}
