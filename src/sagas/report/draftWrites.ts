/**
 * When a report draft is written to the tab's session storage (draftMirror.ts says what is kept
 * there and for whom). The whole draft (the report's text, some kilobytes) written at every
 * keystroke took a good part of the keystroke's time, so typing is written down at most once per
 * DRAFT_WRITE_INTERVAL_MS:
 * - the first edit after a quiet interval is written at once; edits during the interval that
 *   follows wait, and when it ends the last text is written (then another interval starts, as
 *   long as typing goes on);
 * - the page hidden or going away (a reload, a closed tab, another tab or window in front) writes
 *   what waits at once, while the browser's event is dispatched: a reload right after a keystroke
 *   keeps that keystroke;
 * - any other change of a draft (a save started, answered or refused, a restore, a conflict
 *   chosen, finalizing, clearing) writes that study's draft at once, as every edit used to be,
 *   and a session start, which may remove stored drafts, first writes what waits, so the storage
 *   sees the changes in the order they happened.
 * Only the browser itself crashing, with no `pagehide`, can lose the typing of the last interval.
 */
import type { SagaIterator } from 'redux-saga'
import { delay, fork, getContext, select, take } from 'redux-saga/effects'
import { mustKeepDraft, selectReportDraft, type ReportDraft } from '../../features/report'
import type { Id } from '../../../contract'
import type { PageHideSource } from '../../services/page/pageHide'
import {
  draftStorageOf,
  noDraftOwner,
  warnStorageRefused,
  type DraftOwner,
} from '../drafts/draftOwner'
import { pageHides } from '../effects/pageHides'

/** How often typing is written down at most, while it goes on. */
export const DRAFT_WRITE_INTERVAL_MS = 400

/** What the draft mirror of one store knows about its writes. */
export interface DraftWrites {
  owner: DraftOwner
  /** Studies whose draft this store has written to storage (and not removed since). */
  mirrored: Set<Id>
  /** Studies typed in since their draft was last written. */
  waiting: Set<Id>
  /** Whether an interval after a write of typing runs (typing meanwhile waits for its end). */
  cooling: boolean
}

export function noDraftWrites(): DraftWrites {
  return { owner: noDraftOwner(), mirrored: new Set(), waiting: new Set(), cooling: false }
}

/**
 * Session storage holds exactly the drafts that are not safely on the server. A stored draft this
 * store has not restored yet is left alone, unless `ended` says that the study's stored draft is
 * gone for good (finalized, cleared): after a reload the order arrives before the editor asks for
 * the draft, and that arrival must not wipe it.
 */
export function* writeDraft(writes: DraftWrites, orderId: Id, ended = false): SagaIterator {
  writes.waiting.delete(orderId)
  const draft = (yield select(selectReportDraft, orderId)) as ReportDraft | undefined
  const storage = yield* draftStorageOf('draftStorage')
  const { owner, mirrored } = writes
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
    } else if (draft || mirrored.has(orderId) || ended) {
      storage.remove(orderId)
      mirrored.delete(orderId)
    }
  } catch (error) {
    yield* warnStorageRefused('report/draftNotStored', { orderId, error })
  }
}

/** Writes every draft typed in since its last write. */
export function* writeWaiting(writes: DraftWrites): SagaIterator {
  for (const orderId of [...writes.waiting]) yield* writeDraft(writes, orderId)
}

function* coolDown(writes: DraftWrites): SagaIterator {
  try {
    for (;;) {
      yield delay(DRAFT_WRITE_INTERVAL_MS)
      if (writes.waiting.size === 0) return
      yield* writeWaiting(writes)
    }
  } finally {
    writes.cooling = false
  }
}

/** Typing in a study's draft: written at once after a quiet interval, else at the interval's end. */
export function* draftTyped(writes: DraftWrites, orderId: Id): SagaIterator {
  if (writes.cooling) {
    writes.waiting.add(orderId)
    return
  }
  yield* writeDraft(writes, orderId)
  writes.cooling = true
  yield fork(coolDown, writes)
}

/** The page hidden or going away: what waits is written at once, before the page can be lost. */
export function* writeWhenHidden(writes: DraftWrites): SagaIterator {
  const hides = pageHides((yield getContext('pageHidden')) as PageHideSource)
  try {
    for (;;) {
      yield take(hides)
      yield* writeWaiting(writes)
    }
  } finally {
    hides.close()
  }
}
