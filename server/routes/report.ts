/**
 * A study's report: saved (with its version preconditions), signed, its history, and addenda to a
 * signed report.
 */
import { z } from 'zod'
import { claimConflictSchema, finalizeConflictSchema, routes } from '../../contract'
import * as reports from '../repo/reports'
import * as studies from '../repo/studies'
import { errors, reportPreconditions, setETag, type ApiApp, type ApiDeps } from './apiShared'

export function registerReportRoutes(app: ApiApp, deps: ApiDeps): void {
  const { db, now } = deps
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
}
