/**
 * What the /api/v1 route groups share: their collaborators, and the report writes' version
 * headers.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { reportETag, type Order, type Report } from '../../contract'
import type { Assistant } from '../assistant/types'
import type { Database } from '../db/client'
import type { OrderLinks } from '../domain/studies'
import type { HeavyGate } from '../http/heavyGate'
import type { WriteRateLimitConfig } from '../http/writeRateLimit'
import type { SpeechTokenProvider } from '../speech/tokenProvider'
import type { ResultsOut } from '../usecases/deliverResults'
import type { ReportPreconditions } from '../usecases/saveReport'
import type { WorklistCache } from '../usecases/worklistCache'

export interface ApiDeps {
  db: Database
  assistant: Assistant
  speech: SpeechTokenProvider
  now: () => Date
  /** WRITE_MAX_PER_USER_PER_MINUTE (SEC-7), for the routes that count their own write. */
  writeLimit: WriteRateLimitConfig
  /** SEC-9: how many whole-list answers are built at once (the rest wait briefly, or get 503). */
  heavy: HeavyGate
  /** WORKLIST_FINAL_DAYS: how long a signed study stays on the worklist. */
  worklistFinalDays: number
  /** The whole worklist's cache; tests pass their own to count its builds. */
  worklistCache?: WorklistCache
  /** Adds an order's `viewer_url` (VIEWER_URL_TEMPLATE, INT-34) to every order answered. */
  links: OrderLinks
  /**
   * A study was opened (its conversation initialized, or the order read: `order` then), so its
   * study UID may be looked up (INT-36).
   */
  studyOpened?: (orderId: string, order?: Order) => void
  /** HL7_SEND_TO: signed results queued for the RIS, and the worker to wake after the commit. */
  results?: ResultsOut | undefined
  /** REQUIRE_CRITICAL_COMMUNICATION (default on): see ../usecases/signReport.ts. */
  requireCriticalCommunication?: boolean
  /** Whose accounts these are (RL-6: who may clear all studies); local when omitted. */
  identity?: 'local' | 'descope'
  /** DEPARTMENT_TIME_ZONE: the day a signature's follow-ups count from (FU-10); UTC by default. */
  departmentTimeZone?: string
}

/** The Fastify instance a route group registers on (the /api/v1 plugin's, with zod types). */
export type ApiApp = Parameters<FastifyPluginCallbackZod<ApiDeps>>[0]

/** One header's value; a header sent twice is one comma-separated list, as HTTP defines it. */
export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** `If-Match` / `If-None-Match` of a report write; both optional (see repo/reportVersions). */
export function reportPreconditions(request: FastifyRequest): ReportPreconditions {
  return {
    ifMatch: headerValue(request, 'if-match'),
    ifNoneMatch: headerValue(request, 'if-none-match'),
  }
}

/** The report's version as the `ETag` of the answer carrying it (none while there is no report). */
export function setETag(reply: FastifyReply, report: Report | null): void {
  if (report) void reply.header('etag', reportETag(report.updated_at))
}
