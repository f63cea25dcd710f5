/**
 * Answers of the fake backend that wait until a test releases them, so the test can look at the
 * caches, or change the backend, while a request is under way.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw'
import type { RouteName } from '../../contract'
import { routePattern } from './msw/apiBackend'
import { server } from './msw/server'

/** A promise that settles when `release` is called. */
export function releaseGate(): { released: Promise<void>; release: () => void } {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  return { released, release }
}

/**
 * The next GET of `route` reads `snapshot()` when it arrives and answers it only when released:
 * a read that sees the backend as it was and lands after later changes.
 */
export function holdNextRead(
  route: RouteName,
  snapshot: () => JsonBodyType,
): { release: () => void; wasRead: () => boolean } {
  const { released, release } = releaseGate()
  let read = false
  server.use(
    http.get(
      routePattern(route),
      async () => {
        const before = structuredClone(snapshot())
        read = true
        await released
        return HttpResponse.json(before)
      },
      { once: true },
    ),
  )
  return { release, wasRead: () => read }
}
