/**
 * What the hospital's operations team reads and drives (docs/operations.md): /metrics (OPS-10,
 * OPS-11), /readyz (OPS-14), the request id on every answer and log line (OPS-17), and the
 * shutdown's first step (OPS-15). The app calls `registerOps` before its routes, so the hooks see
 * every request, and `observe` once the parts it reads exist.
 */
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import { migrationsFolder } from '../db/client'
import { outboxBacklog } from '../repo/outbox'
import { metricsAccess } from './access'
import { createMetrics, NO_ROUTE, type Metrics, type OutboxBacklog } from './metrics'
import { createReadiness } from './readiness'
import { REQUEST_ID_HEADER } from './requestId'

declare module 'fastify' {
  interface FastifyInstance {
    /** The shutdown's first step and its state (server/ops/shutdown.ts). */
    ops: OpsControl
  }
}

export interface OpsControl {
  /** The HL7 edge reports here (its Hl7Telemetry). */
  metrics: Metrics
  /** Gives the metrics what only the app's parts know. */
  observe(parts: { openStreams(): number; hl7Connections(): number }): void
  /**
   * /readyz turns 503 and the listening socket closes; resolves once every connection has
   * closed (requests in flight answered, streams ended).
   */
  beginShutdown(): Promise<void>
  shuttingDown(): boolean
}

/** How long one reading of the outbox's backlog serves scrapes. */
const BACKLOG_CACHE_MS = 5_000
const SIGN_IN_ROUTE = '/v1/auth/password/signin'

/** PostgreSQL's pool behind Drizzle's node-postgres database (`$client`); none on PGlite. */
function poolOf(db: Database) {
  const client = (db as unknown as { $client?: unknown }).$client
  if (typeof client !== 'object' || client === null || !('waitingCount' in client)) return null
  const pool = client as {
    totalCount: number
    idleCount: number
    waitingCount: number
    options: { max?: number }
  }
  return () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  })
}

export function registerOps(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date; metricsToken: string | undefined },
): OpsControl {
  const { db, now } = deps
  const metrics = createMetrics()
  let stopping = false
  const ready = createReadiness({ db, migrationsFolder, shuttingDown: () => stopping })

  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id)
    // Once shutdown began, every answer closes its connection: the next request goes elsewhere.
    if (stopping) void reply.header('connection', 'close')
  })
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? NO_ROUTE
    metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000)
    if (route !== SIGN_IN_ROUTE) return
    if (reply.statusCode === 401) metrics.signInFailed()
    if (reply.statusCode === 429) metrics.signInLockedOut()
  })

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    void reply.header('cache-control', 'no-store')
    const access = metricsAccess(
      { ip: request.ip, host: request.host, headers: request.headers },
      deps.metricsToken,
    )
    if (access === 'hidden')
      return reply.status(404).send({ error: 'not_found', message: 'No such route.' })
    if (access === 'unauthorized') {
      void reply.header('www-authenticate', 'Bearer realm="metrics"')
      return reply
        .status(401)
        .send({ error: 'unauthorized', message: 'Send Authorization: Bearer <METRICS_TOKEN>.' })
    }
    const { contentType, text } = await metrics.scrape()
    return reply.type(contentType).send(text)
  })
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const body = await ready()
    void reply.header('cache-control', 'no-store')
    return reply.status(body.ok ? 200 : 503).send(body)
  })

  let backlog: { at: number; reading: Promise<OutboxBacklog | null> } | null = null
  const pool = poolOf(db)
  return {
    metrics,
    observe(parts) {
      metrics.observe({
        ...parts,
        pool: () => pool?.() ?? null,
        outbox() {
          const at = Date.now()
          if (!backlog || at - backlog.at > BACKLOG_CACHE_MS) {
            // A database that does not answer leaves the figures out of this scrape.
            backlog = { at, reading: outboxBacklog(db).catch(() => null) }
          }
          return backlog.reading
        },
        now,
      })
    },
    beginShutdown() {
      stopping = true
      return new Promise<void>((resolve) => {
        app.server.close(() => {
          resolve()
        })
      })
    },
    shuttingDown: () => stopping,
  }
}
