/**
 * The sign-ins behind this instance's open event streams (SEC-22..SEC-25). A stream belongs to
 * the session family of the token that opened it, not to that token: it outlives the token's
 * expiry (the SPA resumes streams with fresh tokens) but never its family. It ends:
 * - at once when this instance revokes the family (logout, logoutall, a replayed refresh token);
 * - when another instance's revocation notice reaches this one (PostgreSQL NOTIFY on
 *   `readout_sessions`, server/identity/revocationNotices.ts); a notice that names no families
 *   (a user with very many), and every (re)connection of the LISTEN, which may have missed some,
 *   make this instance ask the database about the streams concerned;
 * - at the latest `checkEveryMs` later as a safety net: every open stream's family is asked about
 *   in one query, so a notice lost with its connection costs seconds, not the stream's 10 minutes.
 * Between the revocation becoming known and the socket closing, the hub writes nothing: it asks
 * `live()` before each write (server/events/hub.ts).
 */
import type { ListenFn, StopListening } from '../db/notifications'
import {
  SESSIONS_CHANNEL,
  parseRevocationNotice,
  type RevocationNotice,
} from '../identity/revocationNotices'
import type { SessionFamilies } from '../identity/sessionFamilies'

/** The sign-in a stream was opened with. */
export interface StreamSession {
  userId: string
  familyId: string
}

export interface StreamWatch {
  /** False from the moment the stream's family is known ended. */
  live(): boolean
  /** The stream has ended: it is no longer followed. */
  stop(): void
}

export interface StreamSessions {
  /** Follows an open stream's sign-in; `end` is called once, when the family is known ended. */
  watch(session: StreamSession, end: () => void): StreamWatch
  /** Asks the database about every open stream's family now (also done every `checkEveryMs`). */
  checkAll(): Promise<void>
  /** How many open streams are followed. */
  size(): number
  close(): Promise<void>
}

/** The safety net's period: a revocation whose notice was lost ends its streams within it. */
export const STREAM_SESSION_CHECK_MS = 5_000

interface Watched extends StreamSession {
  ended: boolean
  end(): void
}

export async function createStreamSessions(opts: {
  families: SessionFamilies
  listen: ListenFn
  checkEveryMs?: number
  log?: (message: string) => void
}): Promise<StreamSessions> {
  const { families } = opts
  const log =
    opts.log ??
    ((message: string) => {
      console.error(message)
    })
  const byUser = new Map<string, Set<Watched>>()

  const finish = (watched: Watched) => {
    if (watched.ended) return
    watched.ended = true
    byUser.get(watched.userId)?.delete(watched)
    watched.end()
  }

  /** Asks the database about these streams' families and ends those no longer live. */
  async function check(streams: Watched[]): Promise<void> {
    const open = streams.filter((watched) => !watched.ended)
    if (open.length === 0) return
    try {
      const live = await families.liveAmong(open.map((watched) => watched.familyId))
      for (const watched of open) if (!live.has(watched.familyId)) finish(watched)
    } catch (error) {
      // The next check asks again; the streams stay until an answer says otherwise.
      log(`session check of open streams failed: ${error instanceof Error ? error.message : ''}`)
    }
  }

  const allStreams = () => [...byUser.values()].flatMap((set) => [...set])

  function heard(notice: RevocationNotice) {
    const streams = [...(byUser.get(notice.userId) ?? [])]
    if (notice.familyIds === null) {
      void check(streams)
      return
    }
    const ended = new Set(notice.familyIds)
    for (const watched of streams) if (ended.has(watched.familyId)) finish(watched)
  }

  const unfollow = families.follow(heard)
  const stopListening: StopListening = await opts.listen(SESSIONS_CHANNEL, (payload) => {
    const notice = parseRevocationNotice(payload)
    // A notice goes through the families, so the guard here forgets the family too; anything
    // else (a reconnection, a payload from elsewhere) means: ask about every open stream.
    if (notice) families.revoked(notice)
    else void check(allStreams())
  })
  const safety = setInterval(() => {
    void check(allStreams())
  }, opts.checkEveryMs ?? STREAM_SESSION_CHECK_MS)
  safety.unref()

  return {
    watch(session, end) {
      const watched: Watched = { ...session, ended: false, end }
      const set = byUser.get(session.userId) ?? new Set<Watched>()
      byUser.set(session.userId, set)
      set.add(watched)
      // Ended between the guard's check and now: the notice came before the stream was followed.
      if (families.isKnownRevoked(session.familyId)) finish(watched)
      return {
        live: () => !watched.ended && !families.isKnownRevoked(watched.familyId),
        stop: () => {
          watched.ended = true
          set.delete(watched)
          if (set.size === 0 && byUser.get(session.userId) === set) byUser.delete(session.userId)
        },
      }
    },
    checkAll: () => check(allStreams()),
    size: () => allStreams().length,
    async close() {
      clearInterval(safety)
      unfollow()
      await stopListening()
    },
  }
}
