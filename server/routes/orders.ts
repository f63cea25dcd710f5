/**
 * The worklist and its studies: the patients, the worklist (a page, or the whole list from the
 * per-version cache), and one order.
 */
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import negotiate from '@fastify/accept-negotiator'
import { ORDER_LIST_QUERY_KEYS, routes } from '../../contract'
import { heavyRoute } from '../http/heavyGate'
import * as studies from '../repo/studies'
import * as worklist from '../repo/worklist'
import { asksForPage, signedSince } from '../repo/worklist'
import { createWorklistCache, type Encoding } from '../repo/worklistCache'
import { errors, headerValue, setETag, type ApiApp, type ApiDeps } from './apiShared'

const ENCODINGS: Encoding[] = ['br', 'gzip']

export function registerOrderRoutes(app: ApiApp, deps: ApiDeps): void {
  const { db, now, heavy, worklistFinalDays, links } = deps
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
}
