/**
 * A study's report: saved (with its version preconditions), signed, its history, and addenda to a
 * signed report.
 */
import { z } from 'zod'
import { claimConflictSchema, finalizeConflictSchema } from '../../contract'
import { addAddendum } from '../usecases/addAddendum'
import { listReportRevisions } from '../usecases/openStudy'
import { returnToTrainee, sendForReview } from '../usecases/review'
import { saveReport } from '../usecases/saveReport'
import { signReport } from '../usecases/signReport'
import { reportPreconditions, setETag, type ApiApp, type ApiDeps } from './apiShared'
import { route } from './route'

export function registerReportRoutes(app: ApiApp, deps: ApiDeps): void {
  const { db, now, results } = deps

  route(app, 'saveReport', {}, async (request, reply) => {
    const report = await saveReport(
      { db, now },
      {
        orderId: request.params.id,
        sections: request.body.sections,
        actor: request.actor,
        preconditions: reportPreconditions(request),
        cause: request.body.cause ?? 'save',
      },
    )
    setETag(reply, report)
    return report
  })

  // No body (the spec's call), `{}`, or a pre-sign check override (QA-13). A refused signature
  // may say how many `[bracketed fields]` are left (`count`, QA-15).
  const signing = {
    db,
    now,
    results,
    requireCriticalCommunication: deps.requireCriticalCommunication ?? true,
    timeZone: deps.departmentTimeZone,
  }
  route(
    app,
    'finalizeReport',
    { errors: { 409: z.union([claimConflictSchema, finalizeConflictSchema]) } },
    async (request, reply) => {
      const report = await signReport(signing, {
        orderId: request.params.id,
        actor: request.actor,
        preconditions: reportPreconditions(request),
        qaOverride: request.body?.qa_override,
        followUps: request.body?.follow_ups,
      })
      setETag(reply, report)
      return report
    },
  )

  // RV-1, RV-5: a trainee's report sent for review (no body, or `{}`; If-Match as finalize's),
  // and given back by an attending with a comment.
  route(
    app,
    'sendForReview',
    { errors: { 409: z.union([claimConflictSchema, finalizeConflictSchema]) } },
    async (request, reply) => {
      const report = await sendForReview(signing, {
        orderId: request.params.id,
        actor: request.actor,
        preconditions: reportPreconditions(request),
      })
      setETag(reply, report)
      return report
    },
  )
  route(app, 'returnToTrainee', {}, async (request, reply) => {
    const report = await returnToTrainee(
      { db, now },
      {
        orderId: request.params.id,
        actor: request.actor,
        preconditions: reportPreconditions(request),
        comment: request.body.comment,
      },
    )
    setETag(reply, report)
    return report
  })

  route(app, 'listReportRevisions', {}, (request) => listReportRevisions(db, request.params.id))

  route(app, 'addReportAddendum', { status: 201 }, (request) =>
    addAddendum({ db, now, results }, request.params.id, request.body.text, request.actor),
  )
}
