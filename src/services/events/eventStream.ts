/**
 * One connection to the live worklist (GET /api/v1/events, EV-6, EV-7), read with fetch so the
 * session token travels in the `Authorization` header, never in a URL. It hands each event over
 * as it arrives and answers how the connection ended, so the caller (the live-events saga)
 * decides what comes next: reconnect with `Last-Event-ID` after a backoff, or give up on a backend
 * that has no stream (the spec's), which keeps the product's behaviour without live updates.
 */
import { API_PREFIX, EVENTS_PATH } from '../../../contract'
import { createSseReader } from './sseFrames'

export interface StreamEvent {
  type: string
  data: string
  /** The last event id after this event: what a reconnection sends as `Last-Event-ID`. */
  lastEventId: string
}

/** How a connection ended. */
export type StreamEnd =
  /** The server ended it (it does every few minutes), or the network did: reconnect. */
  | { kind: 'ended'; lastEventId: string }
  /** No such route (404, 405, 501) or not an event stream: this backend has no live worklist. */
  | { kind: 'unsupported' }
  /** 401: the session is over or its token is being refreshed; try again with the next token. */
  | { kind: 'unauthorized' }
  /** Any other refusal or a network failure before the stream opened: reconnect after a while. */
  | { kind: 'failed'; status: number | null }
  /** The caller stopped it. */
  | { kind: 'stopped' }

export interface StreamOptions {
  token: string | undefined
  lastEventId: string | undefined
  signal: AbortSignal
  onEvent(event: StreamEvent): void
  fetch?: typeof fetch
}

/** What the live-events saga is given to open one connection (readEventStream in the browser). */
export type EventStreamReader = (options: StreamOptions) => Promise<StreamEnd>

const UNSUPPORTED = new Set([404, 405, 501])

export async function readEventStream(options: StreamOptions): Promise<StreamEnd> {
  const headers: Record<string, string> = { accept: 'text/event-stream' }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId
  const url = new URL(`${API_PREFIX}${EVENTS_PATH}`, globalThis.location.origin).href
  let response: Response
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers,
      credentials: 'include',
      cache: 'no-store',
      signal: options.signal,
    })
  } catch {
    return options.signal.aborted ? { kind: 'stopped' } : { kind: 'failed', status: null }
  }
  if (response.status === 401) return { kind: 'unauthorized' }
  if (UNSUPPORTED.has(response.status)) return { kind: 'unsupported' }
  if (!response.ok) return { kind: 'failed', status: response.status }
  const type = response.headers.get('content-type') ?? ''
  if (!type.startsWith('text/event-stream') || !response.body) return { kind: 'unsupported' }

  const reader = createSseReader(options.lastEventId ?? '')
  const decoder = new TextDecoder()
  const body = response.body.getReader()
  try {
    for (;;) {
      const { value, done } = await body.read()
      if (done) break
      for (const event of reader.push(decoder.decode(value, { stream: true }))) {
        options.onEvent({ type: event.type, data: event.data, lastEventId: event.lastEventId })
      }
    }
  } catch {
    if (options.signal.aborted) return { kind: 'stopped' }
  }
  return options.signal.aborted
    ? { kind: 'stopped' }
    : { kind: 'ended', lastEventId: reader.lastEventId() }
}

/** How long to wait before the `attempt`th reconnection in a row (1 s doubling to 30 s, ±20%). */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1))
  return Math.round(base * (0.8 + 0.4 * random()))
}
