/**
 * Delivers the results outbox (../../repo/outbox.ts) over MLLP, each row to the destination it was
 * queued for (INT-67; HL7_SEND_TO of this instance only for rows queued before destinations were
 * kept, INT-68): woken by a signature or an addendum on this instance, and polling for the rest
 * (other instances' results, retries). One delivery at a time per instance; each waits for the
 * acknowledgement up to HL7_ACK_TIMEOUT_MS (./resultExchange.ts reads it, INT-70). AA (or a
 * commit accept alone, recorded as such) marks the row acknowledged; AE, AR, CE, CR, a timeout, a
 * refused or dropped connection count a failed attempt and retry after a backoff doubling from
 * HL7_RETRY_MIN_MS up to HL7_RETRY_MAX_MS. Stopping abandons the delivery under way without
 * recording it: its lease runs out and the next instance (or this one, restarted) sends it again.
 */
import type { Database } from '../../db/client'
import {
  recordDelivery,
  takeDueResult,
  type DeliveryOutcome,
  type LeasedResult,
} from '../../usecases/deliverResults'
import { errorName } from './mllp'
import { exchangeMllp, readAck, targetOf } from './resultExchange'
import type { Hl7Config } from './settings'

export interface OutboxWorker {
  /** Look for due results now (after a commit that queued one). */
  wake(): void
  stop(): Promise<void>
}

export interface OutboxWorkerDeps {
  db: Database
  config: Hl7Config & { sendTo: { host: string; port: number } }
  now: () => Date
  log: { info(message: string): void; error(message: string): void }
}

/** The delay before attempt `attempts + 1`: doubling from the minimum, capped. */
export function backoffMs(attempts: number, minMs: number, maxMs: number): number {
  return Math.min(maxMs, minMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30))
}

export function startOutboxWorker(deps: OutboxWorkerDeps): OutboxWorker {
  const { db, config, now, log } = deps
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
    // Stopped mid-delivery: nothing is recorded, the lease runs out, and it is sent again.
    if (isStopped()) return
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
          await deliver(result)
        }
      } catch (error) {
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
    async stop() {
      state.stopped = true
      inFlight?.abort()
      wakeUp?.()
      await running
    },
  }
}
