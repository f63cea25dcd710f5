/**
 * Dictation: the saga that owns the recognizer and drives the dictation slice.
 *
 * One coordinator loop, so at most one thing happens at a time:
 * - a study opens: prepare dictation for it (studyPreparation.ts), or report it unavailable. A
 *   server that answered 'not configured' is not asked again until the session ends: the default
 *   install never downloads the SDK and does not log a failure per study;
 * - 'Start dictation' (or 'Dictate report'): one recording, from microphone to cleanup
 *   (recording.ts), its voice commands carried out as it goes (textDictation.ts,
 *   reportDictation.ts);
 * - 'Undo cleanup': the raw dictation goes back into the chat input (cleanup.ts).
 * Preparing and recording both give way when another study opens or the session ends; the action
 * that interrupted them is handled next.
 *
 * The speech token stays in the saga, never in the store (speechToken.ts). Failed calls are
 * logged by the API failure saga; this saga adds what they meant for dictation.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import { call, put, race, select, take } from 'redux-saga/effects'
import { logoutRequested, sessionEnded } from '../../features/auth'
import {
  cleanupUndoRequested,
  initializationFailed,
  initializationStarted,
  initializationSucceeded,
  selectDictation,
  startRequested,
  type DictationState,
  type UnavailableReason,
} from '../../features/dictation'
import { studySelected } from '../../features/orders'
import { undoCleanup } from './cleanup'
import { endsSession, leavesStudy } from './interruptions'
import { recordOnce } from './recording'
import type { TokenCache } from './speechToken'
import { prepareStudy, type PreparedStudy } from './studyPreparation'

export { STOP_TIMEOUT_MS } from './listening'
export { TOKEN_REFRESH_MS, TOKEN_RETRY_MS } from './speechToken'

const COORDINATED = [
  studySelected.type,
  logoutRequested.type,
  sessionEnded.type,
  startRequested.type,
  cleanupUndoRequested.type,
]

export function* watchDictation(): SagaIterator {
  const tokens: TokenCache = { grant: null }
  let study: PreparedStudy | null = null
  let next: UnknownAction | null = null

  for (;;) {
    const action = next ?? ((yield take(COORDINATED)) as UnknownAction)
    next = null

    if (endsSession(action)) {
      // The slice resets with the API cache; the token belonged to the previous user.
      study = null
      tokens.grant = null
    } else if (studySelected.match(action)) {
      const { orderId } = action.payload
      const dictation = (yield select(selectDictation)) as DictationState
      if (study?.orderId === orderId && dictation.status === 'idle') continue
      study = null
      yield put(initializationStarted({ orderId }))
      if (dictation.speechService === 'notConfigured') {
        // The server said so earlier in this session: no token call, no SDK, no log line.
        yield put(initializationFailed({ orderId, reason: 'notConfigured' }))
        continue
      }
      const raced = (yield race({
        prepared: call(prepareStudy, orderId, tokens),
        interrupted: take(leavesStudy(orderId)),
      })) as { prepared?: PreparedStudy | UnavailableReason; interrupted?: UnknownAction }
      if (raced.interrupted) {
        next = raced.interrupted
      } else if (typeof raced.prepared === 'string') {
        yield put(initializationFailed({ orderId, reason: raced.prepared }))
      } else if (raced.prepared) {
        study = raced.prepared
        yield put(initializationSucceeded({ orderId }))
      }
    } else if (startRequested.match(action)) {
      const dictation = (yield select(selectDictation)) as DictationState
      const ready =
        study?.orderId === action.payload.orderId &&
        dictation.status === 'idle' &&
        !(action.payload.orderId in dictation.sending)
      if (study && ready) {
        const { target = 'chat', at } = action.payload
        next = (yield call(recordOnce, study, tokens, target, at)) as UnknownAction | null
      }
    } else if (cleanupUndoRequested.match(action)) {
      yield call(undoCleanup, action.payload.orderId)
    }
  }
}
