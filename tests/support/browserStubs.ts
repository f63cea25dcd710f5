/**
 * The browser APIs jsdom lacks, as plain stubs: the observers, a dark-only `matchMedia` and the
 * scrolling methods. Shared by the web tests' setup (setupDom.ts) and the benchmarks' jsdom
 * (scripts/benchSupport.ts); it imports nothing, so it runs under Vitest and plain tsx alike.
 */

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

class IntersectionObserverStub {
  readonly root = null
  readonly rootMargin = '0px'
  readonly thresholds: readonly number[] = [0]
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return []
  }
}

/** Readout is dark only; `prefers-color-scheme: dark` answers true, every other query false. */
const darkOnly = (query: string): MediaQueryList => ({
  matches: query.includes('prefers-color-scheme: dark'),
  media: query,
  onchange: null,
  // Still called by older libraries; a stub must answer both APIs.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  addListener: () => undefined,
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})

/** Installs the stubs on the global object and its `window`; call once jsdom is in place. */
export function installBrowserStubs(): void {
  Object.assign(globalThis, {
    ResizeObserver: ResizeObserverStub,
    IntersectionObserver: IntersectionObserverStub,
    matchMedia: darkOnly,
  })
  window.matchMedia = darkOnly
  window.scrollTo = () => undefined
  Element.prototype.scrollTo = () => undefined
  Element.prototype.scrollIntoView = () => undefined
}
