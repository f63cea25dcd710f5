/**
 * The page going away (a closed tab, a navigation, a reload, the browser quitting): `pagehide`,
 * the one event browsers fire reliably then. What a listener starts must not wait for a timer: a
 * request sent then needs `keepalive` to outlive the page.
 *
 * The page hidden (`windowPageHidden`): the same, or the tab put in the background, the window
 * minimized, the screen locked. A page in the background may be discarded, and on phones closed,
 * with no `pagehide` at all, so work kept only in memory is written down then.
 */
export type PageHideSource = (listener: () => void) => () => void

export function windowPageHide(target: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
  const source: PageHideSource = (listener) => {
    target.addEventListener('pagehide', listener)
    return () => {
      target.removeEventListener('pagehide', listener)
    }
  }
  return source
}

export function windowPageHidden(
  target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'document'>,
) {
  const goingAway = windowPageHide(target)
  const source: PageHideSource = (listener) => {
    const { document } = target
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') listener()
    }
    const stopGoingAway = goingAway(listener)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      stopGoingAway()
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }
  return source
}
