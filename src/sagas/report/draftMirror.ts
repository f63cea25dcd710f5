/**
 * Report drafts not yet on the server survive a reload (RP-2) without outliving their owner (ID-2).
 *
 * - Every draft holding something the server lacks is mirrored into the tab's session storage
 *   (`draftStorage` from the saga context), under the user who typed it, and restored when the
 *   editor opens after a reload. It is removed once saved, after finalizing, when the study's
 *   conversation is cleared, and on 'Log out'; a session that expires keeps it for the next
 *   sign-in of the same user.
 * - A shared workstation must not hand one clinician's unsaved report to the next: a session
 *   starting for anyone else removes the drafts, from storage and from the store, before the
 *   editor can show them (whose drafts these are is kept by drafts/draftOwner.ts).
 */
import type { Action } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import { getContext, put, select, takeEvery } from 'redux-saga/effects'
import { logoutRequested, sessionStarted } from '../../features/auth'
import {
  allDraftsDiscarded,
  conflictSectionChosen,
  draftDiscarded,
  draftRestored,
  editorOpened,
  finalizeSucceeded,
  mustKeepDraft,
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
import type { Logger } from '../../services/log'
import {
  clearAllStoredDrafts,
  draftStorageOf,
  keepOnlyOwnDrafts,
  noDraftOwner,
  warnStorageRefused,
  type DraftKind,
  type DraftOwner,
} from '../drafts/draftOwner'

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
  const draft = (yield select(selectReportDraft, orderId)) as ReportDraft | undefined
  const storage = yield* draftStorageOf(REPORT_DRAFTS.storage)
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
    yield* warnStorageRefused('report/draftNotStored', { orderId, error })
  }
}

/**
 * A session starting for anyone but the drafts' owner removes them from this store too, before
 * the editor can restore or show them; the same user keeps them (an expiry is no reason to lose
 * work).
 */
function* startSession(
  owner: DraftOwner,
  mirrored: Set<Id>,
  action: ReturnType<typeof sessionStarted>,
): SagaIterator {
  const anotherUser = yield* keepOnlyOwnDrafts(REPORT_DRAFTS, owner, action.payload.userId)
  const held = (yield select(selectReportDrafts)) as Record<Id, ReportDraft>
  if (anotherUser && Object.keys(held).length > 0) {
    mirrored.clear()
    yield put(allDraftsDiscarded())
  }
}

/** Only an explicit 'Log out': after an expired session the drafts wait for the next sign-in. */
function* discardAllDrafts(): SagaIterator {
  yield* clearAllStoredDrafts(REPORT_DRAFTS)
  yield put(allDraftsDiscarded())
}

export function* watchDraftMirror(): SagaIterator {
  const owner = noDraftOwner()
  const mirrored = new Set<Id>()
  yield takeEvery(sessionStarted.type, (action: ReturnType<typeof sessionStarted>) =>
    startSession(owner, mirrored, action),
  )
  yield takeEvery(editorOpened.type, (action: ReturnType<typeof editorOpened>) =>
    restoreDraft(owner, action),
  )
  yield takeEvery(
    (action: Action) => draftOrderOf(action) !== undefined,
    (action: Action) => mirrorDraft(mirrored, owner, action),
  )
  yield takeEvery(logoutRequested.type, discardAllDrafts)
}
