/**
 * WL-2: the patient finder searches the server once typing pauses. Every keystroke is
 * `orders/finderQueryChanged`; the last of a burst, FINDER_SEARCH_PAUSE_MS later, becomes
 * `orders/finderQuerySettled`, and the Worklist's search (`q=`) follows the settled text. An
 * emptied field needs no pause: the slice shows the whole worklist at once. A backend that
 * answers whole lists is searched in the browser at every keystroke and never waits for this.
 */
import type { SagaIterator } from 'redux-saga'
import { debounce, put } from 'redux-saga/effects'
import { finderQueryChanged, finderQuerySettled } from '../features/orders'

/** How long typing must pause before the server is asked. */
export const FINDER_SEARCH_PAUSE_MS = 300

export function* settleFinderQuery(action: ReturnType<typeof finderQueryChanged>): SagaIterator {
  const { query } = action.payload
  if (query.trim() !== '') yield put(finderQuerySettled({ query }))
}

export function* watchFinderSearch(): SagaIterator {
  yield debounce(FINDER_SEARCH_PAUSE_MS, finderQueryChanged.type, settleFinderQuery)
}
