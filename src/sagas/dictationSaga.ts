/**
 * Dictation (DC-1..8, CH-4): the saga that owns the recognizer and drives the dictation slice.
 *
 * One coordinator loop, so at most one thing happens at a time:
 * - a study opens: initialize dictation for it (a non-blank speech token, the phrase hints of
 *   its modality and body part, then the engine's code), or report it unavailable. The SDK chunk
 *   is fetched only once a usable token arrived, and a server that answered 'not configured'
 *   (503) is not asked again until the session ends: the default install never downloads the
 *   SDK and does not log a failure per study;
 * - 'Start dictation': one recording (`recordOnce`), from microphone to cleanup;
 * - 'Undo cleanup': the raw dictation goes back into the chat input.
 * A recording ends when the clinician stops it, when the service gives up (DC-7), when another
 * study opens or the session ends; in every case the session is stopped and then closed,
 * exactly once, and the text dictated so far stays in the input.
 *
 * The recognizer's events, and the settling of its start and stop, arrive through one
 * `eventChannel`, in the order they happened: the last phrases the service sends while
 * stopping are handled before the stop's confirmation, so no words are lost.
 * Tokens stay in this saga (never in the store); failed calls are logged by the API failure
 * saga, and this saga adds what they meant for dictation.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import { buffers, eventChannel, type EventChannel, type SagaIterator, type Task } from 'redux-saga'
import {
  all,
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
import { CLEANUP_WORD_THRESHOLD } from '../shared/constants'
import type { RootState } from '../app/store'
import { logoutRequested, sessionEnded } from '../features/auth'
import { dictationComposed, selectDraft } from '../features/conversation'
import {
  cleanupFailed,
  cleanupStarted,
  cleanupSucceeded,
  cleanupUndoRequested,
  cleanupUndone,
  composeDraft,
  connectionLost,
  hypothesisChanged,
  initializationFailed,
  initializationStarted,
  initializationSucceeded,
  joinDictation,
  phraseRecognized,
  recordingFailed,
  recordingFinished,
  recordingStartInitiated,
  recordingStarted,
  recordingStopInitiated,
  selectDictation,
  startRequested,
  stopRequested,
  type DictationProblem,
  type DictationState,
  type UnavailableReason,
} from '../features/dictation'
import { studySelected } from '../features/orders'
import { isApiError } from '../services/api/baseApi'
import type { CleanupAnswer, Id, Order, PhrasesAnswer, SpeechTokenAnswer } from '../../contract'
import { ordersApi } from '../services/api/ordersApi'
import { speechApi } from '../services/api/speechApi'
import type { Logger } from '../services/log'
import {
  startFailureOf,
  type DictationEngine,
  type DictationEvent,
  type DictationSession,
  type StartFailure,
  type StopOutcome,
} from '../services/speech/types'

/** Azure's tokens live 10 minutes; a recording renews its token before that (DC-6). */
export const TOKEN_REFRESH_MS = 9 * 60_000
/** After a failed renewal, the next attempt; the old token is still valid for a while. */
export const TOKEN_RETRY_MS = 30_000
/** How long a stop waits for the service to confirm the end of the turn. */
export const STOP_TIMEOUT_MS = 5_000
/** Beyond the engine's own stop timeout: an engine that never settles cannot block the app. */
const STOP_GRACE_MS = 1_000

/** HTTP status of the token call when the server has no speech configuration. */
const SPEECH_UNAVAILABLE_STATUS = 503

/** The token call failed: told apart from a failure to load the study or the engine. */
class TokenRefused extends Error {
  constructor(readonly failure: unknown) {
    super('the speech token call failed')
    this.name = 'TokenRefused'
  }
}

/** The server has no speech service (the default install); not a fault of the app. */
function isNotConfigured(error: unknown): boolean {
  return (
    error instanceof TokenRefused &&
    isApiError(error.failure) &&
    error.failure.status === SPEECH_UNAVAILABLE_STATUS
  )
}

interface TokenGrant {
  answer: SpeechTokenAnswer
  issuedAt: number
}

/** The current token, shared by the recordings of a session and renewed when stale. */
interface TokenCache {
  grant: TokenGrant | null
}

/** A study dictation is ready for. */
interface PreparedStudy {
  orderId: Id
  modality: string
  bodyPart: string
  phrases: string[]
}

type SessionSignal =
  | DictationEvent
  | { type: 'startSettled'; failure: StartFailure | null; detail: string }
  | { type: 'stopSettled'; outcome: StopOutcome }

interface SessionDriver {
  channel: EventChannel<SessionSignal>
  start(): void
  stop(timeoutMs: number): void
}

/** The API's requests as `put` returns them: a promise with unwrap and cleanup. */
interface MutationRequest<T> {
  unwrap(): Promise<T>
  reset(): void
}
interface QueryRequest<T> {
  unwrap(): Promise<T>
  unsubscribe(): void
}

function describe(error: unknown): unknown {
  if (isApiError(error)) return { status: error.status, message: error.message }
  if (error instanceof Error) return { name: error.name, message: error.message }
  return String(error)
}

/**
 * The session as one ordered stream. `start` and `stop` report their outcome into the same
 * channel as the recognizer's events; closing the channel unsubscribes from the session.
 */
function driveSession(session: DictationSession): SessionDriver {
  let emit: (signal: SessionSignal) => void = () => undefined
  const channel = eventChannel<SessionSignal>((emitter) => {
    emit = emitter
    return session.subscribe(emitter)
  }, buffers.expanding<SessionSignal>(64))
  return {
    channel,
    start() {
      session.start().then(
        () => {
          emit({ type: 'startSettled', failure: null, detail: '' })
        },
        (error: unknown) => {
          emit({ type: 'startSettled', failure: startFailureOf(error), detail: String(error) })
        },
      )
    },
    stop(timeoutMs) {
      session.stop(timeoutMs).then(
        (outcome) => {
          emit({ type: 'stopSettled', outcome })
        },
        () => {
          emit({ type: 'stopSettled', outcome: 'failed' })
        },
      )
    },
  }
}

function* fetchToken(tokens: TokenCache): SagaIterator<TokenGrant> {
  const request = (yield put(
    speechApi.endpoints.speechToken.initiate() as unknown as UnknownAction,
  )) as MutationRequest<SpeechTokenAnswer>
  try {
    const answer = (yield call(() => request.unwrap())) as SpeechTokenAnswer
    const grant: TokenGrant = { answer, issuedAt: Date.now() }
    tokens.grant = grant
    return grant
  } finally {
    // A mutation started outside a component keeps its result in the store until reset.
    request.reset()
  }
}

function* ensureToken(tokens: TokenCache): SagaIterator<TokenGrant> {
  const { grant } = tokens
  if (grant && Date.now() - grant.issuedAt < TOKEN_REFRESH_MS) return grant
  return (yield call(fetchToken, tokens)) as TokenGrant
}

/** The study's modality and body part, from the worklist the sidebar loaded or the server. */
function* studyOf(orderId: Id): SagaIterator<Order> {
  const state = (yield select()) as RootState
  const listed = ordersApi.endpoints.listOrders
    .select()(state)
    .data?.find((order) => order.id === orderId)
  if (listed) return listed
  const cached = ordersApi.endpoints.getOrder.select(orderId)(state).data
  if (cached) return cached
  const request = (yield put(
    ordersApi.endpoints.getOrder.initiate(orderId) as unknown as UnknownAction,
  )) as QueryRequest<Order>
  try {
    return (yield call(() => request.unwrap())) as Order
  } finally {
    request.unsubscribe()
  }
}

/** Hints only: without them dictation still works, so a failure is logged and passed over. */
function* phrasesFor(order: Order, logger: Logger): SagaIterator<string[]> {
  const request = (yield put(
    speechApi.endpoints.speechPhrases.initiate({
      modality: order.modality,
      body_part: order.body_part,
    }) as unknown as UnknownAction,
  )) as QueryRequest<PhrasesAnswer>
  try {
    const answer = (yield call(() => request.unwrap())) as PhrasesAnswer
    return answer.phrases
  } catch (error) {
    logger.warn('dictation/phrasesUnavailable', { orderId: order.id, error: describe(error) })
    return []
  } finally {
    request.unsubscribe()
  }
}

function* prepareStudy(orderId: Id, tokens: TokenCache): SagaIterator<PreparedStudy> {
  const engine = (yield getContext('speech')) as DictationEngine
  const logger = (yield getContext('logger')) as Logger
  const [, phrased] = (yield all([
    // The SDK chunk (~75 KB gzip) only after a usable token: without one it would be of no use.
    call(function* tokenThenEngine(): SagaIterator {
      try {
        yield call(ensureToken, tokens)
      } catch (error) {
        throw new TokenRefused(error)
      }
      yield call(() => engine.load())
    }),
    call(function* studyWithPhrases(): SagaIterator<{ order: Order; phrases: string[] }> {
      const order = (yield call(studyOf, orderId)) as Order
      const phrases = (yield call(phrasesFor, order, logger)) as string[]
      return { order, phrases }
    }),
  ])) as [undefined, { order: Order; phrases: string[] }]
  return {
    orderId,
    modality: phrased.order.modality,
    bodyPart: phrased.order.body_part,
    phrases: phrased.phrases,
  }
}

/** DC-5 and the unavailable state: the study is ready, or why dictation cannot work in it. */
function* initialize(
  orderId: Id,
  tokens: TokenCache,
): SagaIterator<PreparedStudy | UnavailableReason> {
  const logger = (yield getContext('logger')) as Logger
  try {
    return (yield call(prepareStudy, orderId, tokens)) as PreparedStudy
  } catch (error) {
    tokens.grant = null
    const cause = error instanceof TokenRefused ? error.failure : error
    if (isNotConfigured(error)) {
      // How the server is installed, not a fault: said once, the coordinator does not ask again.
      logger.info('dictation/notConfigured', { orderId, error: describe(cause) })
      return 'notConfigured'
    }
    logger.error('dictation/initializationFailed', {
      orderId,
      reason: 'initializationFailed',
      error: describe(cause),
    })
    return 'initializationFailed'
  }
}

/** Renews the recording's token before it expires (DC-6: no 60 s keep-alive exists). */
function* renewTokenWhileRecording(
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
      logger.warn('dictation/tokenRenewalFailed', { error: describe(error) })
      yield delay(TOKEN_RETRY_MS)
    }
  }
}

function* requestCleanup(study: PreparedStudy, text: string): SagaIterator<string | null> {
  const logger = (yield getContext('logger')) as Logger
  const request = (yield put(
    speechApi.endpoints.speechCleanup.initiate({
      text,
      modality: study.modality,
      body_part: study.bodyPart,
    }) as unknown as UnknownAction,
  )) as MutationRequest<CleanupAnswer>
  try {
    const answer = (yield call(() => request.unwrap())) as CleanupAnswer
    // An empty answer would erase the dictation: it counts as a failure.
    if (answer.cleaned.trim() === '') throw new Error('the cleanup answer is empty')
    return answer.cleaned.trim()
  } catch (error) {
    logger.error('dictation/cleanupFailed', { orderId: study.orderId, error: describe(error) })
    return null
  } finally {
    request.reset()
  }
}

/** The chat input shows what was typed before plus everything dictated so far (DC-8). */
function* composeIntoDraft(orderId: Id): SagaIterator {
  const dictation = (yield select(selectDictation)) as DictationState
  const dictated = joinDictation(dictation.committed, dictation.hypothesis)
  yield put(dictationComposed({ orderId, text: composeDraft(dictation.prefix, dictated) }))
}

const PROBLEM_OF_START: Readonly<Record<StartFailure, DictationProblem>> = {
  microphoneDenied: 'microphoneDenied',
  microphoneMissing: 'microphoneMissing',
  failed: 'startFailed',
}

/**
 * 'Log out' (the microphone stops at once, not a round trip later when the session has ended) or
 * the end of the session.
 */
function endsSession(action: unknown): boolean {
  return logoutRequested.match(action) || sessionEnded.match(action)
}

/** What ends a recording from outside: another study opens, or the session ends. */
function leavesStudy(orderId: Id) {
  return (action: unknown): boolean =>
    (studySelected.match(action) && action.payload.orderId !== orderId) || endsSession(action)
}

/**
 * One recording, from 'Start dictation' to the end of its cleanup. Returns the action that
 * ended it from outside (another study, logout), for the coordinator to handle next.
 */
function* recordOnce(study: PreparedStudy, tokens: TokenCache): SagaIterator<UnknownAction | null> {
  const { orderId } = study
  const engine = (yield getContext('speech')) as DictationEngine
  const logger = (yield getContext('logger')) as Logger
  const leaves = leavesStudy(orderId)
  const interruption = (action: unknown): boolean =>
    (stopRequested.match(action) && action.payload.orderId === orderId) || leaves(action)

  const draft = (yield select(selectDraft, orderId)) as { text: string }
  yield put(recordingStartInitiated({ orderId, prefix: draft.text }))

  let grant: TokenGrant
  try {
    grant = (yield call(ensureToken, tokens)) as TokenGrant
  } catch (error) {
    logger.error('dictation/startFailed', { orderId, error: describe(error) })
    yield put(recordingFailed({ problem: 'startFailed' }))
    return null
  }

  const session = engine.create({
    token: grant.answer.token,
    region: grant.answer.region,
    ...(grant.answer.host ? { host: grant.answer.host } : {}),
    phrases: study.phrases,
  })
  const driver = driveSession(session)
  let phase = 'starting' as 'starting' | 'recording' | 'stopping'
  let stopDeadline = 0
  let renewal: Task | null = null
  let left: UnknownAction | null = null
  let lost = false

  function* beginStopping(): SagaIterator<'stopping'> {
    if (renewal) yield cancel(renewal)
    renewal = null
    yield put(recordingStopInitiated())
    stopDeadline = Date.now() + STOP_TIMEOUT_MS + STOP_GRACE_MS
    driver.stop(STOP_TIMEOUT_MS)
    return 'stopping'
  }

  try {
    driver.start()
    for (;;) {
      const raced = (yield race({
        signal: take(driver.channel),
        action: take(interruption),
        ...(phase === 'stopping' ? { late: delay(Math.max(0, stopDeadline - Date.now())) } : {}),
      })) as { signal?: SessionSignal; action?: UnknownAction; late?: true }

      if (raced.late) {
        logger.warn('dictation/stopUnconfirmed', { orderId })
        break
      }
      if (raced.action) {
        if (leaves(raced.action)) left ??= raced.action
        if (phase !== 'stopping') phase = yield* beginStopping()
        continue
      }
      const signal = raced.signal
      if (!signal) continue
      // After logout nothing may be written for the previous user.
      const composing = !(left && endsSession(left))
      switch (signal.type) {
        case 'recognizing':
          if (!composing) break
          yield put(hypothesisChanged({ text: signal.text }))
          yield call(composeIntoDraft, orderId)
          break
        case 'recognized':
          if (!composing) break
          yield put(phraseRecognized({ text: signal.text }))
          yield call(composeIntoDraft, orderId)
          break
        case 'canceled':
          if (signal.reason === 'error' && !lost) {
            lost = true
            logger.error('dictation/connectionLost', { orderId, message: signal.message })
            yield put(connectionLost())
          }
          if (phase !== 'stopping') phase = yield* beginStopping()
          break
        case 'sessionStopped':
          // The service ended the session on its own.
          if (phase === 'recording') phase = yield* beginStopping()
          break
        case 'startSettled':
          if (phase !== 'starting') break
          if (signal.failure) {
            if (signal.failure === 'failed') {
              logger.error('dictation/startFailed', { orderId, error: signal.detail })
            } else {
              logger.warn(`dictation/${signal.failure}`, { orderId, error: signal.detail })
            }
            yield put(recordingFailed({ problem: PROBLEM_OF_START[signal.failure] }))
            return left
          }
          phase = 'recording'
          yield put(recordingStarted())
          renewal = (yield fork(renewTokenWhileRecording, session, tokens, logger)) as Task
          break
        case 'stopSettled':
          if (signal.outcome !== 'stopped') {
            logger.warn('dictation/stopUnconfirmed', { orderId, outcome: signal.outcome })
          }
          break
        case 'sessionStarted':
          break
      }
      if (signal.type === 'stopSettled') break
    }
  } finally {
    if (renewal) yield cancel(renewal)
    if ((yield cancelled()) as boolean) logger.warn('dictation/recordingCancelled', { orderId })
    // Always, whatever ended the recording: the engine stops first if it has not.
    try {
      yield call(() => session.close())
    } catch (error) {
      logger.error('dictation/closeFailed', { orderId, error: describe(error) })
    }
    driver.channel.close()
  }

  const dictation = (yield select(selectDictation)) as DictationState
  const raw = joinDictation(dictation.committed, dictation.hypothesis)
  // DC-3 for a normal stop only: after a lost connection or on leaving, the raw text stays.
  if (lost || left || dictation.wordCount < CLEANUP_WORD_THRESHOLD) {
    yield put(recordingFinished())
    return left
  }
  yield put(cleanupStarted())
  const outcome = (yield race({
    cleaned: call(requestCleanup, study, raw),
    interrupted: take(leaves),
  })) as { cleaned?: string | null; interrupted?: UnknownAction }
  if (outcome.interrupted) {
    yield put(cleanupFailed())
    return outcome.interrupted
  }
  if (!outcome.cleaned) {
    yield put(cleanupFailed())
    return null
  }
  yield put(dictationComposed({ orderId, text: composeDraft(dictation.prefix, outcome.cleaned) }))
  yield put(cleanupSucceeded({ orderId, prefix: dictation.prefix, raw, cleaned: outcome.cleaned }))
  return null
}

function* undoCleanup(orderId: Id): SagaIterator {
  const { undo } = (yield select(selectDictation)) as DictationState
  if (undo?.orderId !== orderId) return
  yield put(dictationComposed({ orderId, text: composeDraft(undo.prefix, undo.raw) }))
  yield put(cleanupUndone({ orderId }))
}

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
        prepared: call(initialize, orderId, tokens),
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
      if (study && ready) next = (yield call(recordOnce, study, tokens)) as UnknownAction | null
    } else if (cleanupUndoRequested.match(action)) {
      yield call(undoCleanup, action.payload.orderId)
    }
  }
}
