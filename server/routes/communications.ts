/**
 * Critical results communicated (issue 18): GET lists an order's, POST records one (201).
 * Validation against the contract, then one repository call (../repo/communications).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { claimConflictSchema, errorSchema, routes } from '../../contract'
import type { Database } from '../db/client'
import * as communications from '../repo/communications'
import type { ResultsQueue } from '../repo/outbox'

export interface CommunicationRouteDeps {
  db: Database
  now: () => Date
  /** HL7_SEND_TO: a communication recorded after the signature queues a corrected result. */
  results?: { queue: ResultsQueue; wake(): void } | undefined
}

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 503: errorSchema }

export const communicationRoutes: FastifyPluginCallbackZod<CommunicationRouteDeps> = (
  app,
  { db, now, results },
  done,
) => {
  app.get(
    routes.listCommunications.path,
    {
      schema: {
        params: routes.listCommunications.params,
        response: { 200: routes.listCommunications.answer, ...errors },
      },
    },
    (request) => communications.communicationsOf(db, request.params.id),
  )

  app.post(
    routes.recordCommunication.path,
    {
      schema: {
        params: routes.recordCommunication.params,
        body: routes.recordCommunication.body,
        // 409: a draft's record from someone other than the study's reader (CR-22).
        response: { 201: routes.recordCommunication.answer, 409: claimConflictSchema, ...errors },
      },
    },
    async (request, reply) => {
      const record = await communications.recordCommunication(
        db,
        request.params.id,
        request.body,
        now,
        request.actor,
        results?.queue,
      )
      results?.wake()
      return reply.status(201).send(record)
    },
  )
  done()
}
