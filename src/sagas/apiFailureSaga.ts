/**
 * The spec has many failures that are "only logged" (speech init, phrases, send, order init,
 * cleanup): every failed API call is logged here, once, with its endpoint and error, so no
 * caller has to remember to.
 */
import { isRejected, type SerializedError } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import { getContext, takeEvery } from 'redux-saga/effects'
import { baseApi, isApiError } from '../services/api/baseApi'
import type { Logger } from '../services/log'

interface ApiFailureAction {
  type: string
  payload?: unknown
  error: SerializedError
  meta: { arg?: { endpointName?: string }; condition: boolean; aborted: boolean }
}

const API_ACTION_PREFIX = `${baseApi.reducerPath}/`

/** A request that ran and failed, not one skipped because the cache already had it. */
export function isApiFailure(action: unknown): action is ApiFailureAction {
  if (!isRejected(action) || !action.type.startsWith(API_ACTION_PREFIX)) return false
  return !action.meta.condition && !action.meta.aborted
}

/** The token call's 503 means "dictation is not configured": a setting, which the dictation saga reports. */
const SPEECH_NOT_CONFIGURED = { endpoint: 'speechToken', status: 503 } as const

/**
 * Routes beyond the product spec that another backend may not have: their 404 says so (RH-3), and
 * is logged as information, not as an error at every report write.
 */
const ROUTES_BEYOND_THE_SPEC: ReadonlySet<string> = new Set([
  'listReportRevisions',
  'listTemplates',
  'listMacros',
  'nextStudy',
  'claimOrder',
  'releaseClaim',
  'whoAmI',
  // Asked on every study opened (PEER-29): a backend without them is not failing.
  'askPeerReview',
  'listCommunications',
])

export function* logApiFailure(action: ApiFailureAction): SagaIterator {
  const logger = (yield getContext('logger')) as Logger
  const endpoint = action.meta.arg?.endpointName ?? 'unknown'
  const error: unknown = action.payload ?? action.error
  if (
    endpoint === SPEECH_NOT_CONFIGURED.endpoint &&
    isApiError(error) &&
    error.status === SPEECH_NOT_CONFIGURED.status
  ) {
    return
  }
  if (ROUTES_BEYOND_THE_SPEC.has(endpoint) && isApiError(error) && error.status === 404) {
    logger.info('api/routeAbsent', { endpoint })
    return
  }
  logger.error('api/requestFailed', {
    endpoint,
    status: isApiError(error) ? error.status : undefined,
    message: isApiError(error) ? error.message : action.error.message,
  })
}

export function* watchApiFailures(): SagaIterator {
  yield takeEvery(isApiFailure, logApiFailure)
}
