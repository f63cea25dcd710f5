/**
 * The live worklist's hub (GET /events, EV-1..EV-5): one per server process. It listens for the
 * database's `readout_events` notification (sent at the commit of every transaction that changed
 * an order, on whichever instance), reads the new events from the log once, builds each changed
 * order's JSON once, and writes the same frames to every open stream. A stream that comes back
 * with `Last-Event-ID` is replayed from the log first; one the log cannot serve is told to
 * `reset` (refetch once).
 *
 * Drains and attachments run one at a time (a promise chain), so a stream attached at position P
 * gets exactly the events after P: replayed ones up to P, live ones after.
 */
import type { Order } from '../../contract'
import { STREAM_EVENTS } from '../../contract'
import type { Database } from '../db/client'
import type { ListenFn, StopListening } from '../db/notifications'
import type { OrderLinks } from '../domain/studies'
import {
  currentVersion,
  eventsAfter,
  ordersByIds,
  prunedThrough,
  type EventPosition,
  type StoredEvent,
} from '../repo/orderEvents'

export const EVENTS_CHANNEL = 'readout_events'

/** Where frames go: one open response. */
export interface EventSink {
  write(chunk: string): void
  /** Bytes written but not yet sent: a client this far behind is dropped (it will resume). */
  backlog(): number
  end(): void
  /**
   * False once the stream's sign-in has ended (SEC-24): asked before every write, so not one
   * frame leaves after the revocation is known, even before the socket has closed.
   */
  live?(): boolean
}

export interface EventHub {
  /** Starts writing events to `sink`, from `lastEventId` when given; answers a detach function. */
  attach(sink: EventSink, lastEventId: string | undefined): Promise<() => void>
  /** How many streams are open (tests, health). */
  size(): number
  close(): Promise<void>
}

export interface HubOptions {
  db: Database
  listen: ListenFn
  /** A drain without a notification, in case one was lost (ms). */
  safetyDrainMs?: number
  /** A comment on every stream, so proxies keep it open (ms). */
  keepAliveMs?: number
  /** A stream with more unsent bytes than this is closed (it resumes with Last-Event-ID). */
  maxBacklogBytes?: number
  log?: (message: string) => void
  /** Adds each order's `viewer_url` (INT-34); none by default. */
  links?: OrderLinks
}

const BATCH = 500

/** `V.S` (an event) or `V` (all of version V): anything else is no position. */
export function parseEventId(id: string | undefined): EventPosition | null {
  const match = id?.trim().match(/^(\d{1,15})(?:\.(\d{1,15}))?$/)
  if (!match) return null
  return { version: Number(match[1]), seq: match[2] ? Number(match[2]) : 0 }
}

function frame(event: StoredEvent, order: Order | undefined): string {
  const data = JSON.stringify({ order_id: event.orderId, order: order ?? null })
  return `id: ${event.version}.${event.seq}\nevent: ${event.type}\ndata: ${data}\n\n`
}

const controlFrame = (type: string, id: string, data: object) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`

/**
 * OPS-15: a stream's last frame when its server shuts down: come back in a second (to another
 * instance). No id, so the client's Last-Event-ID stays the last event it got.
 */
const RECONNECT_MS = 1_000
const goingAwayFrame = `retry: ${RECONNECT_MS}\nevent: ${STREAM_EVENTS.goingAway}\ndata: ${JSON.stringify({ retry_ms: RECONNECT_MS })}\n\n`

export async function createEventHub(options: HubOptions): Promise<EventHub> {
  const { db } = options
  const maxBacklog = options.maxBacklogBytes ?? 1024 * 1024
  const log =
    options.log ??
    ((message: string) => {
      console.error(message)
    })
  const sinks = new Set<EventSink>()
  const ended = new WeakSet<EventSink>()
  let position = await currentVersion(db)
  let chain: Promise<unknown> = Promise.resolve()
  let closed = false

  /** Runs `task` after every task queued before it; a failure is logged and ends nothing else. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task)
    chain = run.catch((error: unknown) => {
      log(`live events: ${error instanceof Error ? error.message : String(error)}`)
    })
    return run
  }

  const drop = (sink: EventSink) => {
    sinks.delete(sink)
    if (ended.has(sink)) return
    ended.add(sink)
    sink.end()
  }

  const send = (sink: EventSink, chunk: string) => {
    if (ended.has(sink)) return
    if (sink.live && !sink.live()) {
      drop(sink)
      return
    }
    sink.write(chunk)
    if (sink.backlog() > maxBacklog) drop(sink)
  }

  /** The frames of every event after `from` up to `through`, read in batches. */
  async function framesAfter(from: EventPosition, through: number, emit: (chunk: string) => void) {
    let cursor = from
    for (;;) {
      const events = await eventsAfter(db, cursor, through, BATCH)
      if (events.length === 0) return cursor
      const orders = await ordersByIds(db, [...new Set(events.map((event) => event.orderId))])
      emit(
        events
          .map((event) => {
            const order = orders.get(event.orderId)
            return frame(event, order && options.links ? options.links(order) : order)
          })
          .join(''),
      )
      const last = events[events.length - 1] as StoredEvent
      cursor = { version: last.version, seq: last.seq }
      if (events.length < BATCH) return cursor
    }
  }

  let draining = false
  let drainAgain = false
  /** Reads what committed since the last drain and sends it to every stream. */
  const drain = (): void => {
    if (closed) return
    if (draining) {
      drainAgain = true
      return
    }
    draining = true
    void serial(async () => {
      const through = await currentVersion(db)
      if (through <= position) return
      await framesAfter({ version: position, seq: 0 }, through, (chunk) => {
        for (const sink of [...sinks]) send(sink, chunk)
      })
      position = through
    }).finally(() => {
      draining = false
      if (drainAgain) {
        drainAgain = false
        drain()
      }
    })
  }

  const stopListening: StopListening = await options.listen(EVENTS_CHANNEL, drain)
  const safety = setInterval(drain, options.safetyDrainMs ?? 10_000)
  const keepAlive = setInterval(() => {
    for (const sink of [...sinks]) send(sink, ': keep-alive\n\n')
  }, options.keepAliveMs ?? 20_000)
  safety.unref()
  keepAlive.unref()

  return {
    attach(sink, lastEventId) {
      return serial(async () => {
        if (closed) {
          sink.end()
          return () => undefined
        }
        const from = lastEventId === undefined ? null : parseEventId(lastEventId)
        const resumable =
          from !== null && from.version <= position && from.version >= (await prunedThrough(db))
        if (lastEventId !== undefined && !resumable) {
          // A gap the log cannot fill: the client refetches once, then follows from here.
          send(sink, controlFrame(STREAM_EVENTS.reset, String(position), { version: position }))
        } else if (from) {
          await framesAfter(from, position, (chunk) => {
            send(sink, chunk)
          })
        }
        send(sink, controlFrame(STREAM_EVENTS.ready, String(position), { version: position }))
        if (!ended.has(sink)) sinks.add(sink)
        return () => {
          sinks.delete(sink)
          ended.add(sink)
        }
      })
    },
    size: () => sinks.size,
    async close() {
      closed = true
      clearInterval(safety)
      clearInterval(keepAlive)
      await stopListening()
      for (const sink of [...sinks]) {
        send(sink, goingAwayFrame)
        drop(sink)
      }
      await chain
    },
  }
}
