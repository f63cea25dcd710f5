/**
 * A recording's session while it runs: the clinician's stop and the session's signals, in the
 * order they happen, until the stop is confirmed (or overdue); then the session is closed,
 * exactly once, whatever ended it.
 *
 * Each result of the recognizer is handled once: the dictation slice records the event (it
 * counts the words, for the button and the cleanup threshold) and the recording's writer puts it
 * where it goes: the chat input or the addendum box (textDictation.ts), or the report
 * (reportDictation.ts), carrying out the voice commands a final phrase holds. 'stop dictation'
 * stops as the button does. Where the recording stands (starting, recording, stopping) is the dictation slice's
 * status. The saga itself remembers only that it asked the engine to stop and by when the engine
 * must confirm: the slice is reset when the session ends, and a stop cannot be taken back.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import type { SagaIterator, Task } from 'redux-saga'
import {
  call,
  cancel,
  cancelled,
  delay,
  fork,
  getContext,
  put,
  race,
  select,
  take,
} from 'redux-saga/effects'
import {
  connectionLost,
  hypothesisChanged,
  phraseRecognized,
  recordingFailed,
  recordingStarted,
  recordingStopInitiated,
  selectDictationStatus,
  selectIsRecording,
  stopRequested,
  type DictationProblem,
  type DictationStatus,
  type DictationTarget,
} from '../../features/dictation'
import type { Logger } from '../../services/log'
import type { DictationEvent, DictationSession, StartFailure } from '../../services/speech/types'
import { describeError } from './describeError'
import { endsSession, leavesStudy } from './interruptions'
import { driveSession, type SessionDriver, type SessionSignal } from './recognizer'
import { renewTokenWhileRecording, type TokenCache } from './speechToken'
import type { PreparedStudy } from './studyPreparation'
import type { DictationWriter } from './writer'

/** How long a stop waits for the service to confirm the end of the turn. */
export const STOP_TIMEOUT_MS = 5_000
/** Beyond the engine's own stop timeout: an engine that never settles cannot block the app. */
const STOP_GRACE_MS = 1_000

const PROBLEM_OF_START: Readonly<Record<StartFailure, DictationProblem>> = {
  microphoneDenied: 'microphoneDenied',
  microphoneMissing: 'microphoneMissing',
  failed: 'startFailed',
}

/** How a recording's session ended, and what it heard. */
export interface Heard {
  /** What ended the recording from outside (another study, logout), for the coordinator. */
  left: UnknownAction | null
  /** The service gave up on the connection: the text stays as dictated. */
  lost: boolean
  /** The microphone or the engine refused to start: nothing was recorded. */
  refused: boolean
}

/** A recording's session while it runs. */
interface Recording extends Heard {
  readonly study: PreparedStudy
  readonly session: DictationSession
  readonly driver: SessionDriver
  readonly writer: DictationWriter
  readonly target: DictationTarget
  /** By when the engine must have confirmed its stop; null until it was asked to stop. */
  stopDeadline: number | null
  renewal: Task | null
}

/**
 * Starts the session and handles its signals and the clinician's stop until the stop settled,
 * or failed to settle in time; then closes the session, whatever ended it. `writer` puts what is
 * heard into the target.
 */
export function* listen(
  study: PreparedStudy,
  session: DictationSession,
  tokens: TokenCache,
  target: DictationTarget,
  writer: DictationWriter,
): SagaIterator<Heard> {
  const driver = driveSession(session)
  const recording: Recording = {
    study,
    session,
    driver,
    writer,
    target,
    stopDeadline: null,
    renewal: null,
    left: null,
    lost: false,
    refused: false,
  }
  const { orderId } = study
  const logger = (yield getContext('logger')) as Logger
  const leaves = leavesStudy(orderId)
  const interruption = (action: unknown): boolean =>
    (stopRequested.match(action) && action.payload.orderId === orderId) || leaves(action)
  try {
    driver.start()
    for (;;) {
      const deadline = recording.stopDeadline
      const raced = (yield race({
        signal: take(driver.channel),
        action: take(interruption),
        ...(deadline === null ? {} : { late: delay(Math.max(0, deadline - Date.now())) }),
      })) as { signal?: SessionSignal; action?: UnknownAction; late?: true }

      if (raced.late) {
        logger.warn('dictation/stopUnconfirmed', { orderId })
        return recording
      }
      if (raced.action) {
        if (leaves(raced.action)) recording.left ??= raced.action
        yield* stopOnce(recording)
      } else if (raced.signal) {
        // Delegated, not called: the token renewal it may fork belongs to this recording.
        const over = yield* handleSignal(recording, raced.signal, tokens, logger)
        if (over) return recording
      }
    }
  } finally {
    if (recording.renewal) yield cancel(recording.renewal)
    if ((yield cancelled()) as boolean) logger.warn('dictation/recordingCancelled', { orderId })
    try {
      yield call(() => session.close())
    } catch (error) {
      logger.error('dictation/closeFailed', { orderId, error: describeError(error) })
    }
    driver.channel.close()
  }
}

/** One signal of the session; answers whether the recording is over. */
function* handleSignal(
  recording: Recording,
  signal: SessionSignal,
  tokens: TokenCache,
  logger: Logger,
): SagaIterator<boolean> {
  const { orderId } = recording.study
  const status = (yield select(selectDictationStatus)) as DictationStatus
  switch (signal.type) {
    case 'recognizing':
    case 'recognized':
      yield* hear(recording, signal)
      return false
    case 'canceled':
      if (signal.reason === 'error' && !recording.lost) {
        recording.lost = true
        logger.error('dictation/connectionLost', { orderId, message: signal.message })
        yield put(connectionLost())
      }
      yield* stopOnce(recording)
      return false
    case 'sessionStopped':
      // The service ended the session on its own.
      if (status === 'recording') yield* stopOnce(recording)
      return false
    case 'startSettled':
      // A start that settles once a stop was asked for changes nothing.
      if (status !== 'starting') return false
      if (signal.failure) {
        if (signal.failure === 'failed') {
          logger.error('dictation/startFailed', { orderId, error: signal.detail })
        } else {
          logger.warn(`dictation/${signal.failure}`, { orderId, error: signal.detail })
        }
        yield put(recordingFailed({ problem: PROBLEM_OF_START[signal.failure] }))
        recording.refused = true
        return true
      }
      yield put(recordingStarted())
      recording.renewal = (yield fork(
        renewTokenWhileRecording,
        recording.session,
        tokens,
        logger,
      )) as Task
      return false
    case 'stopSettled':
      if (signal.outcome !== 'stopped') {
        logger.warn('dictation/stopUnconfirmed', { orderId, outcome: signal.outcome })
      }
      return true
    case 'sessionStarted':
      return false
  }
}

/**
 * A result of the recognizer, handled once: the slice counts its words, and the writer puts it
 * into the target, a final phrase with its voice commands carried out.
 */
function* hear(
  recording: Recording,
  signal: Extract<DictationEvent, { type: 'recognizing' | 'recognized' }>,
): SagaIterator {
  const { orderId } = recording.study
  // After logout nothing may be written for the previous user.
  if (recording.left && endsSession(recording.left)) return
  // Results count only while the target belongs to dictation (the slice refuses them otherwise).
  if (!((yield select(selectIsRecording, orderId, recording.target)) as boolean)) return
  if (signal.type === 'recognizing') {
    yield put(hypothesisChanged({ text: signal.text }))
    yield* recording.writer.heard(signal.text)
    return
  }
  const phrase = yield* recording.writer.recognized(signal.text)
  yield put(phraseRecognized({ text: phrase.typed }))
  if (phrase.stop) yield* stopOnce(recording)
}

/** Asks the engine to stop, once; its last phrases may still arrive before it confirms. */
function* stopOnce(recording: Recording): SagaIterator {
  if (recording.stopDeadline !== null) return
  if (recording.renewal) yield cancel(recording.renewal)
  recording.renewal = null
  yield put(recordingStopInitiated())
  recording.stopDeadline = Date.now() + STOP_TIMEOUT_MS + STOP_GRACE_MS
  recording.driver.stop(STOP_TIMEOUT_MS)
}
