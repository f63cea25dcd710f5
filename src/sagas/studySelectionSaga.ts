/**
 * WS-12 and WS-13: what choosing a patient or a study sets off.
 *
 * - A chosen patient opens their study: the first of theirs in worklist order, preferring one
 *   already in progress; a patient with none opens nothing and the finder says so. From a
 *   backend that pages, a patient none of whose studies is loaded yet is searched for on the
 *   server by name (`q=`) first (WL-2).
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
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import { sessionEnded } from '../features/auth'
import {
  patientHadNoStudies,
  patientSelected,
  selectIsInitialized,
  selectPatientsById,
  selectStudyForPatient,
  selectWorklistMode,
  studyInitialized,
  studySelected,
  workspaceCleared,
} from '../features/orders'
import type { RootState } from '../app/storeTypes'
import { conversationApi } from '../services/api/conversationApi'
import { LIMITS, type Id } from '../../contract'
import { ordersApi } from '../services/api/ordersApi'
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

function* studyForPatient(patientId: Id): SagaIterator<{ id: Id } | undefined> {
  return (yield select((state: RootState) => selectStudyForPatient(state, patientId))) as
    { id: Id } | undefined
}

/** Asks a paging backend for the patient's studies by name; they join the known studies. */
function* searchStudiesOf(patientId: Id): SagaIterator {
  const patients = (yield select(selectPatientsById)) as ReturnType<typeof selectPatientsById>
  const patient = patients.get(patientId)
  const q = patient ? `${patient.first_name} ${patient.last_name}`.trim() : ''
  if (q === '' || q.length > LIMITS.termChars) return
  try {
    yield* callEndpoint(ordersApi.endpoints.listOrderPage.initiate({ q }, { subscribe: false }))
  } catch {
    // Logged by the API failure saga; the finder says the patient has no study to open.
  }
}

export function* openPatientStudy(action: ReturnType<typeof patientSelected>): SagaIterator {
  const { patientId } = action.payload
  let study = yield* studyForPatient(patientId)
  if (!study && ((yield select(selectWorklistMode)) as string) === 'paged') {
    yield call(searchStudiesOf, patientId)
    study = yield* studyForPatient(patientId)
  }
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
