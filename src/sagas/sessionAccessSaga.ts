/**
 * RL-15: who the session's user is to the backend (GET /me), read when a session starts and kept
 * for the session (the API cache drops it when the session ends, sessionSaga.ts). An admin may
 * change the user's roles meanwhile: a call the server refuses with 403 reads it again, so the
 * screen follows (a trainee's 'Send for review' where 'Finalize' was).
 */
import type { SagaIterator } from 'redux-saga'
import { takeEvery, takeLatest } from 'redux-saga/effects'
import { sessionStarted } from '../shared/events'
import { isApiError } from '../services/api/baseApi'
import { teachingApi } from '../services/api/teachingApi'
import { isApiFailure } from './apiFailureSaga'
import { callEndpoint, runThunk } from './effects/endpoint'

/** A call other than /me itself refused for the user's roles. */
function isForbidden(action: unknown): boolean {
  return (
    isApiFailure(action) &&
    action.meta.arg?.endpointName !== 'whoAmI' &&
    isApiError(action.payload) &&
    action.payload.status === 403
  )
}

/** Subscribed for the session: the answer stays while the workspace shows. */
function* readAccess(): SagaIterator {
  // Its failure is the answer too (a backend without /me), logged by the API failure saga.
  void (yield* runThunk(teachingApi.endpoints.whoAmI.initiate()))
}

function* readAccessAgain(): SagaIterator {
  try {
    yield* callEndpoint(
      teachingApi.endpoints.whoAmI.initiate(undefined, { subscribe: false, forceRefetch: true }),
    )
  } catch {
    // Logged by the API failure saga; the roles last read stay.
  }
}

export function* watchSessionAccess(): SagaIterator {
  yield takeEvery(sessionStarted.type, readAccess)
  yield takeLatest(isForbidden, readAccessAgain)
}
