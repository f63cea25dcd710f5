/**
 * One way to register an /api/v1 route: from its entry in the contract's route table (method,
 * path, and the schemas of its params, query, body and answer), so no route restates its contract
 * by hand. Every route answers the same error shapes (../http/errors.ts); a route adds only what
 * differs (a 409 naming more, a 201, a 204 when nothing is left). The handler returns the answer;
 * the helper sends it with the route's status (204 for a route the contract answers with nothing).
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify'
import { z } from 'zod'
import { claimConflictSchema, errorSchema, routes, type RouteName } from '../../contract'
import { Forbidden } from '../domain/errors'
import { mayCall, ROUTE_ROLES } from './access'

type Entry<N extends RouteName> = (typeof routes)[N]

/** What a route's entry says of one part of the request, as the handler reads it (validated). */
type Part<N extends RouteName, K extends string> =
  Entry<N> extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined

/** Routes whose body may be left out (the spec's bodiless calls: a plain claim, CLM-1; a plain
 * signature, QA-13; a check of the saved report, QA-10). */
const OPTIONAL_BODIES = [
  'claimOrder',
  'finalizeReport',
  'checkReport',
  // RV-1: sending for review takes no body, as a signature.
  'sendForReview',
] as const satisfies RouteName[]
type OptionalBody = (typeof OPTIONAL_BODIES)[number]
const optionalBody: ReadonlySet<RouteName> = new Set(OPTIONAL_BODIES)

type Body<N extends RouteName> = N extends OptionalBody
  ? Part<N, 'body'> | null | undefined
  : Part<N, 'body'>

export type RouteRequest<N extends RouteName> = FastifyRequest<{
  Params: Part<N, 'params'>
  Querystring: Part<N, 'query'>
  Body: Body<N>
}>

/** What the answer's schema accepts (a page or the whole list for GET /orders). */
type Answer<N extends RouteName> =
  Entry<N> extends { answer: infer A extends z.ZodType; pageAnswer: infer P extends z.ZodType }
    ? z.input<A> | z.input<P>
    : Entry<N> extends { answer: infer A extends z.ZodType }
      ? z.input<A>
      : null

/**
 * The handler's outcome: the answer; the reply when the handler answered itself (a 429, bytes
 * already serialized); null for 204 where the route allows it. A route the contract answers with
 * nothing (204) returns whatever its write does.
 */
type Outcome<N extends RouteName> = Entry<N>['answer'] extends null
  ? unknown
  : Answer<N> | FastifyReply | null

/** The error answers every route may give; `claimed` names its holder (CLM-2). */
const ERRORS = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: z.union([claimConflictSchema, errorSchema]),
  412: errorSchema,
  429: errorSchema,
  502: errorSchema,
  503: errorSchema,
}

export interface RouteOptions {
  /** The status of a successful answer: 200 unless the contract says 201. */
  status?: 200 | 201
  /** A null outcome answers 204 (Next study with nothing left to read). */
  orNoContent?: boolean
  /** Error answers of this route that say more than `{error, message}`. */
  errors?: Partial<Record<keyof typeof ERRORS, z.ZodType>>
  preHandler?: preHandlerAsyncHookHandler
  config?: RouteShorthandOptions['config']
}

function schemaOf(name: RouteName, options: RouteOptions) {
  const entry: {
    params?: z.ZodType
    query?: z.ZodType
    body?: z.ZodType
    answer: z.ZodType | null
    pageAnswer?: z.ZodType
  } = routes[name]
  const answer =
    entry.answer && entry.pageAnswer ? z.union([entry.pageAnswer, entry.answer]) : entry.answer
  const success =
    answer === null
      ? { 204: z.null() }
      : { [options.status ?? 200]: answer, ...(options.orNoContent ? { 204: z.null() } : {}) }
  return {
    ...(entry.params ? { params: entry.params } : {}),
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(entry.body ? { body: optionalBody.has(name) ? entry.body.nullish() : entry.body } : {}),
    response: { ...success, ...ERRORS, ...options.errors },
  }
}

/** Registers the route `name` of the contract's table on `app` (the /api/v1 plugin). */
export function route<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  options: RouteOptions,
  handler: (request: RouteRequest<N>, reply: FastifyReply) => Outcome<N> | Promise<Outcome<N>>,
): void {
  const { method, path } = routes[name]
  const status = options.status ?? 200
  app.route({
    method,
    url: path,
    schema: schemaOf(name, options),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.config ? { config: options.config } : {}),
    // RL-2: the route's roles, after the session guard and before the body is read or validated,
    // so a refused call answers 403 whatever it sent.
    onRequest: (request, _reply, done) => {
      done(
        mayCall(ROUTE_ROLES[name], request.roles)
          ? undefined
          : new Forbidden('Your role does not allow this.'),
      )
    },
    handler: async (request, reply) => {
      // Validated against the entry's schemas above, so the request has the entry's types.
      const outcome = await handler(request as RouteRequest<N>, reply)
      if (outcome === reply) return reply
      if (routes[name].answer === null || outcome === null) return reply.status(204).send(null)
      return status === 200 ? outcome : reply.status(status).send(outcome)
    },
  })
}
