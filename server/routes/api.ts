/**
 * The 15 /api/v1 routes. Paths and schemas come from the shared contract's `routes` table, so
 * every request is validated and every answer is checked against the same schemas the SPA uses.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import negotiate from '@fastify/accept-negotiator'
import {
  claimConflictSchema,
  errorSchema,
  finalizeConflictSchema,
  ORDER_LIST_QUERY_KEYS,
  routes,
  type Order,
  type Report,
} from '../../contract'
import type { Assistant } from '../assistant/types'
import type { Database } from '../db/client'
import { HttpError } from '../http/errors'
import { heavyRoute, type HeavyGate } from '../http/heavyGate'
import * as conversation from '../repo/conversation'
import * as exchange from '../repo/exchange'
import type { ResultsQueue } from '../repo/outbox'
import * as reports from '../repo/reports'
import { reportETag, type ReportPreconditions } from '../repo/reportVersions'
import * as studies from '../repo/studies'
import * as worklist from '../repo/worklist'
import { asksForPage, signedSince } from '../repo/worklist'
import { createWorklistCache, type Encoding, type WorklistCache } from '../repo/worklistCache'
import type { SpeechTokenProvider } from '../speech/tokenProvider'
import type { OrderLinks } from '../integration/viewerLinks'

export interface ApiDeps {
  db: Database
  assistant: Assistant
  speech: SpeechTokenProvider
  now: () => Date
  /** RETAIN_SIGNED_REPORTS: clearing a conversation keeps a final report and its history. */
  retainSignedReports: boolean
  /** SEC-9: how many whole-list answers are built at once (the rest wait briefly, or get 503). */
  heavy: HeavyGate
  /** WORKLIST_FINAL_DAYS: how long a signed study stays on the worklist. */
  worklistFinalDays: number
  /** The whole worklist's cache; tests pass their own to count its builds. */
  worklistCache?: WorklistCache
  /** Issue 17: adds an order's `viewer_url` (VIEWER_URL_TEMPLATE) to every order answered. */
  links: OrderLinks
  /**
   * Issue 17: a study was opened (its conversation initialized, or the order read: `order`
   * then), so its study UID may be looked up.
   */
  studyOpened?: (orderId: string, order?: Order) => void
  /** HL7_SEND_TO: signed results queued for the RIS, and the worker to wake after the commit. */
  results?: { queue: ResultsQueue; wake(): void } | undefined
  /** REQUIRE_CRITICAL_COMMUNICATION (default on): see `finalizeReport` in ../repo/reports. */
  requireCriticalCommunication?: boolean
}

const ENCODINGS: Encoding[] = ['br', 'gzip']

const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  // A report write of a study another clinician reads names them (issue 16).
  409: z.union([claimConflictSchema, errorSchema]),
  412: errorSchema,
  502: errorSchema,
  503: errorSchema,
}

/** One header's value; a header sent twice is one comma-separated list, as HTTP defines it. */
function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** `If-Match` / `If-None-Match` of a report write; both optional (see reports.saveReport). */
function reportPreconditions(request: FastifyRequest): ReportPreconditions {
  return {
    ifMatch: headerValue(request, 'if-match'),
    ifNoneMatch: headerValue(request, 'if-none-match'),
  }
}

/** The report's version as the `ETag` of the answer carrying it (none while there is no report). */
function setETag(reply: FastifyReply, report: Report | null): void {
  if (report) void reply.header('etag', reportETag(report))
}

export const apiRoutes: FastifyPluginCallbackZod<ApiDeps> = (
  app,
  { db, assistant, speech, now, retainSignedReports, heavy, worklistFinalDays, links, ...deps },
  done,
) => {
  const heavyAnswer = heavyRoute(heavy)

  app.get(
    routes.listPatients.path,
    {
      preHandler: heavyAnswer,
      schema: { response: { 200: routes.listPatients.answer, ...errors } },
    },
    () => studies.listPatients(db),
  )

  // The whole worklist (no page parameter) comes from the per-version cache, already serialized
  // and compressed; a page is read for the request (issue 15).
  const worklistCache =
    deps.worklistCache ??
    createWorklistCache({ db, now, finalDays: worklistFinalDays, gate: heavy, links })
  app.get(
    routes.listOrders.path,
    {
      schema: {
        querystring: routes.listOrders.query,
        response: {
          200: z.union([routes.listOrders.pageAnswer, routes.listOrders.answer]),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      if (asksForPage(request.query, ORDER_LIST_QUERY_KEYS)) {
        const since = signedSince(now(), worklistFinalDays)
        const page = await worklist.worklistPage(db, request.query, since, request.userId)
        return { ...page, items: page.items.map(links) }
      }
      const answer = await worklistCache.answer(
        negotiate(headerValue(request, 'accept-encoding') ?? '', ENCODINGS),
        headerValue(request, 'if-none-match'),
      )
      // The answer is bytes already checked against the contract: sent as they are.
      const raw = reply as FastifyReply
      void raw.header('etag', answer.etag).header('vary', 'Accept-Encoding')
      if (answer.status === 304) return raw.status(304).send()
      void raw.type('application/json; charset=utf-8')
      if (answer.encoding) void raw.header('content-encoding', answer.encoding)
      return raw.send(answer.body)
    },
  )

  app.get(
    routes.getOrder.path,
    {
      schema: {
        params: routes.getOrder.params,
        response: { 200: routes.getOrder.answer, ...errors },
      },
    },
    async (request, reply) => {
      const order = await studies.getOrder(db, request.params.id)
      setETag(reply, order.report)
      deps.studyOpened?.(order.id, order)
      return links(order)
    },
  )

  app.get(
    routes.listMessages.path,
    {
      schema: {
        params: routes.listMessages.params,
        response: { 200: routes.listMessages.answer, ...errors },
      },
    },
    async (request) => {
      await studies.assertOrderExists(db, request.params.id)
      return studies.listMessages(db, request.params.id)
    },
  )

  app.post(
    routes.sendMessage.path,
    {
      schema: {
        params: routes.sendMessage.params,
        body: routes.sendMessage.body,
        response: { 200: routes.sendMessage.answer, ...errors },
      },
    },
    async (request) => {
      const orderId = request.params.id
      const { study, history, basis } = await exchange.exchangeContext(db, orderId, request.actor)
      // The assistant answers before anything is stored: if it fails, nothing half-done remains
      // and the clinician's text stays in their input to send again.
      let reply
      try {
        reply = await assistant.reply({
          study,
          text: request.body.content,
          inputType: request.body.input_type,
          history,
          now: now(),
        })
      } catch (err) {
        request.log.error({ err }, 'assistant failed')
        throw new HttpError(
          502,
          'assistant_unavailable',
          'The assistant could not answer. Your message was not saved; please send it again.',
        )
      }
      return exchange.storeExchange(
        db,
        {
          orderId,
          actor: request.actor,
          content: request.body.content,
          inputType: request.body.input_type,
          reply: reply.content,
          sections: reply.sections,
        },
        basis,
        now,
      )
    },
  )

  app.patch(
    routes.rateMessage.path,
    {
      schema: {
        params: routes.rateMessage.params,
        body: routes.rateMessage.body,
        response: { 200: routes.rateMessage.answer, ...errors },
      },
    },
    async (request) => {
      await conversation.rateMessage(
        db,
        request.params.id,
        request.params.messageId,
        request.body.rating,
        request.actor,
        now,
      )
      return { success: true as const }
    },
  )

  app.post(
    routes.initializeOrder.path,
    {
      schema: {
        params: routes.initializeOrder.params,
        response: { 200: routes.initializeOrder.answer, ...errors },
      },
    },
    async (request) => {
      const answer = await conversation.initializeConversation(
        db,
        request.params.id,
        request.actor,
        async (study) => JSON.stringify(await assistant.summarize(study, now())),
        now,
      )
      deps.studyOpened?.(request.params.id)
      return answer
    },
  )

  app.put(
    routes.saveReport.path,
    {
      schema: {
        params: routes.saveReport.params,
        body: routes.saveReport.body,
        response: { 200: routes.saveReport.answer, ...errors },
      },
    },
    async (request, reply) => {
      const report = await reports.saveReport(db, request.params.id, request.body.sections, now, {
        actor: request.actor,
        preconditions: reportPreconditions(request),
        cause: request.body.cause ?? 'save',
      })
      setETag(reply, report)
      return report
    },
  )

  app.post(
    routes.finalizeReport.path,
    {
      schema: {
        params: routes.finalizeReport.params,
        // No body (the spec's call), `{}`, or a pre-sign check override.
        body: routes.finalizeReport.body.nullish(),
        response: {
          200: routes.finalizeReport.answer,
          ...errors,
          // A refused signature may say how many `[bracketed fields]` are left (`count`).
          409: z.union([claimConflictSchema, finalizeConflictSchema]),
        },
      },
    },
    async (request, reply) => {
      const report = await reports.finalizeReport(db, request.params.id, now, {
        actor: request.actor,
        preconditions: reportPreconditions(request),
        results: deps.results?.queue,
        qaOverride: request.body?.qa_override,
        requireCriticalCommunication: deps.requireCriticalCommunication ?? true,
      })
      deps.results?.wake()
      setETag(reply, report)
      return report
    },
  )

  app.get(
    routes.listReportRevisions.path,
    {
      schema: {
        params: routes.listReportRevisions.params,
        response: { 200: routes.listReportRevisions.answer, ...errors },
      },
    },
    (request) => studies.listReportRevisions(db, request.params.id),
  )

  app.post(
    routes.addReportAddendum.path,
    {
      schema: {
        params: routes.addReportAddendum.params,
        body: routes.addReportAddendum.body,
        response: { 201: routes.addReportAddendum.answer, ...errors },
      },
    },
    async (request, reply) => {
      const addendum = await reports.addAddendum(
        db,
        request.params.id,
        request.body.text,
        now,
        request.actor,
        deps.results?.queue,
      )
      deps.results?.wake()
      return reply.status(201).send(addendum)
    },
  )

  app.delete(
    routes.clearConversation.path,
    { schema: { params: routes.clearConversation.params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await conversation.clearConversation(db, request.params.id, request.actor, now, {
        retainSignedReports,
      })
      return reply.status(204).send(null)
    },
  )

  app.post(
    routes.speechToken.path,
    { schema: { response: { 200: routes.speechToken.answer, ...errors } } },
    () => speech.issue(),
  )

  app.post(
    routes.speechPhrases.path,
    {
      schema: {
        body: routes.speechPhrases.body,
        response: { 200: routes.speechPhrases.answer, ...errors },
      },
    },
    async (request) => {
      const phrases = await assistant.phrases({
        modality: request.body.modality,
        bodyPart: request.body.body_part,
      })
      return { phrases, count: phrases.length }
    },
  )

  app.post(
    routes.speechCleanup.path,
    {
      schema: {
        body: routes.speechCleanup.body,
        response: { 200: routes.speechCleanup.answer, ...errors },
      },
    },
    async (request) => ({
      cleaned: await assistant.cleanup({
        text: request.body.text,
        modality: request.body.modality,
        bodyPart: request.body.body_part,
      }),
    }),
  )
  done()
}
