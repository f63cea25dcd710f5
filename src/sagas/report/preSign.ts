/**
 * The pre-sign check (QA-16, CR-14): when Finalize is pressed and the question opens, the text
 * about to be signed (the draft, saved or not, else the cached report) is checked by the server,
 * and, when it states a critical finding, the study's recorded communications are read. A check
 * that fails for any reason (a network failure, a spec backend without the route: 404) is reported
 * as not run, and the clinician may still sign.
 */
import type { SagaIterator } from 'redux-saga'
import { call, put, select, takeEvery } from 'redux-saga/effects'
import {
  finalizeRequested,
  parseReport,
  preSignCheckAnswered,
  preSignCheckFailed,
  preSignCheckStarted,
  selectFinalizeState,
  selectReportDraft,
  type FinalizeState,
  type ReportDraft,
} from '../../features/report'
import type { RootState } from '../../app/storeTypes'
import type { Id } from '../../../contract'
import { communicationsApi } from '../../services/api/communicationsApi'
import type { Communication, QaIssue, ReportSections } from '../../services/api/model'
import { selectOrderById } from '../../services/api/orderCache'
import { qaApi } from '../../services/api/qaApi'
import type { FollowUpProposal } from '../../services/api/read/followUps'
import { callEndpoint } from '../effects/endpoint'

/** The sections the clinician is about to sign; undefined: the backend checks what it holds. */
function selectSectionsToSign(state: RootState, orderId: Id): ReportSections | undefined {
  const draft: ReportDraft | undefined = selectReportDraft(state, orderId)
  if (draft) return parseReport(draft.report, draft.impression)
  return selectOrderById(state, orderId)?.report?.sections
}

/** The study's communications; none known when they cannot be read (the form then asks). */
function* knownCommunications(orderId: Id): SagaIterator<Communication[]> {
  try {
    return yield* callEndpoint(
      communicationsApi.endpoints.listCommunications.initiate(orderId, {
        subscribe: false,
        forceRefetch: true,
      }),
    )
  } catch {
    return []
  }
}

export function* checkBeforeSigning(orderId: Id): SagaIterator {
  const finalize = (yield select(selectFinalizeState, orderId)) as FinalizeState
  // Only a question the slice opened is checked.
  if (finalize.status !== 'confirming') return
  yield put(preSignCheckStarted({ orderId }))
  const sections = (yield select(selectSectionsToSign, orderId)) as ReportSections | undefined
  let issues: QaIssue[]
  let followUps: FollowUpProposal[] | undefined
  try {
    const answer = yield* callEndpoint(
      qaApi.endpoints.checkReport.initiate(
        { orderId, ...(sections ? { sections } : {}) },
        { track: false },
      ),
    )
    issues = answer.issues
    followUps = answer.follow_ups
  } catch {
    // Logged with every API failure; the dialog says the check could not run.
    yield put(preSignCheckFailed({ orderId }))
    return
  }
  const critical = issues.some((issue) => issue.code === 'critical')
  const communications = critical ? yield* knownCommunications(orderId) : []
  // FU-25: the recommendations found arrive with the issues (absent: the backend did not say).
  yield put(
    preSignCheckAnswered({ orderId, issues, communications, ...(followUps ? { followUps } : {}) }),
  )
}

export function* watchPreSignChecks(): SagaIterator {
  yield takeEvery(finalizeRequested.type, function* (action: ReturnType<typeof finalizeRequested>) {
    yield call(checkBeforeSigning, action.payload.orderId)
  })
}
