/**
 * WS-12 and WS-13: what choosing a patient or a study sets off.
 *
 * - A chosen patient opens their study: the first of theirs in worklist order, preferring one
 *   already in progress; a patient with none opens nothing and the finder says so.
 * - A chosen study is initialized (the server writes the patient summary into a new
 *   conversation). When the answer has content, `initializeOrder` invalidates the study's
 *   messages, so the open chat refetches them; an empty answer refetches nothing.
 *
 * Initialize runs once per study per session: the server's call is idempotent, but calling it
 * on every click would cost a request and, with an LLM assistant, tokens. A failed initialize
 * is not remembered, so selecting the study again tries again; clearing a conversation makes
 * the study need it again (ordersSlice). Failures are only logged, by the API
 * failure saga. `takeLatest`: after rapid clicks only the last study's outcome matters.
 */
import type { SagaIterator } from 'redux-saga'
import { put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import { sessionEnded } from '../features/auth'
import {
  patientHadNoStudies,
  patientSelected,
  selectIsInitialized,
  selectStudyForPatient,
  studyInitialized,
  studySelected,
  workspaceCleared,
} from '../features/orders'
import type { RootState } from '../app/store'
import { conversationApi } from '../services/api/conversationApi'
import type { Id } from '../../contract'
import { callEndpoint } from './effects/endpoint'

export function* initializeSelectedStudy(action: ReturnType<typeof studySelected>): SagaIterator {
  const { orderId } = action.payload
  const done = (yield select((state: RootState) => selectIsInitialized(state, orderId))) as boolean
  if (done) return
  try {
    const answer = yield* callEndpoint(conversationApi.endpoints.initializeOrder.initiate(orderId))
    yield put(studyInitialized({ orderId, hasContent: Boolean(answer.content) }))
  } catch {
    // Logged by the API failure saga; the chat simply shows what the server has.
  }
}

export function* openPatientStudy(action: ReturnType<typeof patientSelected>): SagaIterator {
  const { patientId } = action.payload
  const study = (yield select((state: RootState) => selectStudyForPatient(state, patientId))) as
    { id: Id } | undefined
  yield put(study ? studySelected({ orderId: study.id }) : patientHadNoStudies({ patientId }))
}

/** A selection belongs to its session: the next user starts with nothing open. */
export function* closeStudyOnSessionEnd(): SagaIterator {
  yield put(workspaceCleared())
}

export function* watchStudySelection(): SagaIterator {
  yield takeLatest(patientSelected.type, openPatientStudy)
  yield takeLatest(studySelected.type, initializeSelectedStudy)
  yield takeEvery(sessionEnded.type, closeStudyOnSessionEnd)
}
