/**
 * WL-8: the current minute, shared by every waiting clock on the page. One timer wakes the clocks
 * on each minute's turn, and only they render again: the list and its rows do not. The time is
 * the app's clock (`AppDeps.clock`), so tests move it with fake timers.
 */
import { useCallback, useSyncExternalStore } from 'react'
import { useDeps } from '../../../shared/deps'
import { MINUTE_MS, minuteOf } from '../../../shared/worklistRowText'

const listeners = new Set<() => void>()
let timer: ReturnType<typeof setTimeout> | undefined

function wake(nowMs: () => number) {
  // Aligned to the minute's turn, so every clock changes at the same moment.
  timer = setTimeout(
    () => {
      for (const listener of [...listeners]) listener()
      wake(nowMs)
    },
    MINUTE_MS - (nowMs() % MINUTE_MS),
  )
}

function subscribe(listener: () => void, nowMs: () => number): () => void {
  listeners.add(listener)
  if (listeners.size === 1) wake(nowMs)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer !== undefined) {
      clearTimeout(timer)
      timer = undefined
    }
  }
}

/** The start of the current minute, in ms since the epoch. */
export function useMinute(): number {
  const { clock } = useDeps()
  const now = useCallback(() => clock.now(), [clock])
  const minute = useCallback(() => minuteOf(now()), [now])
  const subscribeToMinute = useCallback((listener: () => void) => subscribe(listener, now), [now])
  return useSyncExternalStore(subscribeToMinute, minute)
}
