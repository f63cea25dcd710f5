/**
 * A live-event stream as a test reads it: GET /api/v1/events through real HTTP with the bearer
 * token (and `Last-Event-ID`), parsed by the SPA's own reader. `next` waits for an event that
 * matches, however long the machine takes, up to a bound that only limits a hang.
 */
import { createSseReader, type SseEvent } from '../../src/services/events/sseFrames'

export interface TestStream {
  status: number
  /** Every event received so far, in order. */
  events: SseEvent[]
  /** Resolves when the stream has ended: the server closed it, or close() did. */
  ended: Promise<void>
  next(match: (event: SseEvent) => boolean, boundMs?: number): Promise<SseEvent>
  close(): void
}

export async function openStream(
  base: string,
  token: string | null,
  lastEventId?: string,
): Promise<TestStream> {
  const abort = new AbortController()
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId
  const res = await fetch(`${base}/api/v1/events`, { headers, signal: abort.signal })
  const events: SseEvent[] = []
  const waiters = new Set<() => void>()
  let ended: Promise<void> = Promise.resolve()
  if (res.ok && res.body) {
    const reader = createSseReader()
    const decoder = new TextDecoder()
    ended = (async () => {
      const body = res.body!.getReader()
      try {
        for (;;) {
          const { value, done } = await body.read()
          if (done) break
          events.push(...reader.push(decoder.decode(value, { stream: true })))
          for (const wake of [...waiters]) wake()
        }
      } catch {
        // Aborted by close().
      }
    })()
  }
  let seen = 0
  return {
    status: res.status,
    events,
    ended,
    next(match, boundMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (seen < events.length) {
            const event = events[seen++]!
            if (match(event)) {
              waiters.delete(check)
              clearTimeout(timer)
              resolve(event)
              return
            }
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(
            new Error(
              `no matching event within ${String(boundMs)} ms; got ${events.map((e) => e.type).join(', ')}`,
            ),
          )
        }, boundMs)
        waiters.add(check)
        check()
      })
    },
    close: () => {
      abort.abort()
    },
  }
}
