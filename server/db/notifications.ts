/**
 * Hearing PostgreSQL's NOTIFY (the live worklist's wake-up call, migration 0006). On a PostgreSQL
 * server: one dedicated connection per process that LISTENs, reconnected with backoff when it
 * drops; since notifications sent while it was down are lost, every (re)connection also calls the
 * handler once, and the listener catches up from the table. On PGlite the database is in process
 * and delivers its own notifications.
 */
import type pg from 'pg'

/** Stops listening. */
export type StopListening = () => Promise<void>

/**
 * Calls `onNotify` with its payload after each notification on `channel`, and once without one per
 * (re)connection: then anything may have been missed.
 */
export type ListenFn = (
  channel: string,
  onNotify: (payload?: string) => void,
) => Promise<StopListening>

const RETRY_MS = { first: 250, max: 15_000 }

/** No NOTIFY at all (a database without it, a tool): the handler runs once, at the start. */
export const withoutNotifications: ListenFn = (_channel, onNotify) => {
  onNotify()
  return Promise.resolve(() => Promise.resolve())
}

/** LISTEN on a dedicated node-postgres connection that comes back after it drops. */
export function listenOnPostgres(Client: typeof pg.Client, url: string): ListenFn {
  return async (channel, onNotify) => {
    let stopped = false
    let client: pg.Client | undefined
    let retryMs = RETRY_MS.first
    let timer: NodeJS.Timeout | undefined

    const connect = async (): Promise<void> => {
      const next = new Client({ connectionString: url })
      // Both an error and an end lead to one reconnection.
      let lost = false
      const onLost = (error?: Error & { code?: string }) => {
        if (lost || stopped) return
        lost = true
        if (error) console.error(`The live-event connection dropped (${error.code ?? error.name})`)
        schedule()
      }
      next.on('error', onLost)
      next.on('end', () => {
        onLost()
      })
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload)
      })
      try {
        await next.connect()
        await next.query(`LISTEN ${quoteIdentifier(channel)}`)
      } catch (error) {
        await next.end().catch(() => undefined)
        onLost(error as Error)
        return
      }
      if (stopped) {
        await next.end().catch(() => undefined)
        return
      }
      client = next
      retryMs = RETRY_MS.first
      onNotify()
    }
    const schedule = () => {
      client = undefined
      if (stopped) return
      timer = setTimeout(() => void connect(), retryMs)
      retryMs = Math.min(retryMs * 2, RETRY_MS.max)
    }

    await connect()
    return async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await client?.end().catch(() => undefined)
    }
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
