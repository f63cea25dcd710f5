/**
 * OPS-15, OPS-16: a clean shutdown on SIGTERM (and SIGINT), within ten seconds:
 * 1. /readyz answers 503 and the listening socket closes: a new connection is refused, so a proxy
 *    sends it to another instance; a request on a connection already open is answered 503 with
 *    `Connection: close` (Fastify's closing state) and every answer after now closes its connection;
 * 2. the app closes: live event streams end with a retry hint (the client comes back, to another
 *    instance), the HL7 listener stops taking messages and finishes the ones being applied, the
 *    outbox's delivery under way finishes and is recorded (or, past its bound, is given back for
 *    the next instance), the claims' sweeper stops;
 * 3. requests in flight finish (the connections close once answered);
 * 4. the database closes (PGlite writes its files);
 * then the process exits 0. If anything hangs, it logs what and exits 1 at the deadline.
 */
import type { FastifyInstance } from 'fastify'

/** The deadline an orchestrator can count on (Kubernetes waits 30 s by default before SIGKILL). */
export const SHUTDOWN_DEADLINE_MS = 10_000
/** Kept for closing the database after the requests in flight. */
const DATABASE_MARGIN_MS = 2_000

/** Resolves true when `promise` settles within `ms`, false otherwise. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(
      () => {
        resolve(false)
      },
      Math.max(0, ms),
    )
  })
  const settled = promise.then(
    () => true,
    () => true,
  )
  try {
    return await Promise.race([settled, late])
  } finally {
    clearTimeout(timer)
  }
}

/** Steps 1 to 4 above; resolves once the database is closed. */
export async function shutDown(
  app: FastifyInstance,
  database: { close(): Promise<void> },
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): Promise<void> {
  const started = Date.now()
  const connectionsClosed = app.ops.beginShutdown()
  await app.close()
  const left = deadlineMs - DATABASE_MARGIN_MS - (Date.now() - started)
  if (!(await settlesWithin(connectionsClosed, left))) {
    app.log.warn('shutdown: requests still in flight at the deadline; their connections are cut')
    app.server.closeAllConnections()
  }
  await database.close()
}

/** Where signals come from and how the process ends: the process itself, or a test's. */
export interface SignalOptions {
  exit?: (code: number) => void
  signals?: Pick<NodeJS.EventEmitter, 'on'>
  deadlineMs?: number
}

/**
 * Installs the signal handlers: the first signal starts the shutdown, a second one (an operator's
 * second Ctrl-C) exits at once.
 */
export function exitOnSignals(
  app: FastifyInstance,
  database: { close(): Promise<void> },
  options: SignalOptions = {},
): void {
  const exit = options.exit ?? ((code: number) => process.exit(code))
  const deadlineMs = options.deadlineMs ?? SHUTDOWN_DEADLINE_MS
  let closing = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting now`)
      exit(1)
      return
    }
    closing = true
    app.log.info(`${signal}: closing (at most ${deadlineMs / 1000} s)`)
    const started = Date.now()
    const deadline = setTimeout(() => {
      app.log.error(`shutdown did not finish within ${deadlineMs / 1000} s; exiting`)
      exit(1)
    }, deadlineMs)
    shutDown(app, database, deadlineMs).then(
      () => {
        clearTimeout(deadline)
        app.log.info(`closed cleanly in ${Date.now() - started} ms`)
        exit(0)
      },
      (error: unknown) => {
        clearTimeout(deadline)
        app.log.error({ err: error }, 'shutdown failed')
        exit(1)
      },
    )
  }
  const signals = options.signals ?? process
  signals.on('SIGTERM', onSignal)
  signals.on('SIGINT', onSignal)
}
