/**
 * What saving and finalizing ask of the server, each through `callEndpoint` (which starts the
 * request, answers its data or throws its failure, and releases it). Reads of the order pass
 * through the report slice, which reconciles the study's draft with the report they carry.
 */
import type { SagaIterator } from 'redux-saga'
import { put, select } from 'redux-saga/effects'
import {
  confirmedFollowUps,
  parseReport,
  saveStarted,
  selectPreSignCheck,
  type PreSignCheck,
  type ReportDraft,
  type SaveFailure,
} from '../../features/report'
import { isApiError } from '../../services/api/baseApi'
import type { Id, QaOverride } from '../../../contract'
import { AWAITING_REVIEW } from '../../services/api/teachingApi'
import type { ListedOrder, Report } from '../../services/api/model'
import { selectOrderById } from '../../services/api/orderCache'
import { ordersApi } from '../../services/api/ordersApi'
import { reportOfContent } from '../../services/api/read/entities'
import { reportApi } from '../../services/api/reportApi'
import { callEndpoint } from '../effects/endpoint'

/** The server refuses a write to a report that is final (or, for finalizing, empty). */
export const CONFLICT = 409

export function toFailure(error: unknown): SaveFailure {
  // RV-20: a trainee's save while the report awaits review: the server's words are shown.
  const refusal = refusalOf(error)
  if (refusal?.error === AWAITING_REVIEW && isApiError(error)) {
    return { status: error.status, message: refusal.message || error.message, code: refusal.error }
  }
  if (isApiError(error)) return { status: error.status, message: error.message }
  return { status: 'FETCH_ERROR', message: error instanceof Error ? error.message : String(error) }
}

/** Reads the order again, past the cache; throws when the read fails. */
export function* readOrder(orderId: Id): SagaIterator {
  yield* callEndpoint(
    ordersApi.endpoints.getOrder.initiate(orderId, { subscribe: false, forceRefetch: true }),
  )
}

/** Reads the order again so the screen shows why a write was refused; a failed read changes nothing. */
export function* readOrderQuietly(orderId: Id): SagaIterator {
  try {
    yield* readOrder(orderId)
  } catch {
    // Already logged by the API failure saga; the message on screen stands on its own.
  }
}

/**
 * The report a write left on the server. Many backends answer a write without the report
 * (`{"success": true}`, 204): the order is then read again for it (the caches take it too). When
 * even that read fails, the write still happened, so the report is what the clinician wrote.
 */
function* writtenReport(orderId: Id, answer: Report | null, written: () => Report | null) {
  if (answer) return answer
  let report: Report | null = null
  try {
    const order = yield* callEndpoint(
      ordersApi.endpoints.getOrder.initiate(orderId, { subscribe: false, forceRefetch: true }),
    )
    report = order.report
  } catch {
    // Logged by the API failure saga; what was written stands for the report meanwhile.
  }
  const known = report ?? written()
  if (!known) throw new Error('The report could not be read back after it was written.')
  return known
}

/** Sends the draft, on condition that the server still holds the version it is based on. */
export function* sendReport(orderId: Id, draft: ReportDraft): SagaIterator<Report> {
  const sections = parseReport(draft.report, draft.impression)
  yield put(saveStarted({ orderId, sections }))
  const answer = yield* callEndpoint(
    reportApi.endpoints.saveReport.initiate(
      {
        orderId,
        sections,
        baseVersion: draft.base.updatedAt,
        ...(draft.cause ? { cause: draft.cause } : {}),
      },
      { track: false },
    ),
  )
  return yield* writtenReport(orderId, answer, () => reportOfContent(sections, false))
}

/**
 * The code and words of a 409 our server gives when it refuses to sign (QA-15, CR-3:
 * `unfilled_fields`, `critical_result_not_communicated`), or null for any other failure.
 */
export function refusalOf(error: unknown): { error: string; message: string } | null {
  if (!isApiError(error) || error.status !== CONFLICT) return null
  const body = error.conflict
  if (typeof body !== 'object' || body === null) return null
  const code = 'error' in body && typeof body.error === 'string' ? body.error : null
  const message = 'message' in body && typeof body.message === 'string' ? body.message : ''
  return code ? { error: code, message } : null
}

/** Signs the report, on condition that it is still the version the clinician saw. */
export function* sendFinalize(
  orderId: Id,
  seenVersion: string | null | undefined,
  qaOverride?: QaOverride,
): SagaIterator<Report> {
  const shown = (yield select(selectOrderById, orderId)) as ListedOrder | undefined
  // FU-26, FU-27: the follow-ups the signer confirmed in the dialog, when its check named any.
  const check = (yield select(selectPreSignCheck, orderId)) as PreSignCheck | undefined
  const followUps = confirmedFollowUps(check)
  const answer = yield* callEndpoint(
    reportApi.endpoints.finalizeReport.initiate(
      {
        orderId,
        seenVersion,
        ...(qaOverride ? { qaOverride } : {}),
        ...(followUps ? { followUps } : {}),
      },
      { track: false },
    ),
  )
  return yield* writtenReport(orderId, answer, () =>
    shown?.report ? reportOfContent(shown.report.sections, true) : null,
  )
}
