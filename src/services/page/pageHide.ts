/**
 * The page going away (a closed tab, a navigation, the browser quitting): `pagehide`, the one
 * event browsers fire reliably then. What a listener starts must not wait for a timer: a request
 * sent then needs `keepalive` to outlive the page.
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
