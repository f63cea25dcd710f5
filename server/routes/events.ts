/**
 * GET /events: the live worklist as Server-Sent Events (EV-1; the format is `EVENTS_PATH`'s
 * in contract/constants.ts). The session guard has checked the `Authorization` header like any
 * other call; a stream is closed after `maxStreamMs` so the client comes back with a fresh token
 * (and `Last-Event-ID`), and a revoked session does not keep a stream: with the local identity,
 * the stream ends as soon as its sign-in does, on every instance (SEC-22..SEC-25,
 * events/streamSessions.ts). With Descope, whose session tokens outlive a logout anyway, it ends
 * with the stream's lifetime. The stream is a clinician's (RL-7): a user with neither the
 * radiologist's nor the trainee's role gets 403.
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify'
import { decodeJwt } from 'jose'
import { EVENTS_PATH } from '../../contract'
import { Forbidden } from '../domain/errors'
import type { EventHub } from '../events/hub'
import type { StreamSessions, StreamWatch } from '../events/streamSessions'
import { bearerToken } from '../identity/sessionVerifier'
import { CLINICIAN_ROLES, mayCall } from './access'

export interface EventRouteDeps {
  hub: EventHub
  maxStreamMs: number
  /** The local identity's sign-ins behind open streams; none with Descope. */
  sessions?: StreamSessions | null
}

/**
 * The session family of the request's token. The guard has verified that very token (signature,
 * expiry, live family) before this route runs, so reading its claim again is safe.
 */
function familyOf(request: FastifyRequest): string | null {
  const token = bearerToken(request)
  if (!token) return null
  try {
    const { sid } = decodeJwt(token)
    return typeof sid === 'string' && sid !== '' ? sid : null
  } catch {
    return null
  }
}

export const eventRoutes: FastifyPluginCallback<EventRouteDeps> = (
  app,
  { hub, maxStreamMs, sessions },
  done,
) => {
  app.get(EVENTS_PATH, (request, reply) => {
    if (!mayCall(CLINICIAN_ROLES, request.roles))
      throw new Forbidden('The live worklist is for radiologists and trainees.')
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
    let watch: StreamWatch | undefined
    let finished = false
    const finish = () => {
      if (finished) return
      finished = true
      clearTimeout(limit)
      watch?.stop()
      detach?.()
      // The last bytes go, then the socket: a stream's connection is never reused.
      raw.end(() => raw.destroy())
    }
    const limit = setTimeout(finish, maxStreamMs)
    request.raw.on('close', finish)
    raw.on('close', finish)
    const familyId = sessions ? familyOf(request) : null
    if (sessions && familyId) watch = sessions.watch({ userId: request.userId, familyId }, finish)
    const live = () => watch?.live() ?? true
    hub
      .attach(
        {
          write: (chunk) => raw.write(chunk),
          backlog: () => raw.writableLength,
          end: finish,
          live,
        },
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
