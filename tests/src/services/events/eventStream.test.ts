/**
 * EV-7: one connection to the live worklist, read with fetch against MSW: the token in the
 * Authorization header and Last-Event-ID sent, events handed over as they arrive, and an end
 * that says what to do next (reconnect, refresh the token, or give up on a backend without it).
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { API_PREFIX, EVENTS_PATH } from '../../../../contract'
import {
  readEventStream,
  reconnectDelayMs,
  type StreamEvent,
} from '../../../../src/services/events/eventStream'
import { server } from '../../../support/msw/server'

const path = `${API_PREFIX}${EVENTS_PATH}`

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

describe('the live-event connection', () => {
  it('EV-7 sends the token in a header and Last-Event-ID, hands over each event, and ends with the last id', async () => {
    const seen: Headers[] = []
    server.use(
      http.get(path, ({ request }) => {
        seen.push(request.headers)
        return new HttpResponse(
          streamOf([
            ': open\n\n',
            'id: 5.1\nevent: order.claimed\nda',
            'ta: {"order_id":"O1"}\n\n',
            'id: 5\nevent: ready\ndata: {"version":5}\n\n',
          ]),
          { headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
        )
      }),
    )
    const events: StreamEvent[] = []
    const end = await readEventStream({
      token: 'jwt-1',
      lastEventId: '4',
      signal: new AbortController().signal,
      onEvent: (event) => events.push(event),
    })
    expect(seen[0]?.get('authorization')).toBe('Bearer jwt-1')
    expect(seen[0]?.get('last-event-id')).toBe('4')
    expect(events.map((event) => [event.type, event.lastEventId])).toEqual([
      ['order.claimed', '5.1'],
      ['ready', '5'],
    ])
    expect(end).toEqual({ kind: 'ended', lastEventId: '5' })
  })

  it('EV-7 says a backend without the stream has none, a 401 is a token matter, and other failures are retried', async () => {
    const run = () =>
      readEventStream({
        token: 't',
        lastEventId: undefined,
        signal: new AbortController().signal,
        onEvent: () => undefined,
      })
    server.use(http.get(path, () => new HttpResponse(null, { status: 404 })))
    expect(await run()).toEqual({ kind: 'unsupported' })
    server.use(http.get(path, () => HttpResponse.json([])))
    expect(await run()).toEqual({ kind: 'unsupported' })
    server.use(http.get(path, () => new HttpResponse(null, { status: 401 })))
    expect(await run()).toEqual({ kind: 'unauthorized' })
    server.use(http.get(path, () => new HttpResponse(null, { status: 503 })))
    expect(await run()).toEqual({ kind: 'failed', status: 503 })
    server.use(http.get(path, () => HttpResponse.error()))
    expect(await run()).toEqual({ kind: 'failed', status: null })
  })

  it('EV-7 waits longer after each failure in a row, up to 30 s, never in lockstep', () => {
    expect(reconnectDelayMs(1, () => 0.5)).toBe(1000)
    expect(reconnectDelayMs(3, () => 0.5)).toBe(4000)
    expect(reconnectDelayMs(20, () => 0.5)).toBe(30_000)
    expect(reconnectDelayMs(1, () => 0)).toBe(800)
    expect(reconnectDelayMs(1, () => 1)).toBe(1200)
  })
})
