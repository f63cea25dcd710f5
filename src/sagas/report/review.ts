/**
 * RV-14: a trainee's 'Send for review', queued with the study's saves (commands.ts) so it follows
 * the save of everything typed before it: the draft is saved, then POST
 * /orders/{id}/report/preliminary sends the saved report. Once the server has it the draft is
 * done with (the report slice drops it, the editor shows the report as sent); a refusal shows the
 * server's words (409 `awaiting_review`, 403 when the role changed) and keeps the draft.
 */
import type { SagaIterator } from 'redux-saga'
import { call, put } from 'redux-saga/effects'
import { reviewSendFailed } from '../../features/report'
import type { Id } from '../../../contract'
import { teachingApi } from '../../services/api/teachingApi'
import { callEndpoint } from '../effects/endpoint'
import { readOrderQuietly, refusalOf, toFailure } from './requests'

const NOT_SAVED = 'Your changes could not be saved first.'

export function* sendForReview(
  orderId: Id,
  saveDraft: (orderId: Id) => SagaIterator<string>,
): SagaIterator {
  const saved = (yield call(saveDraft, orderId)) as string
  if (saved === 'failed' || saved === 'blocked' || saved === 'report_changed') {
    yield put(reviewSendFailed({ orderId, message: NOT_SAVED }))
    return
  }
  try {
    yield* callEndpoint(teachingApi.endpoints.sendForReview.initiate({ orderId }, { track: false }))
  } catch (error) {
    const message = refusalOf(error)?.message || toFailure(error).message
    yield put(reviewSendFailed({ orderId, message }))
    // The report as it stands now (returned, signed, or someone else's) is shown with the words.
    yield* readOrderQuietly(orderId)
  }
}
