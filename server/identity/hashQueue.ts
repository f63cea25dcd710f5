/**
 * SEC-12: password work (a strength estimate, an scrypt hash or check) is bounded per process. A
 * hash costs ~32 MiB and tens of milliseconds of a core, on libuv's thread pool, which response
 * compression and file reads share; 71 sign-ups hashing at once once made a worklist read wait
 * 39.5 s. A few passwords are worked on at once, a short queue waits its turn for a bounded time,
 * and the rest are answered at once with 503 and `Retry-After`, never a hang or a 500.
 *
 * The slots are the heavy answers' gate (SEC-9) with its own sizes; only the refusal differs:
 * the identity routes answer in the Descope error shape.
 */
import { availableParallelism } from 'node:os'
import { createHeavyGate, type HeavyGateConfig } from '../http/heavyGate'
import { DESCOPE_ERROR_CODES, IdentityError } from './errors'

export type HashQueueConfig = HeavyGateConfig

export const HASH_RETRY_AFTER_SECONDS = 2

/**
 * A core is left to the event loop: one password at a time on the usual 2-core machine, at most
 * 3 (libuv's pool has 4 threads, and compression and file reads need one). With two at a time
 * on 2 cores, worklist reads under a sign-up flood were 12 times slower than without it (p95);
 * with one, about 2 times (docs/security.md).
 */
export function defaultHashConcurrency(cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores - 1, 3))
}

export const DEFAULT_HASH_QUEUE: HashQueueConfig = {
  concurrency: defaultHashConcurrency(),
  queue: 16,
  maxWaitMs: 10_000,
}

export const passwordWorkBusy = () =>
  new IdentityError(
    503,
    DESCOPE_ERROR_CODES.busy,
    'Too many passwords at once',
    `The server is checking as many passwords as it can; try again in ${HASH_RETRY_AFTER_SECONDS} seconds.`,
    HASH_RETRY_AFTER_SECONDS,
  )

export interface HashQueue {
  /** Runs `work` in a slot, waiting for one in the queue; throws 503 when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>
  /** Every slot taken and the queue full: the next `run` would be refused. */
  isFull(): boolean
}

export function createHashQueue(config: HashQueueConfig = DEFAULT_HASH_QUEUE): HashQueue {
  const gate = createHeavyGate(config)
  return {
    async run(work) {
      const release = await gate.acquire().catch(() => {
        throw passwordWorkBusy()
      })
      try {
        return await work()
      } finally {
        release()
      }
    },
    isFull() {
      const { running, waiting } = gate.load()
      return running >= config.concurrency && waiting >= config.queue
    },
  }
}
