/**
 * GET /events: the live worklist as Server-Sent Events (EV-1; the format is `EVENTS_PATH`'s
 * in contract/constants.ts). The session guard has checked the `Authorization` header like any
 * other call; a stream is closed after `maxStreamMs` so the client comes back with a fresh token
 * (and `Last-Event-ID`), and a revoked session does not keep a stream.
 */
import type { FastifyPluginCallback } from 'fastify'
import { EVENTS_PATH } from '../../contract'
import type { EventHub } from '../events/hub'

export interface EventRouteDeps {
  hub: EventHub
  maxStreamMs: number
}

export const eventRoutes: FastifyPluginCallback<EventRouteDeps> = (
  app,
  { hub, maxStreamMs },
  done,
) => {
  app.get(EVENTS_PATH, (request, reply) => {
    const lastEventId = request.headers['last-event-id']
    reply.hijack()
    const raw = reply.raw
    // The headers the app's hooks set (security, no-store), then the stream's own.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) raw.setHeader(name, value)
    }
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      // A stream's connection is never reused: when it ends, the socket goes too.
      connection: 'close',
    })
    // A comment first, so the client sees the stream open before any event.
    raw.write(': stream open\n\n')
    let detach: (() => void) | undefined
    let finished = false
    const finish = () => {
      if (finished) return
      finished = true
      clearTimeout(limit)
      detach?.()
      // The last bytes go, then the socket: a stream's connection is never reused.
      raw.end(() => raw.destroy())
    }
    const limit = setTimeout(finish, maxStreamMs)
    request.raw.on('close', finish)
    raw.on('close', finish)
    hub
      .attach(
        { write: (chunk) => raw.write(chunk), backlog: () => raw.writableLength, end: finish },
        Array.isArray(lastEventId) ? lastEventId[0] : lastEventId,
      )
      .then((stop) => {
        if (finished) stop()
        else detach = stop
      })
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'live events could not start')
        finish()
      })
  })
  done()
}
