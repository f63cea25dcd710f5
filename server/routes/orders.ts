/**
 * The worklist and its studies: the patients, the worklist (a page, or the whole list from the
 * per-version cache), and one order.
 */
import negotiate from '@fastify/accept-negotiator'
import { heavyRoute } from '../http/heavyGate'
import { readOrder } from '../usecases/openStudy'
import {
  asksForPage,
  listPatients,
  readFilteredWorklist,
  readWorklistPage,
} from '../usecases/worklist'
import { createWorklistCache, type Encoding } from '../usecases/worklistCache'
import { headerValue, setETag, type ApiApp, type ApiDeps } from './apiShared'
import { route } from './route'

const ENCODINGS: Encoding[] = ['br', 'gzip']

export function registerOrderRoutes(app: ApiApp, deps: ApiDeps): void {
  const { db, now, heavy, worklistFinalDays, links } = deps
  const worklist = { db, now, finalDays: worklistFinalDays, links }

  route(app, 'listPatients', { preHandler: heavyRoute(heavy) }, () => listPatients(db))

  // The whole worklist (no page parameter) comes from the per-version cache, already serialized
  // and compressed; a page is read for the request (WL-1).
  const worklistCache =
    deps.worklistCache ??
    createWorklistCache({ db, now, finalDays: worklistFinalDays, gate: heavy, links })
  route(app, 'listOrders', {}, async (request, reply) => {
    if (asksForPage(request.query)) return readWorklistPage(worklist, request.query, request.userId)
    // RV-4: the caller's own filter, read for them (the cache holds everyone's list).
    if (request.query.review) {
      return readFilteredWorklist(worklist, request.query, request.userId)
    }
    const answer = await worklistCache.answer(
      negotiate(headerValue(request, 'accept-encoding') ?? '', ENCODINGS),
      headerValue(request, 'if-none-match'),
    )
    // The answer is bytes already checked against the contract: sent as they are.
    void reply.header('etag', answer.etag).header('vary', 'Accept-Encoding')
    if (answer.status === 304) return reply.status(304).send()
    void reply.type('application/json; charset=utf-8')
    if (answer.encoding) void reply.header('content-encoding', answer.encoding)
    return reply.send(answer.body)
  })

  route(app, 'getOrder', {}, async (request, reply) => {
    const order = await readOrder(
      { db, now, links, studyOpened: deps.studyOpened },
      request.params.id,
    )
    setETag(reply, order.report)
    return order
  })
}
