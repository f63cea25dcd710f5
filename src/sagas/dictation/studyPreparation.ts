/**
 * Preparing dictation for a study that opens (DC-5, DC-6): a usable speech token, the phrase
 * hints of the study's modality and body part, then the engine's code. The token and the hints
 * are asked for at the same time; the SDK chunk is fetched only once a usable token arrived,
 * since without one it would be of no use. The outcome is the prepared study, or why dictation
 * cannot work in it: 'notConfigured' when the server has no speech service (how it is installed,
 * logged as information), 'initializationFailed' for anything else (logged as an error).
 */
import type { SagaIterator } from 'redux-saga'
import { all, call, getContext, select } from 'redux-saga/effects'
import type { Id } from '../../../contract'
import type { ListedOrder } from '../../services/api/model'
import type { UnavailableReason } from '../../features/dictation'
import { selectOrderById } from '../../services/api/orderCache'
import { ordersApi } from '../../services/api/ordersApi'
import { speechApi } from '../../services/api/speechApi'
import type { Logger } from '../../services/log'
import type { DictationEngine } from '../../services/speech/types'
import { callEndpoint } from '../effects/endpoint'
import { describeError } from './describeError'
import { ensureToken, isNotConfigured, TokenRefused, type TokenCache } from './speechToken'

/** A study dictation is ready for. */
export interface PreparedStudy {
  orderId: Id
  modality: string
  bodyPart: string
  phrases: string[]
}

/** The study's modality and body part: from the order caches, else from the server. */
export function* studyOf(orderId: Id): SagaIterator<ListedOrder> {
  const cached = (yield select(selectOrderById, orderId)) as ListedOrder | undefined
  return cached ?? (yield* callEndpoint(ordersApi.endpoints.getOrder.initiate(orderId)))
}

/** Hints only: without them dictation still works, so a failure is logged and passed over. */
function* phrasesFor(order: ListedOrder, logger: Logger): SagaIterator<string[]> {
  try {
    const answer = yield* callEndpoint(
      speechApi.endpoints.speechPhrases.initiate({
        modality: order.modality,
        body_part: order.body_part,
      }),
    )
    return answer.phrases
  } catch (error) {
    logger.warn('dictation/phrasesUnavailable', { orderId: order.id, error: describeError(error) })
    return []
  }
}

function* loadStudy(orderId: Id, tokens: TokenCache): SagaIterator<PreparedStudy> {
  const engine = (yield getContext('speech')) as DictationEngine
  const logger = (yield getContext('logger')) as Logger
  const [, phrased] = (yield all([
    call(function* tokenThenEngine(): SagaIterator {
      try {
        yield call(ensureToken, tokens)
      } catch (error) {
        throw new TokenRefused(error)
      }
      yield call(() => engine.load())
    }),
    call(function* studyWithPhrases(): SagaIterator<{ order: ListedOrder; phrases: string[] }> {
      const order = (yield call(studyOf, orderId)) as ListedOrder
      const phrases = (yield call(phrasesFor, order, logger)) as string[]
      return { order, phrases }
    }),
  ])) as [undefined, { order: ListedOrder; phrases: string[] }]
  return {
    orderId,
    modality: phrased.order.modality,
    bodyPart: phrased.order.body_part,
    phrases: phrased.phrases,
  }
}

/** The study is ready, or why dictation cannot work in it (the unavailable state). */
export function* prepareStudy(
  orderId: Id,
  tokens: TokenCache,
): SagaIterator<PreparedStudy | UnavailableReason> {
  const logger = (yield getContext('logger')) as Logger
  try {
    return (yield call(loadStudy, orderId, tokens)) as PreparedStudy
  } catch (error) {
    tokens.grant = null
    const cause = error instanceof TokenRefused ? error.failure : error
    if (isNotConfigured(error)) {
      // How the server is installed, not a fault: said once, the coordinator does not ask again.
      logger.info('dictation/notConfigured', { orderId, error: describeError(cause) })
      return 'notConfigured'
    }
    logger.error('dictation/initializationFailed', {
      orderId,
      reason: 'initializationFailed',
      error: describeError(cause),
    })
    return 'initializationFailed'
  }
}
