/**
 * Peer review's routes (PEER-*): the prior a radiologist is asked to score on opening a study,
 * the score, the scores of one's own reports, and the admin's rates. Thin: validation (the
 * contract's schemas), roles (access.ts), then one use case each.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import {
  askPeerReview,
  myPeerReviews,
  peerReviewRates,
  recordPeerReview,
  type PeerReviewContext,
} from '../usecases/peerReviews'
import { route } from './route'

export const peerReviewRoutes: FastifyPluginCallbackZod<PeerReviewContext> = (app, ctx, done) => {
  route(app, 'askPeerReview', {}, (request) => askPeerReview(ctx, request.actor, request.params.id))
  route(app, 'recordPeerReview', { status: 201 }, (request) =>
    recordPeerReview(ctx, request.actor, request.body),
  )
  route(app, 'listMyPeerReviews', {}, (request) => myPeerReviews(ctx, request.actor))
  route(app, 'peerReviewRates', {}, (request) => peerReviewRates(ctx, request.query))
  done()
}
