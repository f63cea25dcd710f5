/**
 * OPS-10: what an operator's Prometheus reads at /metrics (./metricsRoute.ts), with prom-client.
 * Each app has a registry of its own (tests build many apps in one process); the process's own
 * figures (CPU, memory, event loop, GC) are one registry per process, shared by its apps.
 *
 * Labels are bounded: a route is its pattern (never a raw URL: no id, no query), an HL7 type and
 * code are taken from short lists (a sender choosing MSH-9 cannot grow the series without end).
 * docs/operations.md lists every family and what to alert on.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

let processRegistry: Registry | undefined
/** The process's figures, collected once per process however many apps it builds. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const HL7_TYPES = new Set(['ADT', 'ORM', 'OMI', 'OMG', 'OML', 'ORU', 'SIU', 'ACK', 'not HL7'])
const HL7_OUTCOMES = new Set([
  ...['AA', 'AE', 'AR', 'CA', 'CE', 'CR'],
  ...['timeout', 'refused', 'closed', 'network'],
])
/** What the request count's `route` label says of a request no route took (the SPA, a 404). */
export const NO_ROUTE = '(none)'

/** A label value from a short list, or `other`. */
const bounded = (value: string, known: Set<string>) => (known.has(value) ? value : 'other')

export interface OutboxBacklog {
  pending: number
  oldestQueuedAt: Date | null
}

/** What the app's parts report; each reads its figures when a scrape asks. */
export interface MetricSources {
  /** Live event streams open on this instance. */
  openStreams(): number
  /** MLLP connections open on the listener. */
  hl7Connections(): number
  /** PostgreSQL's pool, or null on PGlite (one connection in the process: no pool). */
  pool(): { total: number; idle: number; waiting: number; max: number } | null
  /** The results outbox's backlog (read from the database, cached briefly); null if unread. */
  outbox(): Promise<OutboxBacklog | null>
  now(): Date
}

export interface Metrics {
  /** One answered request: its route pattern (or NO_ROUTE), method, status and seconds. */
  request(route: string, method: string, status: number, seconds: number): void
  signInFailed(): void
  signInLockedOut(): void
  /** The HL7 edge's side (its Hl7Telemetry, structurally). */
  hl7: {
    received(type: string, ack: string): void
    delivered(kind: string, outcome: string): void
    failed(stage: 'listener' | 'outbox'): void
  }
  /** Starts reading `sources` at each scrape (set once the parts exist). */
  observe(sources: MetricSources): void
  /** The exposition text and its content type. */
  scrape(): Promise<{ contentType: string; text: string }>
}

export function createMetrics(): Metrics {
  const registry = new Registry()
  const registers = [registry]
  let sources: MetricSources | null = null

  const requests = new Counter({
    name: 'readout_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'],
    registers,
  })
  const durations = new Histogram({
    name: 'readout_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  })
  const signInFailures = new Counter({
    name: 'readout_signin_failures_total',
    help: 'Sign-ins refused for a wrong password or an unknown login id (401).',
    registers,
  })
  const signInLockouts = new Counter({
    name: 'readout_signin_lockouts_total',
    help: 'Sign-ins refused unchecked by the failed-sign-in limits (429).',
    registers,
  })
  const hl7Received = new Counter({
    name: 'readout_hl7_messages_received_total',
    help: 'HL7 messages read on the MLLP listener, by message type (MSH-9.1) and the acknowledgement code sent.',
    labelNames: ['type', 'ack'],
    registers,
  })
  const hl7Sent = new Counter({
    name: 'readout_hl7_results_sent_total',
    help: "Results' delivery attempts, by kind (final, addendum) and outcome (the receiver's code, or timeout, refused, closed, network).",
    labelNames: ['kind', 'outcome'],
    registers,
  })
  const hl7Errors = new Counter({
    name: 'readout_hl7_errors_total',
    help: 'HL7 failures no acknowledgement tells: a message unread or unstored (listener), the outbox loop (outbox).',
    labelNames: ['stage'],
    registers,
  })
  for (const stage of ['listener', 'outbox']) hl7Errors.inc({ stage }, 0)

  new Gauge({
    name: 'readout_event_streams_open',
    help: 'Live worklist event streams open on this instance.',
    registers,
    collect() {
      if (sources) this.set(sources.openStreams())
    },
  })
  new Gauge({
    name: 'readout_hl7_connections_open',
    help: 'MLLP connections open on the HL7 listener (0 without HL7_LISTEN_PORT).',
    registers,
    collect() {
      if (sources) this.set(sources.hl7Connections())
    },
  })
  const pool = new Gauge({
    name: 'readout_db_pool_connections',
    help: "PostgreSQL pool's connections by state: total, idle, and the pool's max (PostgreSQL only).",
    labelNames: ['state'],
    registers,
    collect() {
      const figures = sources?.pool()
      if (!figures) return
      pool.set({ state: 'total' }, figures.total)
      pool.set({ state: 'idle' }, figures.idle)
      pool.set({ state: 'max' }, figures.max)
    },
  })
  new Gauge({
    name: 'readout_db_pool_waiting_queries',
    help: 'Queries waiting for a free PostgreSQL pool connection (PostgreSQL only).',
    registers,
    collect() {
      const figures = sources?.pool()
      if (figures) this.set(figures.waiting)
    },
  })
  /** The backlog's two figures, each read when a scrape asks (the source caches the query). */
  const backlogGauge = (name: string, help: string, figure: (b: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const backlog = sources ? await sources.outbox() : null
        if (backlog) this.set(figure(backlog))
        else this.reset()
      },
    })
  backlogGauge(
    'readout_hl7_outbox_pending',
    'Results in the outbox not yet acknowledged (all instances).',
    (backlog) => backlog.pending,
  )
  backlogGauge(
    'readout_hl7_outbox_oldest_pending_age_seconds',
    'Age of the oldest unacknowledged result in the outbox (0 when none).',
    ({ oldestQueuedAt }) =>
      oldestQueuedAt && sources
        ? Math.max(0, (sources.now().getTime() - oldestQueuedAt.getTime()) / 1000)
        : 0,
  )

  return {
    request(route, method, status, seconds) {
      const labels = {
        route,
        method: bounded(method, METHODS),
        status_code: String(status),
      }
      requests.inc(labels)
      durations.observe(labels, seconds)
    },
    signInFailed: () => {
      signInFailures.inc()
    },
    signInLockedOut: () => {
      signInLockouts.inc()
    },
    hl7: {
      received(type, ack) {
        const code = type === 'not HL7' ? type : (type.split('^', 1)[0] ?? '')
        hl7Received.inc({ type: bounded(code, HL7_TYPES), ack: bounded(ack, HL7_OUTCOMES) })
      },
      delivered(kind, outcome) {
        // A failure reads "AE 204" or "timeout": its first word is the outcome.
        const code = outcome.split(' ', 1)[0] ?? ''
        hl7Sent.inc({
          kind: bounded(kind, new Set(['final', 'addendum'])),
          outcome: bounded(code, HL7_OUTCOMES),
        })
      },
      failed: (stage) => {
        hl7Errors.inc({ stage })
      },
    },
    observe(given) {
      sources = given
    },
    async scrape() {
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()])
      return { contentType: registry.contentType, text: `${own}\n${process}` }
    },
  }
}
