/**
 * Critical results communicated: GET lists an order's, POST records one (201). Validation against
 * the contract, then one use case (../usecases/recordCommunication.ts).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { claimConflictSchema } from '../../contract'
import type { Database } from '../db/client'
import type { ResultsOut } from '../usecases/deliverResults'
import { listCommunications, recordCommunication } from '../usecases/recordCommunication'
import { route } from './route'

export interface CommunicationRouteDeps {
  db: Database
  now: () => Date
  /** HL7_SEND_TO: a communication recorded after the signature queues a corrected result (CR-8). */
  results?: ResultsOut | undefined
}

export const communicationRoutes: FastifyPluginCallbackZod<CommunicationRouteDeps> = (
  app,
  deps,
  done,
) => {
  route(app, 'listCommunications', {}, (request) => listCommunications(deps.db, request.params.id))

  // 409: a draft's record from someone other than the study's reader (CR-22).
  route(
    app,
    'recordCommunication',
    { status: 201, errors: { 409: claimConflictSchema } },
    (request) => recordCommunication(deps, request.params.id, request.body, request.actor),
  )
  done()
}
