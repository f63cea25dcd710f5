/**
 * What every server instance does every few seconds: end claims whose lease passed (each one an
 * `order.released` event, so every worklist hears it), drop events older than a day from the
 * log, and forget FHIR client assertion ids an hour after they were first seen (an assertion
 * lives five minutes at most, INT-93). Instances racing do each deletion once.
 */
import type { Database } from '../db/client'
import { sweepExpiredClaims } from '../repo/claims'
import { forgetSpentAssertions } from '../repo/fhirAccess'
import { pruneEvents } from '../repo/orderEvents'

export const EVENT_RETENTION_MS = 24 * 3600_000

/** Far longer than any client assertion may live (five minutes and the clock tolerance). */
export const ASSERTION_RETENTION_MS = 3600_000

export interface Housekeeping {
  /** One round now (tests); answers how many claims ended. */
  runOnce(): Promise<number>
  stop(): Promise<void>
}

export function startHousekeeping(options: {
  db: Database
  now: () => Date
  everyMs: number
  log: (message: string) => void
}): Housekeeping {
  const { db, now } = options
  let running: Promise<number> | undefined
  const runOnce = () => {
    running ??= (async () => {
      try {
        const ended = await sweepExpiredClaims(db, now())
        await pruneEvents(db, new Date(now().getTime() - EVENT_RETENTION_MS))
        await forgetSpentAssertions(db, new Date(now().getTime() - ASSERTION_RETENTION_MS))
        return ended
      } finally {
        running = undefined
      }
    })()
    return running
  }
  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => {
      options.log(`housekeeping: ${error instanceof Error ? error.message : String(error)}`)
    })
  }, options.everyMs)
  timer.unref()
  return {
    runOnce,
    async stop() {
      clearInterval(timer)
      await running?.catch(() => undefined)
    },
  }
}
