/**
 * One recording, from 'Start dictation' to the end of its cleanup.
 *
 * The target's text (the chat input, or a signed report's addendum box) is read once, when the
 * recording starts: dictation is appended to it.
 * The session then runs (listening.ts) until it is stopped: by the clinician, by the service
 * giving up, by another study opening or the session ending. After a normal stop, a dictation of
 * at least CLEANUP_WORD_THRESHOLD words is cleaned up (cleanup.ts); a shorter one, and any after
 * a lost connection or on leaving the study, stays in the input as dictated.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import { call, getContext, put, select } from 'redux-saga/effects'
import {
  recordingFailed,
  recordingFinished,
  recordingStartInitiated,
  selectDictationWordCount,
  type DictationTarget,
} from '../../features/dictation'
import type { Logger } from '../../services/log'
import type { DictationEngine, DictationSession } from '../../services/speech/types'
import { CLEANUP_WORD_THRESHOLD } from '../../shared/constants'
import { cleanUpDictation } from './cleanup'
import { describeError } from './describeError'
import { listen } from './listening'
import { spokenText } from './recognizer'
import { ensureToken, type TokenCache, type TokenGrant } from './speechToken'
import type { PreparedStudy } from './studyPreparation'
import { textOf } from './target'

/**
 * One recording, from 'Start dictation' to the end of its cleanup. Returns the action that
 * ended it from outside (another study, logout), for the coordinator to handle next.
 */
export function* recordOnce(
  study: PreparedStudy,
  tokens: TokenCache,
  target: DictationTarget = 'chat',
): SagaIterator<UnknownAction | null> {
  const { orderId } = study
  const prefix = yield* textOf(target, orderId)
  yield put(recordingStartInitiated({ orderId, target }))
  const session = (yield call(createSession, study, tokens)) as DictationSession | null
  if (!session) return null

  const heard = yield* listen(study, session, prefix, tokens, target)
  if (heard.refused) return heard.left

  const wordCount = (yield select(selectDictationWordCount)) as number
  // Cleanup after a normal stop only: after a lost connection or on leaving, the raw text stays.
  if (heard.lost || heard.left || wordCount < CLEANUP_WORD_THRESHOLD) {
    yield put(recordingFinished())
    return heard.left
  }
  const raw = spokenText(heard.transcript)
  return (yield call(cleanUpDictation, study, prefix, raw, target)) as UnknownAction | null
}

/** A session for the study with a usable token; null (and the start failed) without one. */
function* createSession(
  study: PreparedStudy,
  tokens: TokenCache,
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
    phrases: study.phrases,
  })
}
