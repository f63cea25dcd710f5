/**
 * Delivers the results outbox (../../repo/outbox.ts) over MLLP, each row to the destination it was
 * queued for (INT-67; HL7_SEND_TO of this instance only for rows queued before destinations were
 * kept, INT-68): woken by a signature or an addendum on this instance, and polling for the rest
 * (other instances' results, retries). One delivery at a time per instance; each waits for the
 * acknowledgement up to HL7_ACK_TIMEOUT_MS (./resultExchange.ts reads it, INT-70). AA (or a
 * commit accept alone, recorded as such) marks the row acknowledged; AE, AR, CE, CR, a timeout, a
 * refused or dropped connection count a failed attempt and retry after a backoff doubling from
 * HL7_RETRY_MIN_MS up to HL7_RETRY_MAX_MS. Stopping takes no new row and lets the delivery under
 * way finish for up to `drainMs` (OPS-16: a clean shutdown records its acknowledgement); past that
 * it is abandoned unrecorded and its lease given back, so the next instance (or this one,
 * restarted) sends it again at once.
 */
import type { Database } from '../../db/client'
import {
  giveBackResult,
  recordDelivery,
  takeDueResult,
  type DeliveryOutcome,
  type LeasedResult,
} from '../../usecases/deliverResults'
import { errorName } from './mllp'
import { exchangeMllp, readAck, targetOf } from './resultExchange'
import type { Hl7Config } from './settings'
import { noTelemetry, type Hl7Telemetry } from './telemetry'

export interface OutboxWorker {
  /** Look for due results now (after a commit that queued one). */
  wake(): void
  /** Takes no new row; the delivery under way may finish within `drainMs` (0: abandon it now). */
  stop(drainMs?: number): Promise<void>
}

export interface OutboxWorkerDeps {
  db: Database
  config: Hl7Config & { sendTo: { host: string; port: number } }
  now: () => Date
  log: { info(message: string): void; error(message: string): void }
  telemetry?: Hl7Telemetry
}

/** The delay before attempt `attempts + 1`: doubling from the minimum, capped. */
export function backoffMs(attempts: number, minMs: number, maxMs: number): number {
  return Math.min(maxMs, minMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30))
}

export function startOutboxWorker(deps: OutboxWorkerDeps): OutboxWorker {
  const { db, config, now, log } = deps
  const telemetry = deps.telemetry ?? noTelemetry
  // Longer than any delivery can take, so a lease outlives the attempt it covers.
  const leaseMs = 2 * config.ackTimeoutMs + 1_000
  const state = { stopped: false }
  // Read through a call: the loop awaits between reads, and stop() may have run meanwhile.
  const isStopped = () => state.stopped
  let wakeUp: (() => void) | null = null
  let woken = false
  let inFlight: AbortController | null = null

  const deliver = async (result: LeasedResult): Promise<void> => {
    const abort = new AbortController()
    inFlight = abort
    const target = targetOf(result.destination, config.sendTo)
    let outcome: DeliveryOutcome
    try {
      outcome = target
        ? await exchangeMllp({
            ...target,
            message: result.message,
            timeoutMs: config.ackTimeoutMs,
            read: (answer) => readAck(answer, result.controlId),
            signal: abort.signal,
          })
        : { ok: false, error: 'bad destination' }
    } catch (error) {
      // A connection that cannot even be opened (say, a port out of range) is a failed attempt.
      outcome = { ok: false, error: errorName(error) }
    } finally {
      inFlight = null
    }
    // Abandoned at shutdown: nothing is recorded and the row is due again at once (OPS-16).
    if (abort.signal.aborted) {
      await giveBackResult(db, result, now())
      return
    }
    telemetry.delivered(result.kind, outcome.ok ? outcome.ack : outcome.error)
    const at = now()
    const retryAt = () =>
      new Date(at.getTime() + backoffMs(result.attempts, config.retryMinMs, config.retryMaxMs))
    await recordDelivery(db, result, outcome, at, retryAt)
    if (outcome.ok) {
      log.info(
        outcome.ack === 'AA'
          ? `HL7 result ${result.controlId} (${result.kind}) acknowledged after ${result.attempts} attempt(s)`
          : `HL7 result ${result.controlId} (${result.kind}) committed (CA) with no application acknowledgement after ${result.attempts} attempt(s)`,
      )
      return
    }
    log.error(
      `HL7 result ${result.controlId} (${result.kind}) attempt ${result.attempts} failed: ${outcome.error}`,
    )
  }

  const loop = async () => {
    while (!isStopped()) {
      try {
        for (;;) {
          if (isStopped()) return
          const at = now()
          const result = await takeDueResult(db, at, new Date(at.getTime() + leaseMs))
          if (!result) break
          // Stopped while the row was being leased: not sent, due again at once.
          if (isStopped()) {
            await giveBackResult(db, result, now())
            return
          }
          await deliver(result)
        }
      } catch (error) {
        telemetry.failed('outbox')
        log.error(`HL7 outbox: ${errorName(error)}`)
      }
      if (isStopped()) return
      await new Promise<void>((resolve) => {
        if (woken) {
          woken = false
          resolve()
          return
        }
        const timer = setTimeout(resolve, config.pollMs)
        wakeUp = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wakeUp = null
      woken = false
    }
  }
  const running = loop()

  return {
    wake() {
      woken = true
      wakeUp?.()
    },
    async stop(drainMs = 0) {
      state.stopped = true
      wakeUp?.()
      if (drainMs <= 0) inFlight?.abort()
      const abandon = setTimeout(() => inFlight?.abort(), drainMs)
      try {
        await running
      } finally {
        clearTimeout(abandon)
      }
    },
  }
}
