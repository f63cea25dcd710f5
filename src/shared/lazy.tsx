/**
 * Screens and dialogs that are not part of the first screen load on first use, and are fetched
 * ahead while the browser is idle, so nobody waits on a click (the first screen stays near what
 * its libraries alone cost). `lazyComponent` is React.lazy with two additions:
 * - `prefetch()` starts the download once; a failed download is tried again on the next call;
 * - once the module is there, the component renders at once, without suspending (a prefetched
 *   dialog opens in the same frame as the click, with no fallback shown even for an instant).
 * Each mounted instance keeps the element type it started with, so none is ever remounted (and
 * loses its state) because the download finished.
 */
import {
  createElement,
  lazy,
  useEffect,
  useState,
  type ComponentType,
  type FunctionComponent,
} from 'react'

export interface Prefetchable {
  /** Starts the download (once); resolves when the module is there, never rejects. */
  prefetch(): Promise<void>
}

export interface Downloadable extends Prefetchable {
  /** Whether the module is there (a component then renders without suspending). */
  isLoaded(): boolean
}

export type LazyComponent<P extends object> = FunctionComponent<P> & Downloadable

/** Every lazy part made so far (parts made by a module loaded later join when it loads). */
const everyLazyPart = new Set<Prefetchable>()

/**
 * Fetches every lazy part, and the parts their modules bring, until none is left: after it, each
 * renders at once, as if the app had been one bundle. The web tests start so, so that what they
 * find on screen never depends on how fast a chunk arrives on a busy machine.
 */
export async function prefetchEveryPart(): Promise<void> {
  const fetched = new Set<Prefetchable>()
  for (;;) {
    const next = [...everyLazyPart].filter((part) => !fetched.has(part))
    if (next.length === 0) return
    for (const part of next) fetched.add(part)
    await Promise.all(next.map((part) => part.prefetch()))
  }
}

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const start = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => {
        loaded = component
        return component
      },
      (error: unknown) => {
        // The next render or prefetch tries again (React.lazy keeps a failure for good).
        loading = undefined
        Suspending = suspending()
        throw error
      },
    )
    return loading
  }
  const suspending = () => lazy(async () => ({ default: await start() }))
  let Suspending = suspending()
  const Component = (props: P) => {
    const [type] = useState<ComponentType<P>>(() => loaded ?? Suspending)
    return createElement(type, props)
  }
  const part = Object.assign(Component, {
    prefetch: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
    isLoaded: () => loaded !== undefined,
  })
  everyLazyPart.add(part)
  return part
}

/** A browser without requestIdleCallback (Safari, jsdom) runs the task this much later. */
const IDLE_FALLBACK_MS = 200
/** The longest an idle task waits on a page that is never idle. */
const IDLE_TIMEOUT_MS = 3_000

/** Runs `task` when the browser is idle; answers how to cancel it. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS })
    return () => {
      window.cancelIdleCallback(handle)
    }
  }
  const handle = setTimeout(task, IDLE_FALLBACK_MS)
  return () => {
    clearTimeout(handle)
  }
}

/** Fetches the given screens' code when the browser is idle; answers how to cancel. */
export function prefetchWhenIdle(...items: readonly Prefetchable[]): () => void {
  return whenIdle(() => {
    for (const item of items) void item.prefetch()
  })
}

/**
 * Whether the parts' downloads are over (each there, or failed: rendering it then suspends and
 * fails as React.lazy does); starts them, and renders again once they are. A screen that shows
 * its own 'Loading...' until then never suspends for them, and React 19 holds the content of a
 * boundary that showed its fallback up to 300 ms longer (its fallback throttle): the signed-in
 * screen waited so for the workspace's code, rows already there.
 */
export function useDownloaded(...parts: readonly Downloadable[]): boolean {
  const [settled, setSettled] = useState<ReadonlySet<Prefetchable>>(() => new Set())
  const waiting = parts.filter((part) => !part.isLoaded() && !settled.has(part))
  const done = waiting.length === 0
  useEffect(() => {
    if (done) return
    let live = true
    for (const part of waiting) {
      void part.prefetch().then(() => {
        if (live) setSettled((before) => new Set([...before, part]))
      })
    }
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `waiting` is derived from the parts, which a caller never changes
  }, [done])
  return done
}
