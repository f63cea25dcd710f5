/**
 * Setup of the web tests (jsdom): jest-dom matchers, the browser APIs jsdom lacks, and the MSW
 * server with unhandled requests as errors, so every call the SPA makes is one a test expects.
 */
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { installBrowserStubs } from './browserStubs'
import { resetBackends, server } from './msw/server'
import { closeTestStores } from './render'
import { prefetchEveryPart } from '../../src/shared/lazy'

installBrowserStubs()

// findBy*/waitFor wait for a condition, never a fixed time: a generous limit only changes how
// long a failing test takes to say so, while on a busy machine (two cores, CI beside a build) a
// sign-in through the real identity SDK can take longer than the library's default second.
configure({ asyncUtilTimeout: 30_000 })

// The Descope SDK narrates its timers at debug level; the tests' own logger is a FakeLogger.
vi.spyOn(console, 'debug').mockImplementation(() => undefined)

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  // The app's lazy parts (src/shared/lazy.tsx) are all here before a test renders: what a test
  // finds on screen right after a click never waits on a chunk, however busy the machine.
  await import('../../src/app/router')
  await prefetchEveryPart()
}, 120_000)

/**
 * Requests the MSW server has started and not yet answered, nor the client given up on (an
 * aborted request, such as one whose timeout a fake clock's jump passed, is never answered).
 */
const inFlight = new Set<string>()
server.events.on('request:start', ({ request, requestId }) => {
  inFlight.add(requestId)
  request.signal.addEventListener('abort', () => {
    inFlight.delete(requestId)
  })
})
server.events.on('request:end', ({ requestId }) => {
  inFlight.delete(requestId)
})

const nextFrame = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      setTimeout(resolve, 0)
    })
  })

afterEach(async () => {
  cleanup()
  // Real timers first: a request waiting on a retry back-off must be able to finish.
  vi.useRealTimers()
  await closeTestStores()
  server.resetHandlers()
  resetBackends()
  localStorage.clear()
  sessionStorage.clear()
  vi.useRealTimers()
})

afterAll(async () => {
  // The Descope SDK sets React state a frame and a timer after its session refresh answers, even
  // when the provider has unmounted; after the file's last test that would land once jsdom is
  // gone ("window is not defined"). Let every request finish and those callbacks run first.
  await vi.waitFor(() => {
    if (inFlight.size > 0) throw new Error(`${String(inFlight.size)} requests still open`)
  })
  await nextFrame()
  await nextFrame()
  server.close()
})
