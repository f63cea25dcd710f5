/**
 * One recording, from 'Start dictation' to the end of its cleanup.
 *
 * The target's text (the chat input, or a signed report's addendum box) is read once, when the
 * recording starts: dictation is appended to it (textDictation.ts). Dictation into the report
 * writes where the clinician's cursor was (reportDictation.ts) and is never cleaned up: its words
 * are spread over sections and fields.
 * The session then runs (listening.ts) until it is stopped: by the clinician, by the service
 * giving up, by another study opening or the session ending. After a normal stop, a dictation of
 * at least CLEANUP_WORD_THRESHOLD words is cleaned up (cleanup.ts); a shorter one, and any after
 * a lost connection or on leaving the study, stays in the input as dictated.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import { call, getContext, put, select } from 'redux-saga/effects'
import {
  commandPhrases,
  recordingFailed,
  recordingFinished,
  recordingStartInitiated,
  selectDictationWordCount,
  type DictationPoint,
  type DictationTarget,
} from '../../features/dictation'
import type { Logger } from '../../services/log'
import type { DictationEngine, DictationSession } from '../../services/speech/types'
import { CLEANUP_WORD_THRESHOLD } from '../../shared/constants'
import { cleanUpDictation } from './cleanup'
import { describeError } from './describeError'
import { listen, type Heard } from './listening'
import { prepareReportDictation, type ReportDictation } from './reportDictation'
import { ensureToken, type TokenCache, type TokenGrant } from './speechToken'
import type { PreparedStudy } from './studyPreparation'
import { textOf, type TextTarget } from './target'
import { textWriter } from './textDictation'
import type { DictationWriter } from './writer'

/**
 * One recording, from 'Start dictation' to the end of its cleanup. Returns the action that
 * ended it from outside (another study, logout), for the coordinator to handle next. `at` is the
 * report's cursor when dictating into the report.
 */
export function* recordOnce(
  study: PreparedStudy,
  tokens: TokenCache,
  target: DictationTarget = 'chat',
  at?: DictationPoint,
): SagaIterator<UnknownAction | null> {
  if (target === 'report') {
    let report: ReportDictation
    try {
      report = yield* prepareReportDictation(study, at)
    } catch (error) {
      // The study's report could not be read: nothing is written over it blindly.
      const logger = (yield getContext('logger')) as Logger
      logger.error('dictation/startFailed', { orderId: study.orderId, error: describeError(error) })
      yield put(recordingStartInitiated({ orderId: study.orderId, target }))
      yield put(recordingFailed({ problem: 'startFailed' }))
      return null
    }
    const heard = yield* record(study, tokens, target, report.writer, report.phrases, report.start)
    if (heard && !heard.refused) yield put(recordingFinished())
    return heard?.left ?? null
  }
  return yield* recordText(study, tokens, target)
}

/** A recording into the chat input or the addendum box, cleaned up when long enough (DC-3). */
function* recordText(
  study: PreparedStudy,
  tokens: TokenCache,
  target: TextTarget,
): SagaIterator<UnknownAction | null> {
  const prefix = yield* textOf(target, study.orderId)
  const writer = textWriter(target, study.orderId, prefix)
  const heard = yield* record(study, tokens, target, writer, commandPhrases('text'))
  if (!heard) return null
  if (heard.refused) return heard.left

  const wordCount = (yield select(selectDictationWordCount)) as number
  // Cleanup after a normal stop only: after a lost connection or on leaving, the raw text stays.
  if (heard.lost || heard.left || wordCount < CLEANUP_WORD_THRESHOLD) {
    yield put(recordingFinished())
    return heard.left
  }
  return (yield call(
    cleanUpDictation,
    study,
    prefix,
    writer.spoken(),
    target,
  )) as UnknownAction | null
}

/** The recording's session, from its start to its end; null when it could not be created. */
function* record(
  study: PreparedStudy,
  tokens: TokenCache,
  target: DictationTarget,
  writer: DictationWriter,
  commands: readonly string[],
  at?: DictationPoint,
): SagaIterator<Heard | null> {
  const { orderId } = study
  yield put(recordingStartInitiated({ orderId, target, ...(at ? { at } : {}) }))
  const phrases = [...study.phrases, ...commands]
  const session = (yield call(createSession, study, tokens, phrases)) as DictationSession | null
  if (!session) return null
  return yield* listen(study, session, tokens, target, writer)
}

/** A session for the study with a usable token; null (and the start failed) without one. */
function* createSession(
  study: PreparedStudy,
  tokens: TokenCache,
  phrases: readonly string[],
): SagaIterator<DictationSession | null> {
  const engine = (yield getContext('speech')) as DictationEngine
  const logger = (yield getContext('logger')) as Logger
  let grant: TokenGrant
  try {
    grant = (yield call(ensureToken, tokens)) as TokenGrant
  } catch (error) {
    logger.error('dictation/startFailed', { orderId: study.orderId, error: describeError(error) })
    yield put(recordingFailed({ problem: 'startFailed' }))
    return null
  }
  return engine.create({
    token: grant.answer.token,
    region: grant.answer.region,
    ...(grant.answer.host ? { host: grant.answer.host } : {}),
    phrases,
  })
}
