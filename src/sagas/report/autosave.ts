/**
 * Autosave (RP-2): a draft is saved once typing pauses for AUTOSAVE_DELAY_MS. The pause is a saga
 * `delay` measured with the context's clock, so fake timers drive it in tests. 'Save' and 'Retry'
 * save at once, through the same per-study command queue (commands.ts) as the autosave's own
 * request.
 *
 * A keystroke only notes its time: the pause under way, when there is one, sees it when its
 * delay ends and waits for the rest of the pause after that keystroke. (Cancelling the pause and
 * starting another at every keystroke cost the keystroke a good part of its saga time.)
 */
import type { Action } from '@reduxjs/toolkit'
import type { SagaIterator, Task } from 'redux-saga'
import { cancel, delay, fork, getContext, put, take } from 'redux-saga/effects'
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
import type { Clock } from '../../services/clock'

type OrderAction = Action & { payload: { orderId: Id } }

/** A study's pause under way, and when the last edit it waits after was made. */
interface Pause {
  task: Task
  lastEdit: number
}

function* autosaveAfterPause(
  clock: Clock,
  pending: ReadonlyMap<Id, Pause>,
  orderId: Id,
): SagaIterator {
  let wait = AUTOSAVE_DELAY_MS
  let seen: number | undefined
  for (;;) {
    yield delay(wait)
    const lastEdit = pending.get(orderId)?.lastEdit
    // No edit since the last look: the pause is over (whatever the wall clock says meanwhile).
    if (lastEdit === undefined || lastEdit === seen) break
    seen = lastEdit
    // Never longer than a whole pause: the wall clock set back must not hold the save up.
    wait = Math.min(AUTOSAVE_DELAY_MS, lastEdit + AUTOSAVE_DELAY_MS - clock.now())
    if (wait <= 0) break
  }
  yield put(saveRequested({ orderId, trigger: 'auto' }))
}

/** Debounce per study: each edit restarts the pause; an explicit save or finalize replaces it. */
export function* watchAutosave(): SagaIterator {
  const clock = (yield getContext('clock')) as Clock
  const pending = new Map<Id, Pause>()
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
      for (const { task } of pending.values()) yield cancel(task)
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
    const edited =
      textEdited.match(action) || draftRestored.match(action) || conflictSectionChosen.match(action)
    if (edited && previous?.task.isRunning()) {
      previous.lastEdit = clock.now()
      continue
    }
    if (previous) yield cancel(previous.task)
    pending.delete(orderId)
    if (edited) {
      const lastEdit = clock.now()
      const task = (yield fork(autosaveAfterPause, clock, pending, orderId)) as Task
      pending.set(orderId, { task, lastEdit })
    }
  }
}
