/**
 * The speech token, the one credential the recognizer needs. It is asked of the server and kept
 * here, in the saga, never in the store, so it cannot reach the action log. One cache serves the
 * recordings of a signed-in session: a token young enough is reused, an older one replaced, and
 * while a recording runs its token is renewed before it expires (the service has no keep-alive).
 */
import type { SagaIterator } from 'redux-saga'
import { call, delay } from 'redux-saga/effects'
import type { SpeechTokenAnswer } from '../../../contract'
import { isApiError } from '../../services/api/baseApi'
import { speechApi } from '../../services/api/speechApi'
import type { Logger } from '../../services/log'
import type { DictationSession } from '../../services/speech/types'
import { callEndpoint } from '../effects/endpoint'
import { describeError } from './describeError'

/** Azure's tokens live 10 minutes; a recording renews its token before that (DC-6). */
export const TOKEN_REFRESH_MS = 9 * 60_000
/** After a failed renewal, the next attempt; the old token is still valid for a while. */
export const TOKEN_RETRY_MS = 30_000

/** HTTP status of the token call when the server has no speech configuration. */
const SPEECH_UNAVAILABLE_STATUS = 503

export interface TokenGrant {
  answer: SpeechTokenAnswer
  issuedAt: number
}

/** The current token, shared by the recordings of a session and renewed when stale. */
export interface TokenCache {
  grant: TokenGrant | null
}

/** The token call failed: told apart from a failure to load the study or the engine. */
export class TokenRefused extends Error {
  constructor(readonly failure: unknown) {
    super('the speech token call failed')
    this.name = 'TokenRefused'
  }
}

/** The server has no speech service (the default install); not a fault of the app. */
export function isNotConfigured(error: unknown): boolean {
  return (
    error instanceof TokenRefused &&
    isApiError(error.failure) &&
    error.failure.status === SPEECH_UNAVAILABLE_STATUS
  )
}

function* fetchToken(tokens: TokenCache): SagaIterator<TokenGrant> {
  const answer = yield* callEndpoint(speechApi.endpoints.speechToken.initiate())
  const grant: TokenGrant = { answer, issuedAt: Date.now() }
  tokens.grant = grant
  return grant
}

/** The cached token while it is young enough, else a new one. */
export function* ensureToken(tokens: TokenCache): SagaIterator<TokenGrant> {
  const { grant } = tokens
  if (grant && Date.now() - grant.issuedAt < TOKEN_REFRESH_MS) return grant
  return (yield call(fetchToken, tokens)) as TokenGrant
}

/** Renews the recording's token before it expires, until cancelled (DC-6). */
export function* renewTokenWhileRecording(
  session: DictationSession,
  tokens: TokenCache,
  logger: Logger,
): SagaIterator {
  for (;;) {
    const issuedAt = tokens.grant?.issuedAt ?? Date.now()
    yield delay(Math.max(0, issuedAt + TOKEN_REFRESH_MS - Date.now()))
    try {
      const grant = (yield call(fetchToken, tokens)) as TokenGrant
      session.updateToken(grant.answer.token)
      logger.debug('dictation/tokenRenewed')
    } catch (error) {
      logger.warn('dictation/tokenRenewalFailed', { error: describeError(error) })
      yield delay(TOKEN_RETRY_MS)
    }
  }
}
