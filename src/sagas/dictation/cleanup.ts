/**
 * The cleanup of a long dictation (DC-3) and its undo. After a normal stop with enough words,
 * the server rewrites the raw text for the study's modality and body part; the cleaned text
 * replaces the dictated part of the chat input, and the dictation slice keeps what 'Undo cleanup'
 * needs to put the raw text back. A failed or empty answer keeps the raw text; leaving the study
 * meanwhile abandons the cleanup and keeps the raw text too.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import { call, getContext, put, race, select, take } from 'redux-saga/effects'
import type { Id } from '../../../contract'
import { dictationComposed } from '../../features/conversation'
import {
  cleanupFailed,
  cleanupStarted,
  cleanupSucceeded,
  cleanupUndone,
  composeDraft,
  selectDictation,
  type DictationState,
} from '../../features/dictation'
import { speechApi } from '../../services/api/speechApi'
import type { Logger } from '../../services/log'
import { callEndpoint } from '../effects/endpoint'
import { describeError } from './describeError'
import { leavesStudy } from './interruptions'
import type { PreparedStudy } from './studyPreparation'
import { composedInto, type TextTarget } from './target'

/** The cleaned text, or null when the call failed or answered nothing usable. */
function* requestCleanup(study: PreparedStudy, text: string): SagaIterator<string | null> {
  const logger = (yield getContext('logger')) as Logger
  try {
    const answer = yield* callEndpoint(
      speechApi.endpoints.speechCleanup.initiate({
        text,
        modality: study.modality,
        body_part: study.bodyPart,
      }),
    )
    // An empty answer would erase the dictation: it counts as a failure.
    if (answer.cleaned.trim() === '') throw new Error('the cleanup answer is empty')
    return answer.cleaned.trim()
  } catch (error) {
    logger.error('dictation/cleanupFailed', {
      orderId: study.orderId,
      error: describeError(error),
    })
    return null
  }
}

/**
 * Cleans up `raw`, dictated after `prefix`. Returns the action that interrupted it (another
 * study, logout), for the coordinator to handle next.
 */
export function* cleanUpDictation(
  study: PreparedStudy,
  prefix: string,
  raw: string,
  target: TextTarget = 'chat',
): SagaIterator<UnknownAction | null> {
  const { orderId } = study
  yield put(cleanupStarted())
  const outcome = (yield race({
    cleaned: call(requestCleanup, study, raw),
    interrupted: take(leavesStudy(orderId)),
  })) as { cleaned?: string | null; interrupted?: UnknownAction }
  if (outcome.interrupted) {
    yield put(cleanupFailed())
    return outcome.interrupted
  }
  if (!outcome.cleaned) {
    yield put(cleanupFailed())
    return null
  }
  const { cleaned } = outcome
  yield put(composedInto(target, orderId, composeDraft(prefix, cleaned)))
  yield put(cleanupSucceeded({ orderId, prefix, raw, cleaned }))
  return null
}

/** 'Undo cleanup': the raw dictation goes back into the chat input, after the typed text. */
export function* undoCleanup(orderId: Id): SagaIterator {
  const { undo } = (yield select(selectDictation)) as DictationState
  if (undo?.orderId !== orderId) return
  yield put(dictationComposed({ orderId, text: composeDraft(undo.prefix, undo.raw) }))
  yield put(cleanupUndone({ orderId }))
}
