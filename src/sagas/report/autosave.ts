/**
 * Autosave (RP-2): a draft is saved once typing pauses for AUTOSAVE_DELAY_MS. The pause is a saga
 * `delay`, so fake timers drive it in tests. 'Save' and 'Retry' save at once, through the same
 * per-study command queue (commands.ts) as the autosave's own request.
 */
import type { Action } from '@reduxjs/toolkit'
import type { SagaIterator, Task } from 'redux-saga'
import { cancel, delay, fork, put, take } from 'redux-saga/effects'
import {
  allDraftsDiscarded,
  AUTOSAVE_DELAY_MS,
  conflictSectionChosen,
  draftRestored,
  finalizeConfirmed,
  saveRequested,
  textEdited,
} from '../../features/report'
import type { Id } from '../../../contract'

type OrderAction = Action & { payload: { orderId: Id } }

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
