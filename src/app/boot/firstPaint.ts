/**
 * The page's first script (FP-1: the first worklist rows before the app). A returning
 * clinician's first screen is the worklist, and the app's code (React, Chakra, the store) takes
 * longer to evaluate than the server takes to answer the first page. So, before that code is
 * evaluated, this script (the entry chunk, a few kilobytes, evaluated first):
 *
 * 1. asks for the worklist's first page with the session token the identity SDK stored on the
 *    last visit, when that token is still good by its own expiry (as src/app/earlyRequests.ts
 *    does for the other first requests), with exactly the request the app makes;
 * 2. paints the rows of that page where the app's sidebar will show them (paintRows.ts), for an
 *    answer in our own plain form (firstRows.ts); a click on a row is kept for the app;
 * 3. lets the app's code evaluate once the rows are painted (or could not be), or after
 *    FIRST_PAINT_WAIT_MS at most: the app needs that answer for its own rows anyway, and the
 *    script's paint must not wait behind the app's evaluation;
 * 4. hands the app the answer (src/services/api/firstAnswer.ts: the app does not ask again) and
 *    the painted rows, which the app's own screen releases (src/shared/firstPaint.ts).
 *
 * The server still has the last word on the token: an answer it refuses paints nothing, and the
 * app's own request then meets the same 401.
 */
import { appConfig } from '../../shared/appConfig'
import type { FirstPaint } from '../../shared/firstPaint'
import { absoluteApiUrl } from '../../services/api/apiRequest'
import type { FirstAnswer } from '../../services/api/firstAnswer'
import { orderPageRequest } from '../../services/api/orderPageRequest'
import { storedSessionToken } from '../../services/auth/storedSession'
import { tokenExpiry, tokenSubject } from '../../services/auth/tokenClaims'
import { readFirstRows } from './firstRows'
import { paintRows, visibleRows } from './paintRows'

/** A token with less than this left would expire on the way, or be refreshed first anyway. */
export const EARLY_REQUEST_MARGIN_MS = 30_000

/** The app's code waits at most this long for the first paint before it evaluates anyway. */
export const FIRST_PAINT_WAIT_MS = 400

export interface Boot {
  /** Settles once the rows are painted, could not be, or FIRST_PAINT_WAIT_MS has passed. */
  ready: Promise<void>
  /** The first page's answer for the app's base query; undefined when none was asked for. */
  answer: FirstAnswer | undefined
  firstPaint: FirstPaint
}

/** The page's window, as much of it as the first script uses (tests pass a jsdom window). */
export type BootWindow = Pick<
  Window,
  'document' | 'location' | 'localStorage' | 'innerHeight' | 'setTimeout'
> & { fetch: typeof fetch }

const NOTHING_PAINTED: FirstPaint = { release: () => null }

export function startFirstPaint(window: BootWindow, nowMs: number = Date.now()): Boot {
  const token = storedSessionToken(() => window.localStorage)
  const expiry = token === undefined ? undefined : tokenExpiry(token)
  if (
    token === undefined ||
    window.location.pathname !== '/' ||
    expiry === undefined ||
    expiry - nowMs < EARLY_REQUEST_MARGIN_MS
  )
    return { ready: Promise.resolve(), answer: undefined, firstPaint: NOTHING_PAINTED }

  const url = absoluteApiUrl(orderPageRequest({}).url, window.location.origin)
  const authorization = `Bearer ${token}`
  const response = window.fetch(url, {
    credentials: 'include',
    headers: { Accept: 'application/json', Authorization: authorization },
  })
  // The app's copy is taken before this script reads the body.
  const forApp = response.then((answer) => answer.clone())
  // A failure reaches the app's request, which says so; here it only means nothing is painted.
  forApp.catch(() => undefined)

  let released = false
  let painted: HTMLElement | undefined
  let clicked: string | null = null
  const paint = response
    .then((answer) => (answer.ok ? answer.text() : ''))
    // Only an object can be our page: a spec backend's whole list (a bare array, megabytes at a
    // hospital's size) is left for the app to parse, once.
    .then((text) => (text.trimStart().startsWith('{') ? (JSON.parse(text) as unknown) : undefined))
    .then((answer) => {
      if (released) return
      const read = readFirstRows(answer, visibleRows(window.innerHeight))
      if (read === null) return
      painted = paintRows(
        window.document,
        read.rows,
        {
          productTitle: appConfig.productTitle,
          count: read.count,
          loaded: read.loaded,
          selectedId: new URLSearchParams(window.location.search).get('study'),
          viewerId: tokenSubject(token),
          nowMs,
          targets: appConfig.waitTargets,
          onOpen: (orderId) => {
            clicked = orderId
          },
        },
        window.innerHeight,
      )
    })
    .catch(() => undefined)

  return {
    ready: Promise.race([
      paint,
      new Promise<void>((resolve) => window.setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
    ]),
    answer: { url, authorization, response: forApp },
    firstPaint: {
      release() {
        if (released) return null
        released = true
        painted?.remove()
        return clicked
      },
    },
  }
}
