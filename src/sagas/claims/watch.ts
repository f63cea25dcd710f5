/**
 * Which study's claim is followed (./reading.ts), and what ends it: opening another study and
 * closing it let it go; Log out and the idle sign-out let it go themselves before the session
 * ends (features/orders/letGo.ts); a session that ended (expired, refused)
 * cannot, and its lease runs out on the server; another clinician's session taking the tab over
 * claims the open study anew, for them. The page going away (a closed tab) lets the claim go with
 * a request that outlives the page, so a colleague need not wait for the lease to end.
 */
import type { SagaIterator, Task } from 'redux-saga'
import { cancel, fork, getContext, race, select, take } from 'redux-saga/effects'
import { idleLogoffStarted, logoutRequested, sessionEnded } from '../../features/auth'
import {
  selectClaimsUnavailable,
  selectViewerId,
  studyClosed,
  studySelected,
  workspaceCleared,
} from '../../features/orders'
import type { PageHideSource } from '../../services/page/pageHide'
import { sessionStarted } from '../../shared/events'
import type { Id } from '../../../contract'
import { pageHides } from '../effects/pageHides'
import { holds, readStudy, releaseClaim } from './reading'

/** What ends the open study's claim: another study, none, leaving the workspace. */
const ENDS_A_CLAIM = [
  studySelected.type,
  studyClosed.type,
  workspaceCleared.type,
  logoutRequested.type,
  idleLogoffStarted.type,
  sessionEnded.type,
  sessionStarted.type,
]

/**
 * What lets the claim go here. Not a session that ended (its token cannot), and not Log out or
 * the idle sign-out: they let it go themselves, waiting for it before the session ends
 * (`letGoOfOpenStudy`).
 */
const RELEASES: ReadonlySet<string> = new Set([studySelected.type, studyClosed.type])

/** The study whose claim is followed (whether it is held is the store's: `holds`). */
interface Reading {
  task: Task
  orderId: Id
  viewer: Id | null
}

export function* watchClaims(): SagaIterator {
  const hides = pageHides((yield getContext('pageHide')) as PageHideSource)
  let reading: Reading | null = null
  try {
    for (;;) {
      const { hidden, action } = (yield race({
        hidden: take(hides),
        action: take(ENDS_A_CLAIM),
      })) as { hidden?: true; action?: { type: string; payload?: unknown } }
      if (hidden) {
        // Started at once, in the page's last moments; not waited for.
        if (reading && (yield* holds(reading.orderId))) {
          yield fork(releaseClaim, reading.orderId, true)
        }
        continue
      }
      if (action) reading = yield* follow(reading, action)
    }
  } finally {
    // The flows stopping (the store's end) is not the clinician closing the study: their reading
    // is cancelled with them, and nothing is let go.
    hides.close()
  }
}

/** What one action does to the claim followed: nothing, an end, or a new study's claim. */
function* follow(
  reading: Reading | null,
  action: { type: string; payload?: unknown },
): SagaIterator<Reading | null> {
  const me = (yield select(selectViewerId)) as Id | null
  let next: Id | null = null
  if (studySelected.match(action)) next = action.payload.orderId
  if (sessionStarted.match(action)) {
    // The same clinician: nothing changes. Another one's session took the tab over: the open
    // study is theirs to claim (their predecessor's claim cannot be let go with their token).
    if (!reading || reading.viewer === me) return reading
    next = reading.orderId
  }
  if (reading?.task.isRunning() && reading.orderId === next && reading.viewer === me) {
    return reading
  }
  if (reading) {
    // Let go here only of a claim the reading still followed (not one whose reading ended on its
    // own), and not when its session has ended or another clinician's took the tab over.
    const following = reading.task.isRunning()
    yield cancel(reading.task)
    const release = following && RELEASES.has(action.type) && reading.viewer === me
    if (release && (yield* holds(reading.orderId))) yield fork(releaseClaim, reading.orderId, false)
  }
  if (next === null || ((yield select(selectClaimsUnavailable)) as boolean)) return null
  const task = (yield fork(readStudy, next)) as Task
  return { task, orderId: next, viewer: me }
}
