/**
 * The HL7 v2 interface of one server instance: the MLLP listener for orders when
 * HL7_LISTEN_PORT is set, and the results outbox with its worker when HL7_SEND_TO is. Without
 * HL7_SEND_TO no result is queued at all: signing and addenda work as before and nothing waits.
 */
import type { Database } from '../../db/client'
import { queueResults, type ResultsOut } from '../../usecases/deliverResults'
import { startHl7Listener } from './listener'
import type { MllpListener } from './mllp'
import { startOutboxWorker, type OutboxWorker } from './outboxWorker'
import { destinationOf } from './resultExchange'
import { buildResultMessage } from './resultMessage'
import type { Hl7Config } from './settings'
import type { Hl7Telemetry } from './telemetry'

export type { Hl7Telemetry }

/**
 * OPS-16: at shutdown, a message being applied and a result being sent (itself bounded by
 * HL7_ACK_TIMEOUT_MS) get this long to finish, inside the server's ten seconds.
 */
const DRAIN_MS = 4_000

export interface Hl7Integration {
  /** For the report writes: queue in their transaction, wake the worker after the commit. */
  results: ResultsOut | undefined
  /** Starts the listener and the worker (when configured). */
  start(): Promise<void>
  /** The listener's port once started (null: no listener). */
  port(): number | null
  /** MLLP connections open on the listener (OPS-10). */
  connections(): number
  /** Stops the listener and the worker, letting the work under way finish (OPS-16). */
  close(): Promise<void>
}

export function hl7Integration(deps: {
  db: Database
  host: string
  config: Hl7Config
  now: () => Date
  log: { info(message: string): void; error(message: string): void }
  telemetry?: Hl7Telemetry
  departmentTimeZone?: string
}): Hl7Integration {
  const { config } = deps
  let listener: MllpListener | null = null
  let worker: OutboxWorker | null = null
  const sendTo = config.sendTo
  return {
    results: sendTo
      ? {
          queue: queueResults((data) => buildResultMessage(data, config), destinationOf(sendTo)),
          wake: () => worker?.wake(),
          sendsPreliminary: config.sendPreliminary,
        }
      : undefined,
    async start() {
      if (sendTo) worker = startOutboxWorker({ ...deps, config: { ...config, sendTo } })
      if (config.listenPort !== null) listener = await startHl7Listener(deps)
    },
    port: () => listener?.port ?? null,
    connections: () => listener?.connections() ?? 0,
    async close() {
      await Promise.all([listener?.close(DRAIN_MS), worker?.stop(DRAIN_MS)])
      listener = null
      worker = null
    },
  }
}
