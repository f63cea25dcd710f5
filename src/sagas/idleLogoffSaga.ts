/**
 * SEC-8, HIPAA's automatic logoff: a tab left alone signs out.
 *
 * - While the signed-in workspace is shown (`idleLogoff/watchStarted`, with the deployment's
 *   minutes), this saga keeps time. The last activity lives outside the store, in the `activity`
 *   collaborator: the page's events (a pointer or key pressed, the wheel, a finger moving), any
 *   other tab of the browser, and what the saga records itself: dictation under way, or any
 *   dictation event, counts, since the clinician speaking is the clinician there.
 * - After the minutes without activity it shows 'Still there?' for IDLE_WARNING_SECONDS, a tick
 *   a second. Only an answer here ('Stay signed in', or closing the warning) or activity in
 *   another tab keeps the session: the tabs share the identity SDK's session, so this tab
 *   signing out would end the other's too.
 * - Without an answer: `idleLogoffStarted`, then the SDK's logout, exactly as 'Log out' ends the
 *   session (the identity server revokes the refresh token, the SDK forgets its tokens, the
 *   session bridge reports the end, the guards show /login). It is not 'Log out'
 *   (`logoutRequested`), the clinician's decision to leave: like an expired session, it keeps
 *   the unsent chat and report drafts, tagged with the clinician, for their next sign-in; another
 *   clinician signing in on the tab still finds them removed (chatDraftSaga, draftMirror). A
 *   logout that never reached the identity server is tried again until the session ends.
 * - A tab whose timers ran late (a suspended laptop, a throttled background tab) and finds the
 *   warning's time already past signs out at once: a long absence gets no second chance. So does
 *   a session kept from an earlier visit (the browser closed while signed in) whose last activity
 *   is that long ago. The tabs' shared record is forgotten when a session ends, so a sign-in
 *   always starts afresh.
 */
import type { Action } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import {
  call,
  delay,
  getContext,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects'
import {
  idleCountdownTicked,
  idleLogoffStarted,
  idleWarningShown,
  idleWarningWithdrawn,
  idleWatchStarted,
  idleWatchStopped,
  logoutRequested,
  sessionEnded,
  staySignedInChosen,
  type IdleWatch,
} from '../features/auth'
import { selectDictationStatus, type DictationStatus } from '../features/dictation'
import { letGoOfOpenStudy } from '../features/orders'
import type { ActivityMonitor, Clock } from '../services/activity'
import type { IdentitySignOut } from '../services/auth/identitySignOut'
import type { Logger } from '../services/log'
import { runThunk } from './effects/endpoint'

/** Dictation at work: the microphone open, or its words on their way to the Message box. */
const DICTATING: readonly DictationStatus[] = ['starting', 'recording', 'stopping', 'cleaningUp']

const MINUTE_MS = 60_000
const SECOND_MS = 1_000
/** A sign-out that did not reach the identity server (the network down) is tried again so often. */
export const SIGN_OUT_RETRY_MS = 30_000

interface Timekeeping {
  watch: IdleWatch
  activity: ActivityMonitor
  clock: Clock
}

function isDictationEvent(action: Action): boolean {
  return action.type.startsWith('dictation/')
}

/** Waits until the clinician has been away `idleMinutes`; answers how long they have been. */
function* untilIdle({ watch, activity, clock }: Timekeeping): SagaIterator<number> {
  const idleMs = watch.idleMinutes * MINUTE_MS
  for (;;) {
    const status = (yield select(selectDictationStatus)) as DictationStatus
    if (DICTATING.includes(status)) activity.record()
    const idleFor = clock.now() - activity.lastActivityAt()
    if (idleFor >= idleMs) return idleFor
    // Activity only ever moves the deadline later: sleeping until it is enough.
    yield delay(idleMs - idleFor)
  }
}

/** 'Still there?', counting down; answers whether the clinician stays. */
function* warn({ watch, activity, clock }: Timekeeping): SagaIterator<boolean> {
  const warnedAt = clock.now()
  const endsAt = warnedAt + watch.warningSeconds * SECOND_MS
  let shown: number | null = null
  for (;;) {
    // At or after the warning's instant: a tab active in the very millisecond the warning came up
    // (a fake clock in tests, a coarse one in browsers) is active all the same.
    if (activity.lastActivityElsewhereAt() >= warnedAt) {
      yield put(idleWarningWithdrawn())
      return true
    }
    const left = endsAt - clock.now()
    if (left <= 0) return false
    const secondsLeft = Math.ceil(left / SECOND_MS)
    if (shown === null) yield put(idleWarningShown({ secondsLeft }))
    else if (secondsLeft !== shown) yield put(idleCountdownTicked({ secondsLeft }))
    shown = secondsLeft
    const { stay } = (yield race({
      stay: take(staySignedInChosen.type),
      // Until the countdown's next whole second.
      tick: delay(left - (secondsLeft - 1) * SECOND_MS),
    })) as { stay?: Action }
    if (stay) {
      activity.record({ tellOtherTabsNow: true })
      return true
    }
  }
}

function* keepTime(watch: IdleWatch): SagaIterator {
  const activity = (yield getContext('activity')) as ActivityMonitor
  const clock = (yield getContext('clock')) as Clock
  const identity = (yield getContext('identity')) as IdentitySignOut
  const logger = (yield getContext('logger')) as Logger
  const timekeeping: Timekeeping = { watch, activity, clock }
  const stopListening = activity.listen()
  try {
    yield takeEvery(isDictationEvent, () => {
      activity.record()
    })
    const tooLate = (idleFor: number) =>
      idleFor >= watch.idleMinutes * MINUTE_MS + watch.warningSeconds * SECOND_MS
    const before = activity.lastActivityElsewhereAt()
    // Arriving in the workspace (a sign-in, a page load) is activity, unless the session was
    // left alone past the warning's end before this page.
    if (before === 0 || !tooLate(clock.now() - before)) {
      activity.record()
      for (;;) {
        const idleFor = yield* untilIdle(timekeeping)
        if (tooLate(idleFor) || !(yield* warn(timekeeping))) break
      }
    }
    yield put(idleLogoffStarted({ idleMinutes: watch.idleMinutes }))
    // While the session still stands: the open study's claim goes first (CLM-6).
    const letGo = yield* runThunk(letGoOfOpenStudy())
    yield call(() => letGo)
    for (;;) {
      yield call([identity, 'signOut'], logger)
      // Once the session has ended the workspace leaves the screen, and this watch with it. A
      // logout that never reached the identity server leaves the SDK's tokens in place (as for
      // 'Log out'): the tab tries again until it does.
      yield delay(SIGN_OUT_RETRY_MS)
    }
  } finally {
    stopListening()
  }
}

/**
 * One watch at a time; the workspace leaving the screen (the session ended) or 'Log out' stops
 * it. Another clinician's session taking over the tab keeps the workspace, and the watch.
 */
export function* watchIdleLogoff(): SagaIterator {
  yield takeEvery([sessionEnded.type, logoutRequested.type], function* (): SagaIterator {
    const activity = (yield getContext('activity')) as ActivityMonitor
    activity.forget()
  })
  yield takeLatest(
    [idleWatchStarted.type, idleWatchStopped.type, logoutRequested.type],
    function* (action: Action): SagaIterator {
      if (idleWatchStarted.match(action)) yield call(keepTime, action.payload)
    },
  )
}
