/**
 * Saving and finalizing a study's report (RP-2, RP-3, RP-5, RP-6), and a trainee's send for
 * review (RV-14, review.ts), one command at a time.
 *
 * - Saves and finalizing run one at a time per study, in the order asked, so a finalize always
 *   follows the save of the edits made before it; other studies are not held up.
 * - The PUT names the version the draft is based on (`If-Match`), and finalizing names the version
 *   the clinician saw, so a write landing since is neither overwritten nor signed unseen: the
 *   server answers 412, the report is read once (the slice reconciles the draft with it, RP-6) and
 *   the merged text is saved once more, or the conflict is left to the clinician. A save reads
 *   nothing else (RP-8): one request when nobody wrote meanwhile.
 * - Before sending, a save waits for a reply the assistant is still writing for that study and
 *   for the read of the order such a reply brings (beforeSave.ts, RP-9): the assistant's change
 *   becomes a choice for the clinician, or the version the PUT names, instead of a 412.
 */
import type { Channel, SagaIterator } from 'redux-saga'
import { buffers, channel } from 'redux-saga'
import { actionChannel, call, fork, put, select, take } from 'redux-saga/effects'
import {
  finalizeConfirmed,
  finalizeFailed,
  finalizeRequested,
  finalizeSucceeded,
  isDraftDirty,
  reviewSendConfirmed,
  saveFailed,
  saveHeldForReply,
  saveNotNeeded,
  saveRefusedAsStale,
  saveRequested,
  saveSucceeded,
  selectFinalizeState,
  selectReplyPending,
  selectReportDraft,
  type FinalizeFailure,
  type FinalizeState,
  type ReportDraft,
  type SaveFailure,
} from '../../features/report'
import { readingElsewhere, selectOpenClaim, type OpenClaim } from '../../features/orders'
import type { RootState } from '../../app/storeTypes'
import {
  CRITICAL_NOT_COMMUNICATED_ERROR,
  PRECONDITION_FAILED,
  reportChangedError,
  UNFILLED_FIELDS_ERROR,
  type Id,
  type QaOverride,
} from '../../../contract'
import { selectOrderById } from '../../services/api/orderCache'
import { claimHolderOfRefusal } from '../../services/api/read/claims'
import { newestVersionIn } from './beforeSave'
import { sendForReview } from './review'
import {
  CONFLICT,
  readOrder,
  readOrderQuietly,
  refusalOf,
  sendFinalize,
  sendReport,
  toFailure,
} from './requests'

/**
 * The report version on the clinician's screen: their draft's base (a draft that may be finalized
 * holds nothing unsaved), else the cached order's report; null for "no report", undefined when
 * no cache holds the order (then no precondition is sent).
 */
function selectSeenVersion(state: RootState, orderId: Id): string | null | undefined {
  const draft = selectReportDraft(state, orderId)
  if (draft) return draft.base.updatedAt
  const order = selectOrderById(state, orderId)
  return order ? (order.report?.version ?? null) : undefined
}

/**
 * 'report_changed': the server refused a save because someone else changed the report (412); the
 * draft was reconciled with their version and saved again, or waits for the clinician's choice.
 * Either way the text on the server is not only what the clinician last saw.
 */
export type SaveOutcome = 'saved' | 'nothing_to_save' | 'blocked' | 'report_changed' | 'failed'

/** Saves sent for one request when the server keeps answering that the report changed. */
const MAX_STALE_SAVES = 2

const REPORT_CHANGED_FAILURE: SaveFailure = {
  status: PRECONDITION_FAILED,
  message: reportChangedError.message,
}

/** Why a draft is not to be sent now, or null when it holds text the server lacks. */
function reasonNotToSave(
  draft: ReportDraft | undefined,
  readByOther: boolean,
): 'nothing_to_save' | 'blocked' | null {
  if (!draft) return 'nothing_to_save'
  // A conflict waits for the clinician's choice; a report final elsewhere takes no more edits;
  // a study another clinician reads now is theirs to write (CLM-8): the draft waits, whole.
  if (draft.conflict || draft.finalizedElsewhere || readByOther) return 'blocked'
  return isDraftDirty(draft) ? null : 'nothing_to_save'
}

function* whySaveNot(orderId: Id): SagaIterator<'nothing_to_save' | 'blocked' | null> {
  const draft = (yield select(selectReportDraft, orderId)) as ReportDraft | undefined
  const open = (yield select(selectOpenClaim)) as OpenClaim | null
  return reasonNotToSave(draft, readingElsewhere(open, orderId) !== null)
}

/**
 * After a save refused because someone else holds the study (CLM-8): the order is read, which
 * tells the claims saga who holds it. True when the draft now waits for that reader.
 */
function* nowReadByOther(orderId: Id): SagaIterator<boolean> {
  yield* readOrderQuietly(orderId)
  return (yield* whySaveNot(orderId)) === 'blocked'
}

/** Saves the study's draft if it holds anything unsaved and nothing stands in the way. */
export function* saveDraft(orderId: Id): SagaIterator<SaveOutcome> {
  const before = yield* whySaveNot(orderId)
  if (before) return before

  try {
    if ((yield select(selectReplyPending, orderId)) as boolean) {
      yield put(saveHeldForReply({ orderId }))
    }
    yield* newestVersionIn(orderId)
  } catch (error) {
    yield put(saveFailed({ orderId, error: toFailure(error) }))
    return 'failed'
  }

  const after = yield* whySaveNot(orderId)
  let draft = (yield select(selectReportDraft, orderId)) as ReportDraft | undefined
  if (after || !draft) {
    yield put(saveNotNeeded({ orderId }))
    return after ?? 'nothing_to_save'
  }

  for (let sent = 1; ; sent += 1) {
    try {
      const report = yield* sendReport(orderId, draft)
      yield put(saveSucceeded({ orderId, report }))
      return sent === 1 ? 'saved' : 'report_changed'
    } catch (error) {
      const failure = toFailure(error)
      const claimed = claimHolderOfRefusal(error) !== null
      if (claimed && (yield* nowReadByOther(orderId))) {
        // CLM-8: the study is another clinician's now; the draft waits, whole, as it would have
        // had the news come before the save. Nothing failed that 'Retry' could fix: like a stale
        // save, the save is simply no longer under way.
        yield put(saveRefusedAsStale({ orderId }))
        return 'blocked'
      }
      if (failure.status !== PRECONDITION_FAILED) {
        yield put(saveFailed({ orderId, error: failure }))
        // RP-5: the report became final elsewhere; reading it again shows why and keeps the text.
        if (failure.status === CONFLICT && !claimed) yield* readOrderQuietly(orderId)
        return 'failed'
      }
    }
    // 412: someone wrote the report since the version the draft is based on. Read it; the slice
    // reconciles the draft with it while the save still counts as under way (so our own write,
    // answered 412 to a repeated PUT, is recognized as ours) and keeps every word of the draft.
    try {
      yield* readOrder(orderId)
    } catch {
      yield put(saveFailed({ orderId, error: REPORT_CHANGED_FAILURE }))
      return 'failed'
    }
    yield put(saveRefusedAsStale({ orderId }))
    const now = yield* whySaveNot(orderId)
    draft = (yield select(selectReportDraft, orderId)) as ReportDraft | undefined
    // A conflict now waits for the clinician's choice, or nothing of ours is left unsaved.
    if (now !== null || !draft) return 'report_changed'
    if (sent >= MAX_STALE_SAVES) {
      yield put(saveFailed({ orderId, error: REPORT_CHANGED_FAILURE }))
      return 'failed'
    }
  }
}

const FINALIZE_MESSAGES = {
  save_failed: 'Your changes could not be saved, so the report was not finalized.',
  /** The newer version contradicts the clinician's own text: the conflict panel asks to choose. */
  report_changed:
    'The report changed while you were editing. Choose which version to keep, then finalize again.',
  /** The newer version is on screen (merged with the clinician's text, if any): nothing to choose. */
  report_changed_shown:
    'The report changed elsewhere and was not finalized. Review the version now shown, then finalize again.',
  refused: 'The server refused to finalize this report: it is already finalized or it is empty.',
  critical_not_communicated:
    'The report states a critical finding: record who was told of it, then finalize.',
} as const

function* failFinalize(orderId: Id, error: FinalizeFailure): SagaIterator {
  yield put(finalizeFailed({ orderId, error }))
}

/**
 * Saves what is unsaved, then signs the version the clinician saw (`If-Match`): a report someone
 * else changed meanwhile, during the save or after it, is not finalized (412) but shown again.
 */
export function* finalizeReport(orderId: Id, qaOverride?: QaOverride): SagaIterator {
  const saved = yield* saveDraft(orderId)
  if (saved === 'failed') {
    yield* failFinalize(orderId, { reason: 'save_failed', message: FINALIZE_MESSAGES.save_failed })
    return
  }
  if (saved === 'blocked' || saved === 'report_changed') {
    const draft = (yield select(selectReportDraft, orderId)) as ReportDraft | undefined
    const message = draft?.conflict
      ? FINALIZE_MESSAGES.report_changed
      : FINALIZE_MESSAGES.report_changed_shown
    yield* failFinalize(orderId, { reason: 'report_changed', message })
    return
  }
  try {
    const seenVersion = (yield select(selectSeenVersion, orderId)) as string | null | undefined
    const report = yield* sendFinalize(orderId, seenVersion, qaOverride)
    yield put(finalizeSucceeded({ orderId, report }))
  } catch (error) {
    if (yield* refusedAsUnsignable(orderId, error)) return
    const failure = toFailure(error)
    if (failure.status === PRECONDITION_FAILED) {
      const message = FINALIZE_MESSAGES.report_changed_shown
      yield* failFinalize(orderId, { reason: 'report_changed', message })
      // The new version reaches the editor (and the draft) before anything is signed.
      yield* readOrderQuietly(orderId)
      return
    }
    const refused = failure.status === CONFLICT
    yield* failFinalize(
      orderId,
      refused
        ? { reason: 'refused', message: FINALIZE_MESSAGES.refused }
        : { reason: 'request_failed', message: failure.message },
    )
    if (refused) yield* readOrderQuietly(orderId)
  }
}

/**
 * QA-20, CR-16: our server refuses to sign a report with `[bracketed fields]` left (its words are
 * shown) or a critical finding nobody was told of (the question opens again with the form that
 * records it). The draft stays as it is either way. False for any other failure.
 */
function* refusedAsUnsignable(orderId: Id, error: unknown): SagaIterator<boolean> {
  const refusal = refusalOf(error)
  if (refusal?.error === UNFILLED_FIELDS_ERROR) {
    const message = refusal.message || FINALIZE_MESSAGES.refused
    yield* failFinalize(orderId, { reason: 'unfilled_fields', message })
    return true
  }
  if (refusal?.error === CRITICAL_NOT_COMMUNICATED_ERROR) {
    const message = FINALIZE_MESSAGES.critical_not_communicated
    yield* failFinalize(orderId, { reason: 'critical_not_communicated', message })
    yield put(finalizeRequested({ orderId }))
    return true
  }
  return false
}

type Command =
  | ReturnType<typeof saveRequested>
  | ReturnType<typeof finalizeConfirmed>
  | ReturnType<typeof reviewSendConfirmed>

function* runCommands(orderId: Id, commands: Channel<Command>): SagaIterator {
  for (;;) {
    const command = (yield take(commands)) as Command
    // RV-14: a trainee's send for review follows the saves asked before it (review.ts).
    if (reviewSendConfirmed.match(command)) yield call(sendForReview, orderId, saveDraft)
    else if (!finalizeConfirmed.match(command)) yield call(saveDraft, orderId)
    else if (((yield select(selectFinalizeState, orderId)) as FinalizeState).status === 'running') {
      // Only a confirmation the slice accepted (one answering the question) finalizes.
      yield call(finalizeReport, orderId, command.payload.qaOverride)
    }
  }
}

/** One queue per study: its saves and finalize run in order, other studies are not held up. */
export function* watchReportCommands(): SagaIterator {
  const requests = (yield actionChannel([
    saveRequested.type,
    finalizeConfirmed.type,
    reviewSendConfirmed.type,
  ])) as Channel<Command>
  const queues = new Map<Id, Channel<Command>>()
  for (;;) {
    const command = (yield take(requests)) as Command
    const { orderId } = command.payload
    let queue = queues.get(orderId)
    if (!queue) {
      queue = channel<Command>(buffers.expanding())
      queues.set(orderId, queue)
      yield fork(runCommands, orderId, queue)
    }
    yield put(queue, command)
  }
}
