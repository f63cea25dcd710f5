/**
 * SEC-9: the server protects itself from its own heavy answers. Building the whole worklist
 * costs real time and memory (the list, its validation, its serialisation and compression are all
 * held until the answer is written), so a crowd of clients asking for it at once must not queue
 * without bound: that is how a process grows to gigabytes and answers nobody, its health check
 * included. A gate lets a few heavy answers be built at once, lets a bounded number wait their
 * turn for a bounded time, and answers the rest at once with 503 and `Retry-After`.
 *
 * A slot is held from admission until the answer has been written or the client has gone
 * (the response's 'close'), since serialisation and compression happen after the handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from './errors'

export interface HeavyGateConfig {
  /** Heavy answers built at once. */
  concurrency: number
  /** Heavy requests that may wait for a slot; more are refused at once. */
  queue: number
  /** How long a request may wait for a slot before it is refused. */
  maxWaitMs: number
}

export const RETRY_AFTER_SECONDS = 2

interface Waiter {
  admit(): void
  timer: ReturnType<typeof setTimeout>
}

export interface HeavyGate {
  /** Resolves with a release function once a slot is free; throws a 503 HttpError when full. */
  acquire(): Promise<() => void>
  /** Answers being built now, and requests waiting: for tests and diagnostics. */
  load(): { running: number; waiting: number }
}

const busy = () =>
  new HttpError(
    503,
    'busy',
    `The server is building as many large answers as it can; try again in ${RETRY_AFTER_SECONDS} seconds.`,
  )

export function createHeavyGate(config: HeavyGateConfig): HeavyGate {
  let running = 0
  const waiting: Waiter[] = []

  const release = () => {
    const next = waiting.shift()
    if (next) {
      // The slot passes straight to the next waiter: running stays the same.
      clearTimeout(next.timer)
      next.admit()
    } else {
      running -= 1
    }
  }

  const releaseOnce = () => {
    let released = false
    return () => {
      if (released) return
      released = true
      release()
    }
  }

  return {
    acquire() {
      if (running < config.concurrency) {
        running += 1
        return Promise.resolve(releaseOnce())
      }
      if (waiting.length >= config.queue) return Promise.reject(busy())
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          admit: () => {
            resolve(releaseOnce())
          },
          timer: setTimeout(() => {
            const index = waiting.indexOf(waiter)
            if (index >= 0) waiting.splice(index, 1)
            reject(busy())
          }, config.maxWaitMs),
        }
        waiting.push(waiter)
      })
    },
    load: () => ({ running, waiting: waiting.length }),
  }
}

/** The client's connection has closed: nobody is left to answer. */
function clientGone(request: FastifyRequest, reply: FastifyReply): boolean {
  return reply.raw.destroyed || request.raw.socket.destroyed
}

/** A route's preHandler: wait for a slot (or refuse with 503), give it back when the answer is out. */
export function heavyRoute(gate: HeavyGate) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let release: () => void
    try {
      release = await gate.acquire()
    } catch (error) {
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS))
      throw error
    }
    // A client that went away while waiting gives its slot back at once ('close' has passed).
    // Gone means its connection closed (SEC-9, IMP-10): the request stream reports `destroyed`
    // as soon as its body has been read (Node 20.19+ destroys a consumed request), which says
    // nothing about the client and once refused every POST that passed this gate.
    if (clientGone(request, reply)) {
      release()
      throw busy()
    }
    reply.raw.once('close', release)
  }
}
