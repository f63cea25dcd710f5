/**
 * Builds the Fastify app: security headers, response compression, the local identity endpoints
 * (local mode), the guarded /api/v1 routes and the built SPA with an index fallback for client
 * routes. Everything it needs is passed in, so tests build the same app on an in-memory database.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { API_PREFIX, type UserRole } from '../contract'
import type { Assistant } from './assistant/types'
import type { ServerConfig } from './config'
import type { Database } from './db/client'
import { registerCompression } from './http/compression'
import { errorHandler, HttpError, unauthorized } from './http/errors'
import { acceptBodilessJson } from './http/jsonBody'
import { createHeavyGate, type HeavyGate } from './http/heavyGate'
import { loggerOptions, type LogDestination } from './http/logging'
import { registerOriginCheck } from './http/origins'
import { registerSecurityHeaders } from './http/securityHeaders'
import { isApiPath, serveWebApp } from './http/webApp'
import { zodSchemaController } from './http/zodCompilers'
import { limitWrites } from './http/writeRateLimit'
import { localIdentityRoutes } from './identity/localIdentity'
import { createSessionFamilies, type SessionFamilies } from './identity/sessionFamilies'
import { bearerToken, createSessionVerifier } from './identity/sessionVerifier'
import { createSessionRevocation } from './identity/sessionRevocation'
import type { Actor } from './repo/audit'
import type { WorklistCache } from './usecases/worklistCache'
import { apiRoutes } from './routes/api'
import { claimRoutes } from './routes/claims'
import { eventRoutes } from './routes/events'
import { priorRoutes } from './routes/priors'
import { qaRoutes } from './routes/qa'
import { macroRoutes } from './routes/macros'
import { communicationRoutes } from './routes/communications'
import { templateRoutes } from './routes/templates'
import { adminRoutes } from './routes/admin'
import { statsRoutes } from './routes/stats'
import { followUpRoutes } from './routes/followUps'
import { peerReviewRoutes } from './routes/peerReviews'
import { sessionRoutes } from './routes/session'
import { withoutNotifications, type ListenFn } from './db/notifications'
import type { EventHub } from './events/hub'
import type { StreamSessions } from './events/streamSessions'
import type { Housekeeping } from './events/housekeeping'
import { startLiveWorklist } from './events/liveWorklist'
import { hl7Integration, type Hl7Integration } from './integration/hl7/integration'
import { createSpeechTokenProvider } from './speech/tokenProvider'
import { createImageLookups, type ImageLookups } from './integration/imageLookups'
import { orderLinks } from './integration/viewerLinks'
import type { OrderLinks } from './domain/studies'
import { fhirReportAlias } from './integration/fhir/reportAlias'
import { FHIR_PREFIX, fhirServer } from './integration/fhir/server'
import { impressionDraftRoutes } from './routes/impressionDraft'
import { registerOps } from './ops'
import { requestIdOf } from './ops/requestId'

declare module 'fastify' {
  interface FastifyInstance {
    /** The live worklist's hub and the claims' sweeper of this instance (tests drive them). */
    liveEvents: { hub: EventHub; housekeeping: Housekeeping; sessions: StreamSessions | null }
    /** The archives' lookups (DICOMWEB_URL, ORTHANC_URL), or null without one (tests wait on it). */
    studyUids: ImageLookups | null
    /** The HL7 v2 interface of this instance (tests read the listener's port). */
    hl7: Hl7Integration
  }
  interface FastifyRequest {
    /** The signed-in user of an /api/v1 request, set by the session guard. */
    userId: string
    /** Who acts in an /api/v1 request (user id, the name the session gives, address). */
    actor: Actor
    /** The signed-in user's roles (RL-1), set by the session guard; none before it. */
    roles: UserRole[]
  }
}

export interface AppDeps {
  config: ServerConfig
  db: Database
  assistant: Assistant
  now?: () => Date
  fetch?: typeof fetch
  /**
   * The log: false for none (most tests), or a level and where lines go (standard output by
   * default). Whatever is chosen, lines pass through the redacting serializers (SEC-3).
   */
  logger?: false | { level: string; stream?: LogDestination }
  /** Local mode's session family checks; tests pass their own to count its queries. */
  sessionFamilies?: SessionFamilies
  /** The whole worklist's cache (built per app otherwise); tests pass their own to count builds. */
  worklistCache?: (gate: HeavyGate, db: Database, links: OrderLinks) => WorklistCache
  /**
   * The database's NOTIFY (`OpenDatabase.listen`): without it, the live stream still follows
   * this instance's and others' writes, by its safety drain every few seconds.
   */
  listen?: ListenFn
}

/** A live stream ends after this long; the client resumes it with a fresh token. */
const MAX_STREAM_MS = 10 * 60_000

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, assistant } = deps
  const now = deps.now ?? (() => new Date())
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : loggerOptions(deps.logger?.level ?? config.logLevel, deps.logger?.stream),
    bodyLimit: 1024 * 1024,
    // Behind a proxy, request.ip is the client's address only when the proxy is trusted.
    trustProxy: config.trustProxy,
    // Each request's log lines and answer carry its id, a proxy's own when plain (OPS-17).
    genReqId: requestIdOf,
    // One bad client cannot hold a connection open for ever.
    requestTimeout: 120_000,
    // The zod compilers from the start: Ajv is never loaded (OPS-3).
    schemaController: zodSchemaController,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(errorHandler)
  for (const warning of config.warnings) app.log.warn(warning)
  acceptBodilessJson(app)
  // Before anything else reads the request: a foreign Host or a cross-site write goes no further.
  registerOriginCheck(app, config.publicOrigins)
  // /metrics, /readyz, request ids and the shutdown's first step (OPS-10..OPS-17).
  const ops = registerOps(app, { db, now, metricsToken: config.metricsToken })
  app.decorate('ops', ops)

  // Clinical answers and identity answers are never kept by a browser or a proxy cache, errors
  // included (set before any route runs, so a 401 or 404 carries it too).
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) void reply.header('Cache-Control', 'no-store')
  })

  // Security headers on every answer; HSTS only over TLS (SEC-28).
  registerSecurityHeaders(app, config)
  // Before every route: the plugin attaches itself to each route as it is added.
  await registerCompression(app)

  // One cache of session families for the identity routes and the guard: a logout on this
  // instance is refused here at once, on others within a second.
  const families = deps.sessionFamilies ?? createSessionFamilies({ db, now })
  if (config.identity.mode === 'local') {
    await app.register(localIdentityRoutes, {
      db,
      config: config.identity,
      rateLimit: config.identity.rateLimit,
      passwords: config.identity.passwords,
      now,
      families,
    })
  }

  const logLine = (message: string) => {
    app.log.error(message)
  }
  // Every order answered carries its viewer link (INT-34); opening one may look its UID up
  // (INT-36) and the archive's ids the link needs (INT-97).
  const studyUids = createImageLookups({
    db,
    config: config.images,
    log: app.log,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  })
  const links = orderLinks(config.images.viewerUrlTemplate, studyUids?.archiveIds)
  app.decorate('studyUids', studyUids)
  app.addHook('preClose', async () => {
    await studyUids?.close()
  })
  const { hub, sessions: streamSessions } = await startLiveWorklist(app, {
    db,
    listen: deps.listen ?? withoutNotifications,
    links,
    families: config.identity.mode === 'local' ? families : null,
    now,
    log: logLine,
  })
  // Orders in and results out over HL7 v2: started once the app is ready, stopped first.
  const hl7 = hl7Integration({
    db,
    host: config.host,
    config: config.hl7,
    now,
    log: app.log,
    telemetry: ops.metrics.hl7,
    departmentTimeZone: config.outcomes.departmentTimeZone,
  })
  app.decorate('hl7', hl7)
  ops.observe({ openStreams: () => hub.size(), hl7Connections: () => hl7.connections() })
  app.addHook('onReady', () => hl7.start())
  app.addHook('preClose', () => hl7.close())

  const verifier = await createSessionVerifier(
    config.identity.mode === 'local' ? { mode: 'local', db, now, families } : config.identity,
  )

  await app.register(
    async (api) => {
      api.decorateRequest('userId', '')
      api.decorateRequest('actor', null as unknown as Actor)
      api.decorateRequest('roles', null as unknown as UserRole[])
      api.addHook('onRequest', async (request) => {
        const token = bearerToken(request)
        const session = token ? await verifier.verify(token) : null
        if (!session) throw unauthorized()
        request.userId = session.userId
        request.roles = session.roles
        request.actor = {
          userId: session.userId,
          name: session.name,
          address: request.ip,
          roles: session.roles,
        }
      })
      api.addHook('onRequest', limitWrites(db, config.writeRateLimit, now))
      const heavy = createHeavyGate(config.heavyAnswers)
      await api.register(apiRoutes, {
        db,
        assistant,
        speech: createSpeechTokenProvider(config.speech, deps.fetch),
        now,
        writeLimit: config.writeRateLimit,
        requireCriticalCommunication: config.requireCriticalCommunication,
        identity: config.identity.mode,
        heavy,
        worklistFinalDays: config.worklistFinalDays,
        links,
        results: hl7.results,
        departmentTimeZone: config.outcomes.departmentTimeZone,
        ...(studyUids ? { studyOpened: studyUids.studyOpened } : {}),
        ...(deps.worklistCache ? { worklistCache: deps.worklistCache(heavy, db, links) } : {}),
      })
      await api.register(claimRoutes, {
        db,
        now,
        leaseMs: config.claimLeaseSeconds * 1000,
        links,
      })
      await api.register(fhirReportAlias, { db })
      await api.register(eventRoutes, {
        hub,
        maxStreamMs: MAX_STREAM_MS,
        sessions: streamSessions,
      })
      await api.register(priorRoutes, { db })
      await api.register(qaRoutes, { db, now, timeZone: config.outcomes.departmentTimeZone })
      // IMP-9: drafts wait for the model, so they have a gate of their own, not the lists'.
      const drafts = createHeavyGate(config.heavyAnswers)
      await api.register(impressionDraftRoutes, { db, assistant, gate: drafts })
      await api.register(templateRoutes)
      await api.register(macroRoutes, { db, now })
      await api.register(communicationRoutes, { db, now, results: hl7.results })
      // RL-5, RL-6, ADM-*: who one is, the accounts and the audit trail.
      const identity = config.identity.mode
      await api.register(sessionRoutes, { db, identity })
      const revocation = createSessionRevocation({ db, families, now })
      await api.register(adminRoutes, { db, now, identity, families, revocation })
      await api.register(statsRoutes, { db, now, timeZone: config.outcomes.departmentTimeZone })
      await api.register(followUpRoutes, { db, now, timeZone: config.outcomes.departmentTimeZone })
      const { peerReviewShare: share, departmentTimeZone: timeZone } = config.outcomes
      await api.register(peerReviewRoutes, { db, now, share, timeZone })
      // Unknown /api/v1 paths answer in the contract's error shape, not with the SPA.
      api.setNotFoundHandler(() => {
        throw new HttpError(404, 'not_found', 'No such API route.')
      })
    },
    { prefix: API_PREFIX },
  )

  app.get('/healthz', () => ({ ok: true }))

  // The FHIR R4 server (INT-76): its own guard, errors as OperationOutcome, never the SPA.
  await app.register(fhirServer, {
    prefix: FHIR_PREFIX,
    db,
    verifier,
    clients: config.fhir.clients,
    now,
    preliminary: config.hl7.sendPreliminary,
  })

  await serveWebApp(app, config.staticDir)

  return app
}
