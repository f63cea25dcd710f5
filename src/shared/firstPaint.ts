/**
 * The first paint (src/app/boot): a returning clinician's worklist rows, drawn by the page's first
 * script from the first page's answer before React has loaded. The app releases it the moment its
 * own screen shows instead (the sidebar's worklist, the login page, an error page): the painted
 * rows and the app's rows are never in the page together, so there is always one 'Worklist'.
 */
import { useLayoutEffect } from 'react'
import { useDeps, type FirstPaint } from './deps'

export type { FirstPaint }

/**
 * Releases the first paint once `shown` (in the layout phase of the render that shows the app's
 * own screen, so both are never painted together); a study clicked on it goes to `onClicked`.
 */
export function useFirstPaintRelease(shown: boolean, onClicked?: (orderId: string) => void): void {
  const { firstPaint } = useDeps()
  useLayoutEffect(() => {
    if (!shown || firstPaint === undefined) return
    const clicked = firstPaint.release()
    if (clicked !== null) onClicked?.(clicked)
  }, [shown, firstPaint, onClicked])
}
