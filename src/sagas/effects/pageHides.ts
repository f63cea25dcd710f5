/**
 * A page-hide source from the saga context (src/services/page/pageHide.ts) as a channel, for a saga
 * to `take`. The source's listener runs while the browser's event is dispatched, and so does the
 * saga that takes from the channel, up to its first effect that waits: what it does there is done
 * before the page can go.
 */
import { eventChannel, type EventChannel } from 'redux-saga'
import type { PageHideSource } from '../../services/page/pageHide'

export function pageHides(source: PageHideSource): EventChannel<true> {
  return eventChannel<true>((emit) =>
    source(() => {
      emit(true)
    }),
  )
}
