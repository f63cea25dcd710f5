/**
 * Report drafts not yet on the server survive a reload (RP-2) without outliving their owner (ID-2).
 *
 * - Every draft holding something the server lacks is mirrored into the tab's session storage
 *   (`draftStorage` from the saga context), under the user who typed it, and restored when the
 *   editor opens after a reload. It is removed once saved, after finalizing, when the study's
 *   conversation is cleared, and on 'Log out'; a session that expires keeps it for the next
 *   sign-in of the same user. Typing is written down at most a few times a second, and at once
 *   when the page is hidden or goes away (draftWrites.ts).
 * - A shared workstation must not hand one clinician's unsaved report to the next: a session
 *   starting for anyone else removes the drafts, from storage and from the store, before the
 *   editor can show them (whose drafts these are is kept by drafts/draftOwner.ts).
 */
import type { Action } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import { fork, getContext, put, select, takeEvery } from 'redux-saga/effects'
import { logoutRequested, sessionStarted } from '../../features/auth'
import {
  allDraftsDiscarded,
  conflictSectionChosen,
  draftDiscarded,
  draftRestored,
  editorOpened,
  finalizeSucceeded,
  saveFailed,
  saveHeldForReply,
  saveRefusedAsStale,
  saveStarted,
  saveSucceeded,
  selectReportDraft,
  selectReportDrafts,
  serverReportOf,
  textEdited,
  type ReportDraft,
} from '../../features/report'
import type { Id } from '../../../contract'
import type { ListedOrder } from '../../services/api/model'
import { conversationApi } from '../../services/api/conversationApi'
import { selectOrderById } from '../../services/api/orderCache'
import { ordersApi } from '../../services/api/ordersApi'
import { teachingApi } from '../../services/api/teachingApi'
import type { Logger } from '../../services/log'
import {
  clearAllStoredDrafts,
  draftStorageOf,
  keepOnlyOwnDrafts,
  warnStorageRefused,
  type DraftKind,
  type DraftOwner,
} from '../drafts/draftOwner'
import {
  draftTyped,
  noDraftWrites,
  writeDraft,
  writeWaiting,
  writeWhenHidden,
  type DraftWrites,
} from './draftWrites'

const REPORT_DRAFTS: DraftKind<'draftStorage'> = {
  storage: 'draftStorage',
  notClearedEvent: 'report/draftsNotCleared',
}

function* restoreDraft(owner: DraftOwner, action: ReturnType<typeof editorOpened>): SagaIterator {
  const { orderId } = action.payload
  if ((yield select(selectReportDraft, orderId)) as ReportDraft | undefined) return
  // No known user (never so in the app, where the editor needs a session): nobody to give it to.
  if (owner.userId === null) return
  const storage = yield* draftStorageOf(REPORT_DRAFTS.storage)
  let stored
  try {
    stored = storage.load(orderId)
    // The session start removed other users' drafts already; this is the last guard.
    if (stored && stored.owner !== owner.userId) {
      storage.remove(orderId)
      stored = null
    }
  } catch (error) {
    yield* warnStorageRefused('report/draftNotRead', { orderId, error })
    return
  }
  if (!stored) return
  const order = (yield select(selectOrderById, orderId)) as ListedOrder | undefined
  yield put(
    draftRestored({
      orderId,
      draft: { report: stored.report, impression: stored.impression, base: stored.base },
      server: order ? serverReportOf(order.report) : null,
    }),
  )
  const logger = (yield getContext('logger')) as Logger
  logger.info('report/draftRestored', { orderId })
}

/** The order whose draft an action other than typing may have changed, if any. */
function draftOrderOf(action: unknown): Id | undefined {
  if (
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
  if (teachingApi.endpoints.sendForReview.matchFulfilled(action)) {
    return action.meta.arg.originalArgs.orderId
  }
  return undefined
}

/** Events after which the study's stored draft is gone for good, whatever this store holds. */
function endsStoredDraft(action: unknown): boolean {
  return (
    finalizeSucceeded.match(action) ||
    teachingApi.endpoints.sendForReview.matchFulfilled(action) ||
    conversationApi.endpoints.clearConversation.matchFulfilled(action)
  )
}

/** Any change of a draft but typing is written at once (draftWrites.ts). */
function* mirrorDraft(writes: DraftWrites, action: Action): SagaIterator {
  const orderId = draftOrderOf(action)
  if (orderId !== undefined) yield* writeDraft(writes, orderId, endsStoredDraft(action))
}

/**
 * A session starting for anyone but the drafts' owner removes them from this store too, before
 * the editor can restore or show them; the same user keeps them (an expiry is no reason to lose
 * work).
 */
function* startSession(
  writes: DraftWrites,
  action: ReturnType<typeof sessionStarted>,
): SagaIterator {
  // Typing not yet written is written first, for the user who typed it.
  yield* writeWaiting(writes)
  const anotherUser = yield* keepOnlyOwnDrafts(REPORT_DRAFTS, writes.owner, action.payload.userId)
  const held = (yield select(selectReportDrafts)) as Record<Id, ReportDraft>
  if (anotherUser && Object.keys(held).length > 0) {
    writes.mirrored.clear()
    yield put(allDraftsDiscarded())
  }
}

/** Only an explicit 'Log out': after an expired session the drafts wait for the next sign-in. */
function* discardAllDrafts(writes: DraftWrites): SagaIterator {
  writes.waiting.clear()
  yield* clearAllStoredDrafts(REPORT_DRAFTS)
  yield put(allDraftsDiscarded())
}

export function* watchDraftMirror(): SagaIterator {
  const writes = noDraftWrites()
  yield fork(writeWhenHidden, writes)
  yield takeEvery(sessionStarted.type, (action: ReturnType<typeof sessionStarted>) =>
    startSession(writes, action),
  )
  yield takeEvery(editorOpened.type, (action: ReturnType<typeof editorOpened>) =>
    restoreDraft(writes.owner, action),
  )
  yield takeEvery(textEdited.type, (action: ReturnType<typeof textEdited>) =>
    draftTyped(writes, action.payload.orderId),
  )
  yield takeEvery(
    (action: Action) => draftOrderOf(action) !== undefined,
    (action: Action) => mirrorDraft(writes, action),
  )
  yield takeEvery(logoutRequested.type, discardAllDrafts, writes)
}
