/**
 * The pre-sign checks: POST /orders/{id}/report/check answers the issues of the sections sent
 * (the editor's current text, saved or not) or of the saved report (QA-10). A thin route:
 * validation, then the use case (../usecases/checkReport.ts), which reads the order and runs the
 * pure check engine (../qa).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { checkReport, type CheckContext } from '../usecases/checkReport'
import { route } from './route'

/** `timeZone`: DEPARTMENT_TIME_ZONE, the day a follow-up's window is counted from (FU-9). */
export type QaRouteDeps = CheckContext

export const qaRoutes: FastifyPluginCallbackZod<QaRouteDeps> = (app, deps, done) => {
  // No body: the saved report is checked.
  route(app, 'checkReport', {}, (request) =>
    checkReport(deps, request.params.id, request.body?.sections),
  )
  done()
}
