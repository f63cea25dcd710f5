/**
 * Nothing the clinician writes in the report is lost (RP-2..6):
 * - autosave: a draft is saved once typing pauses for AUTOSAVE_DELAY_MS (`delay`, so fake timers
 *   drive it in tests); 'Save' and 'Retry' save at once;
 * - saves and finalizing run one at a time per study, in the order asked, so a finalize always
 *   follows the save of the edits made before it (RP-3);
 * - before sending, the saga waits for a reply the assistant is still writing for that study and
 *   reads the report again: a report the assistant changed meanwhile becomes a choice for the
 *   clinician (RP-6) instead of being overwritten by the PUT, which replaces every section;
 * - the PUT names the version the draft is based on (`If-Match`), and finalizing the version the
 *   clinician saw, so a write landing between that read and ours is not overwritten, nor signed
 *   unseen: the server answers 412, the saga reads the report again (the slice reconciles it as
 *   above) and saves the merged text once more, or leaves the conflict to the clinician;
 * - drafts not yet on the server are mirrored into the tab's session storage (`draftStorage`
 *   from the saga context) and restored when the editor opens after a reload; they are removed
 *   once saved, after finalizing, when the study's conversation is cleared and on 'Log out'; a
 *   session that expires keeps them for the next sign-in of the same user. Each stored draft
 *   records whose it is, and a session starting for anyone else removes them, from storage and
 *   from the store, before the editor can show them (ID-2: a shared workstation must not hand
 *   one clinician's unsaved report to the next).
 */
import type { Action, UnknownAction } from '@reduxjs/toolkit'
import type { Channel, SagaIterator, Task } from 'redux-saga'
import { buffers, channel } from 'redux-saga'
import {
  actionChannel,
  call,
  cancel,
  delay,
  fork,
  getContext,
  put,
  select,
  take,
  takeEvery,
} from 'redux-saga/effects'
import { logoutRequested, sessionStarted } from '../features/auth'
import {
  allDraftsDiscarded,
  AUTOSAVE_DELAY_MS,
  conflictSectionChosen,
  draftDiscarded,
  draftRestored,
  editorOpened,
  finalizeConfirmed,
  finalizeFailed,
  finalizeSucceeded,
  isDraftDirty,
  mustKeepDraft,
  parseReport,
  saveFailed,
  saveHeldForReply,
  saveNotNeeded,
  saveRefusedAsStale,
  saveRequested,
  saveStarted,
  saveSucceeded,
  selectFinalizeState,
  selectReplyPending,
  selectReportDraft,
  selectReportDrafts,
  serverReportOf,
  textEdited,
  type FinalizeFailure,
  type FinalizeState,
  type ReportDraft,
  type SaveFailure,
} from '../features/report'
import type { RootState } from '../app/store'
import { isApiError } from '../services/api/baseApi'
import {
  PRECONDITION_FAILED,
  reportChangedError,
  type Id,
  type Order,
  type Report,
} from '../../contract'
import { conversationApi } from '../services/api/conversationApi'
import { ordersApi } from '../services/api/ordersApi'
import { reportApi } from '../services/api/reportApi'
import type { Logger } from '../services/log'
import type { DraftStorage } from '../services/storage/draftStorage'

const CONFLICT = 409

type OrderAction = Action & { payload: { orderId: Id } }

function toFailure(error: unknown): SaveFailure {
  if (isApiError(error)) return { status: error.status, message: error.message }
  return { status: 'FETCH_ERROR', message: error instanceof Error ? error.message : String(error) }
}

/**
 * RTK Query's `initiate` returns a thunk; `put` dispatches it through the thunk middleware and
 * gives back what dispatch returns (the request, with `unwrap`). redux-saga's types only know
 * plain actions, hence the cast.
 */
function dispatchThunk(thunk: unknown) {
  return put(thunk as UnknownAction)
}

interface Unwrappable<T> {
  unwrap(): Promise<T>
}

function* fetchOrder(orderId: Id): SagaIterator<Order> {
  const request = (yield dispatchThunk(
    ordersApi.endpoints.getOrder.initiate(orderId, { subscribe: false, forceRefetch: true }),
  )) as Unwrappable<Order>
  return (yield call(() => request.unwrap())) as Order
}

/** Sends the draft, on condition that the server still holds the version it is based on. */
function* sendReport(orderId: Id, draft: ReportDraft): SagaIterator<Report> {
  const sections = parseReport(draft.report, draft.impression)
  yield put(saveStarted({ orderId, sections }))
  const request = (yield dispatchThunk(
    reportApi.endpoints.saveReport.initiate(
      { orderId, sections, baseVersion: draft.base.updatedAt },
      { track: false },
    ),
  )) as Unwrappable<Report>
  return (yield call(() => request.unwrap())) as Report
}

function* postFinalize(orderId: Id, seenVersion: string | null | undefined): SagaIterator<Report> {
  const request = (yield dispatchThunk(
    reportApi.endpoints.finalizeReport.initiate({ orderId, seenVersion }, { track: false }),
  )) as Unwrappable<Report>
  return (yield call(() => request.unwrap())) as Report
}

/**
 * The report version on the clinician's screen: their draft's base (a draft that may be finalized
 * holds nothing unsaved), else the loaded order's report; null for "no report", undefined when
 * the order was never loaded here (then no precondition is sent).
 */
function selectSeenVersion(state: RootState, orderId: Id): string | null | undefined {
  const draft = selectReportDraft(state, orderId)
  if (draft) return draft.base.updatedAt
  const order = ordersApi.endpoints.getOrder.select(orderId)(state).data
  return order ? (order.report?.updated_at ?? null) : undefined
}

function selectDraft(state: RootState, orderId: Id): ReportDraft | undefined {
  return selectReportDraft(state, orderId)
}

function isSendSettledFor(orderId: Id) {
  return (action: unknown): boolean =>
    (conversationApi.endpoints.sendMessage.matchFulfilled(action) ||
      conversationApi.endpoints.sendMessage.matchRejected(action)) &&
    action.meta.arg.originalArgs.orderId === orderId
}

/** A reply still being written may change the report; its change must be seen before we save. */
function* waitForAssistant(orderId: Id): SagaIterator {
  while ((yield select(selectReplyPending, orderId)) as boolean) {
    yield take(isSendSettledFor(orderId))
  }
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
function reasonNotToSave(draft: ReportDraft | undefined): 'nothing_to_save' | 'blocked' | null {
  if (!draft) return 'nothing_to_save'
  // A conflict waits for the clinician's choice; a report final elsewhere takes no more edits.
  if (draft.conflict || draft.finalizedElsewhere) return 'blocked'
  return isDraftDirty(draft) ? null : 'nothing_to_save'
}

/** Saves the study's draft if it holds anything unsaved and nothing stands in the way. */
export function* saveDraft(orderId: Id): SagaIterator<SaveOutcome> {
  const before = reasonNotToSave((yield select(selectDraft, orderId)) as ReportDraft | undefined)
  if (before) return before

  try {
    if ((yield select(selectReplyPending, orderId)) as boolean) {
      yield put(saveHeldForReply({ orderId }))
      yield call(waitForAssistant, orderId)
    }
    // The fresh order passes through the report slice, which reconciles the draft with it.
    yield call(fetchOrder, orderId)
  } catch (error) {
    yield put(saveFailed({ orderId, error: toFailure(error) }))
    return 'failed'
  }

  let draft = (yield select(selectDraft, orderId)) as ReportDraft | undefined
  const after = reasonNotToSave(draft)
  if (after || !draft) {
    yield put(saveNotNeeded({ orderId }))
    return after ?? 'nothing_to_save'
  }

  for (let sent = 1; ; sent += 1) {
    try {
      const report = (yield call(sendReport, orderId, draft)) as Report
      yield put(saveSucceeded({ orderId, report }))
      return sent === 1 ? 'saved' : 'report_changed'
    } catch (error) {
      const failure = toFailure(error)
      if (failure.status !== PRECONDITION_FAILED) {
        yield put(saveFailed({ orderId, error: failure }))
        // RP-5: the report became final elsewhere; reading it again shows why and keeps the text.
        if (failure.status === CONFLICT) yield call(refreshQuietly, orderId)
        return 'failed'
      }
    }
    // 412: someone wrote the report between our read and our PUT. Read it again; the slice
    // reconciles the draft with it while the save still counts as under way (so our own write,
    // answered 412 to a repeated PUT, is recognized as ours) and keeps every word of the draft.
    try {
      yield call(fetchOrder, orderId)
    } catch {
      yield put(saveFailed({ orderId, error: REPORT_CHANGED_FAILURE }))
      return 'failed'
    }
    yield put(saveRefusedAsStale({ orderId }))
    draft = (yield select(selectDraft, orderId)) as ReportDraft | undefined
    // A conflict now waits for the clinician's choice (RP-6), or nothing of ours is left unsaved.
    if (reasonNotToSave(draft) !== null || !draft) return 'report_changed'
    if (sent >= MAX_STALE_SAVES) {
      yield put(saveFailed({ orderId, error: REPORT_CHANGED_FAILURE }))
      return 'failed'
    }
  }
}

function* refreshQuietly(orderId: Id): SagaIterator {
  try {
    yield call(fetchOrder, orderId)
  } catch {
    // Already logged by the API failure saga; the message on screen stands on its own.
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
} as const

/**
 * Saves what is unsaved, then signs the version the clinician saw (`If-Match`): a report someone
 * else changed meanwhile, during the save or after it, is not finalized (412) but shown again.
 */
export function* finalizeReport(orderId: Id): SagaIterator {
  const saved = (yield call(saveDraft, orderId)) as SaveOutcome
  if (saved === 'failed') {
    const error: FinalizeFailure = { reason: 'save_failed', message: FINALIZE_MESSAGES.save_failed }
    yield put(finalizeFailed({ orderId, error }))
    return
  }
  if (saved === 'blocked' || saved === 'report_changed') {
    const draft = (yield select(selectReportDraft, orderId)) as ReportDraft | undefined
    const message = draft?.conflict
      ? FINALIZE_MESSAGES.report_changed
      : FINALIZE_MESSAGES.report_changed_shown
    yield put(finalizeFailed({ orderId, error: { reason: 'report_changed', message } }))
    return
  }
  try {
    const seen = (yield select(selectSeenVersion, orderId)) as string | null | undefined
    const report = (yield call(postFinalize, orderId, seen)) as Report
    yield put(finalizeSucceeded({ orderId, report }))
  } catch (error) {
    const failure = toFailure(error)
    if (failure.status === PRECONDITION_FAILED) {
      const changed: FinalizeFailure = {
        reason: 'report_changed',
        message: FINALIZE_MESSAGES.report_changed_shown,
      }
      yield put(finalizeFailed({ orderId, error: changed }))
      // The new version reaches the editor (and the draft, RP-6) before anything is signed.
      yield call(refreshQuietly, orderId)
      return
    }
    const refused = failure.status === CONFLICT
    const finalizeError: FinalizeFailure = refused
      ? { reason: 'refused', message: FINALIZE_MESSAGES.refused }
      : { reason: 'request_failed', message: failure.message }
    yield put(finalizeFailed({ orderId, error: finalizeError }))
    if (refused) yield call(refreshQuietly, orderId)
  }
}

type Command = ReturnType<typeof saveRequested> | ReturnType<typeof finalizeConfirmed>

function* runCommands(orderId: Id, commands: Channel<Command>): SagaIterator {
  for (;;) {
    const command = (yield take(commands)) as Command
    if (!finalizeConfirmed.match(command)) yield call(saveDraft, orderId)
    else if (((yield select(selectFinalizeState, orderId)) as FinalizeState).status === 'running') {
      // Only a confirmation the slice accepted (one answering the question) finalizes.
      yield call(finalizeReport, orderId)
    }
  }
}

/** One queue per study: its saves and finalize run in order, other studies are not held up. */
export function* watchReportCommands(): SagaIterator {
  const requests = (yield actionChannel([
    saveRequested.type,
    finalizeConfirmed.type,
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

function* autosaveAfterPause(orderId: Id): SagaIterator {
  yield delay(AUTOSAVE_DELAY_MS)
  yield put(saveRequested({ orderId, trigger: 'auto' }))
}

/** Debounce per study: each edit restarts the pause; an explicit save or finalize replaces it. */
export function* watchAutosave(): SagaIterator {
  const pending = new Map<Id, Task>()
  for (;;) {
    const action = (yield take([
      textEdited.type,
      draftRestored.type,
      conflictSectionChosen.type,
      saveRequested.type,
      finalizeConfirmed.type,
      allDraftsDiscarded.type,
    ])) as Action
    if (allDraftsDiscarded.match(action)) {
      for (const task of pending.values()) yield cancel(task)
      pending.clear()
      continue
    }
    // The autosave's own request comes from the pending task itself, which is finishing anyway.
    if (saveRequested.match(action) && action.payload.trigger === 'auto') {
      pending.delete(action.payload.orderId)
      continue
    }
    const { orderId } = (action as OrderAction).payload
    const previous = pending.get(orderId)
    if (previous) yield cancel(previous)
    pending.delete(orderId)
    if (
      textEdited.match(action) ||
      draftRestored.match(action) ||
      conflictSectionChosen.match(action)
    ) {
      pending.set(orderId, (yield fork(autosaveAfterPause, orderId)) as Task)
    }
  }
}

/** Whose drafts this store holds: the user of the latest session start, kept after it ends. */
interface DraftOwner {
  userId: string | null
}

function* restoreDraft(owner: DraftOwner, action: ReturnType<typeof editorOpened>): SagaIterator {
  const { orderId } = action.payload
  if ((yield select(selectDraft, orderId)) as ReportDraft | undefined) return
  // No known user (never so in the app, where the editor needs a session): nobody to give it to.
  if (owner.userId === null) return
  const storage = (yield getContext('draftStorage')) as DraftStorage
  const logger = (yield getContext('logger')) as Logger
  let stored
  try {
    stored = storage.load(orderId)
    // The session start removed other users' drafts already; this is the last guard.
    if (stored && stored.owner !== owner.userId) {
      storage.remove(orderId)
      stored = null
    }
  } catch (error) {
    logger.warn('report/draftNotRead', { orderId, error })
    return
  }
  if (!stored) return
  const order = ordersApi.endpoints.getOrder.select(orderId)((yield select()) as RootState).data
  yield put(
    draftRestored({
      orderId,
      draft: { report: stored.report, impression: stored.impression, base: stored.base },
      server: order ? serverReportOf(order.report) : null,
    }),
  )
  logger.info('report/draftRestored', { orderId })
}

/** The order whose draft an action may have changed, if any. */
function draftOrderOf(action: unknown): Id | undefined {
  if (
    textEdited.match(action) ||
    draftRestored.match(action) ||
    saveHeldForReply.match(action) ||
    saveStarted.match(action) ||
    saveSucceeded.match(action) ||
    saveRefusedAsStale.match(action) ||
    saveFailed.match(action) ||
    conflictSectionChosen.match(action) ||
    draftDiscarded.match(action) ||
    finalizeSucceeded.match(action)
  ) {
    return action.payload.orderId
  }
  if (
    ordersApi.endpoints.getOrder.matchFulfilled(action) ||
    conversationApi.endpoints.clearConversation.matchFulfilled(action)
  ) {
    return action.meta.arg.originalArgs
  }
  return undefined
}

/** Events after which the study's stored draft is gone for good, whatever this store holds. */
function endsStoredDraft(action: unknown): boolean {
  return (
    finalizeSucceeded.match(action) ||
    conversationApi.endpoints.clearConversation.matchFulfilled(action)
  )
}

/**
 * Session storage holds exactly the drafts that are not safely on the server. A stored draft this
 * store has not restored yet is left alone: after a reload the order arrives before the editor
 * asks for the draft, and that arrival must not wipe it.
 */
function* mirrorDraft(mirrored: Set<Id>, owner: DraftOwner, action: unknown): SagaIterator {
  const orderId = draftOrderOf(action)
  if (orderId === undefined) return
  const draft = (yield select(selectDraft, orderId)) as ReportDraft | undefined
  const storage = (yield getContext('draftStorage')) as DraftStorage
  try {
    if (draft && mustKeepDraft(draft)) {
      // Without a known user nobody could get it back: it stays in the store only.
      if (owner.userId === null) return
      storage.save(orderId, {
        owner: owner.userId,
        report: draft.report,
        impression: draft.impression,
        base: draft.base,
      })
      mirrored.add(orderId)
    } else if (draft || mirrored.has(orderId) || endsStoredDraft(action)) {
      storage.remove(orderId)
      mirrored.delete(orderId)
    }
  } catch (error) {
    const logger = (yield getContext('logger')) as Logger
    logger.warn('report/draftNotStored', { orderId, error })
  }
}

function* discardAllDrafts(): SagaIterator {
  const storage = (yield getContext('draftStorage')) as DraftStorage
  try {
    storage.clear()
  } catch (error) {
    const logger = (yield getContext('logger')) as Logger
    logger.warn('report/draftsNotCleared', { error })
  }
  yield put(allDraftsDiscarded())
}

/**
 * ID-2: a session starting for anyone but the drafts' owner removes them, from storage and from
 * this store, before the editor can restore or show them; the same user keeps them (an expiry is
 * no reason to lose work). Drafts of no known owner (an older format) are removed too.
 */
function* keepOnlyOwnDrafts(
  owner: DraftOwner,
  mirrored: Set<Id>,
  action: ReturnType<typeof sessionStarted>,
): SagaIterator {
  const { userId } = action.payload
  const sameUser = userId !== null && userId === owner.userId
  owner.userId = userId
  const storage = (yield getContext('draftStorage')) as DraftStorage
  try {
    if (userId === null) storage.clear()
    else storage.clearExcept(userId)
  } catch (error) {
    const logger = (yield getContext('logger')) as Logger
    logger.warn('report/draftsNotCleared', { error })
  }
  const held = (yield select(selectReportDrafts)) as Record<Id, ReportDraft>
  if (!sameUser && Object.keys(held).length > 0) {
    mirrored.clear()
    yield put(allDraftsDiscarded())
  }
}

export function* watchReport(): SagaIterator {
  yield fork(watchReportCommands)
  yield fork(watchAutosave)
  const owner: DraftOwner = { userId: null }
  const mirrored = new Set<Id>()
  yield takeEvery(sessionStarted.type, (action: ReturnType<typeof sessionStarted>) =>
    keepOnlyOwnDrafts(owner, mirrored, action),
  )
  yield takeEvery(editorOpened.type, (action: ReturnType<typeof editorOpened>) =>
    restoreDraft(owner, action),
  )
  yield takeEvery(
    (action: Action) => draftOrderOf(action) !== undefined,
    (action: Action) => mirrorDraft(mirrored, owner, action),
  )
  // Only an explicit log out: after an expired session the drafts wait for the next sign-in.
  yield takeEvery(logoutRequested.type, discardAllDrafts)
}
