/**
 * The answer the page's first script already asked for (src/app/boot): the worklist's first
 * page, requested with the stored session token while the app's code was still on its way. The
 * base query takes it, once, for the very request it answers (same URL, same session), instead of
 * asking the server again; any other request, or a second one, goes to the network.
 *
 * The answer then goes through the base query like any other (its reader, its errors, its
 * fulfilled action): only where the bytes came from differs, so a replayed action log is the same.
 */

export interface FirstAnswer {
  /** The absolute URL asked for. */
  url: string
  /** The `Authorization` header it carried. */
  authorization: string
  /** The server's answer, its body unread. */
  response: Promise<Response>
}

let offered: FirstAnswer | undefined

/** Offers the answer to the app's first matching request (start.tsx, once per page). */
export function offerFirstAnswer(answer: FirstAnswer | undefined): void {
  offered = answer
}

/** The offered answer, if `request` is the one it answers; it is taken at most once. */
export function takeFirstAnswer(request: Request): Promise<Response> | undefined {
  if (
    offered === undefined ||
    request.method !== 'GET' ||
    request.url !== offered.url ||
    request.headers.get('Authorization') !== offered.authorization
  )
    return undefined
  const { response } = offered
  offered = undefined
  return response
}

/** `fetch`, answered by the first answer when it fits (the base query's `fetchFn`). */
export function fetchOrFirstAnswer(input: RequestInfo | URL, init?: RequestInit) {
  if (input instanceof Request && init === undefined) {
    const taken = takeFirstAnswer(input)
    if (taken) return taken
  }
  return fetch(input, init)
}
